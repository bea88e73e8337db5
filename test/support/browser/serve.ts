// A loopback HTTP server for browser tests: static files, plus a hono app (the HTTP binding) under its own path.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Something that answers fetch-style requests (a hono app). */
export interface FetchHandler {
  fetch(request: Request): Response | Promise<Response>;
}

async function toRequest(incoming: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
  return new Request(new URL(incoming.url ?? "/", origin), {
    method: incoming.method,
    headers,
    ...(body && incoming.method !== "GET" ? { body } : {}),
  });
}

/** Hands one request to a fetch handler and writes its response back. */
async function relay(
  api: FetchHandler,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  origin: string,
): Promise<void> {
  const response = await api.fetch(await toRequest(incoming, origin));
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}

/** Serves `files` (path → content and type) and hands `apiPath` requests to `api`, on 127.0.0.1 only. */
export async function serveForBrowser(
  files: Record<string, { body: string; type: string }>,
  apiPath: string,
  api: FetchHandler,
): Promise<{ origin: string; close(): Promise<void> }> {
  let origin = "";
  const server: Server = createServer(async (incoming, outgoing) => {
    const path = new URL(incoming.url ?? "/", "http://x").pathname;
    if (path === apiPath) return relay(api, incoming, outgoing, origin);
    const file = files[path];
    if (!file) return void outgoing.writeHead(404).end();
    outgoing.writeHead(200, { "content-type": file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Serves several fetch handlers (hono apps, or plain objects with `fetch`) on one loopback port, each at its
 * own path: a second origin for browser tests, with providers that misbehave in one way each. `close` ends
 * every open connection too, so a handler that never answers cannot keep the server up.
 */
export async function serveApps(
  routes: Record<string, FetchHandler>,
): Promise<{ origin: string; close(): Promise<void> }> {
  let origin = "";
  const server: Server = createServer(async (incoming, outgoing) => {
    const handler = routes[new URL(incoming.url ?? "/", "http://x").pathname];
    if (!handler) return void outgoing.writeHead(404).end();
    await relay(handler, incoming, outgoing, origin);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** CORS for a hand-written handler: preflights answered, every answer readable by any origin. */
export function withCors(handler: (request: Request) => Response | Promise<Response>): FetchHandler {
  const headers = {
    "access-control-allow-origin": "*",
    "access-control-allow-methods": "POST, OPTIONS",
    "access-control-allow-headers": "content-type, authorization",
  };
  return {
    async fetch(request) {
      if (request.method === "OPTIONS") return new Response(null, { status: 204, headers });
      const response = await handler(request);
      return new Response(response.body, {
        status: response.status,
        headers: { ...Object.fromEntries(response.headers), ...headers },
      });
    },
  };
}

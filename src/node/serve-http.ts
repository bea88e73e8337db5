/**
 * `serveHttp`: a provider on the HTTP binding (spec §1.1, §4.4) from Node,
 * `createProviderApp` served by `node:http` (or `node:https` with `tls`).
 * Bound to 127.0.0.1 unless told otherwise; plain HTTP only on loopback,
 * as hosts send plaintext only to loopback (C7). `close` is graceful and bounded.
 *
 * `node:http` directly rather than `@hono/node-server`: the bridge is a page
 * of code (http-bridge.ts), a runtime dependency would reach every user of
 * the package, and what matters here is ours either way: a body the app gave
 * up on must close its connection after the 413 (not be read on, nor reset
 * before the answer), and `close` must be bounded.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { isLoopbackUrl } from "../host/transports/loopback.ts";
import type { Provider } from "../provider/definition.ts";
import { createProviderApp, type ProviderAppOptions } from "../provider/http-app.ts";
import { fetchListener } from "./http-bridge.ts";

/** Options of `serveHttp`: where to listen, how long `close` waits, and the binding's own (`ProviderAppOptions`). */
export interface ServeHttpOptions extends ProviderAppOptions {
  /** The port (default 0: any free one; `url` says which). */
  readonly port?: number;
  /** The address to bind (default `127.0.0.1`). Anything but loopback needs `tls`. */
  readonly host?: string;
  /** A certificate and its key (PEM): serve HTTPS. */
  readonly tls?: { readonly cert: string; readonly key: string };
  /** How long `close` lets requests in flight finish before their connections are destroyed (default 5 s). */
  readonly closeGraceMs?: number;
}

/** A listening provider. */
export interface HttpProviderServer {
  /** The endpoint, e.g. `http://127.0.0.1:41234/contextgraph`: what `httpTransport` and `frameline inspect http` take. */
  readonly url: string;
  /** The address and port bound. */
  readonly address: { readonly host: string; readonly port: number };
  /**
   * Stops accepting connections, ends idle keep-alive ones, lets requests in
   * flight finish (their connections then close) for at most `closeGraceMs`,
   * then destroys what is left. Resolves when every connection is gone.
   */
  close(): Promise<void>;
}

/** The server's bounds: a whole request (headers and body) within 60 s, headers within 20 s, idle keep-alive 5 s. */
const SERVER_BOUNDS = { requestTimeout: 60_000, headersTimeout: 20_000, keepAliveTimeout: 5_000 };
const DEFAULT_CLOSE_GRACE_MS = 5_000;

/** A `TypeError` for a port that is not one, or plain HTTP on an address other than loopback. */
function checkedAddress(options: ServeHttpOptions): { host: string; port: number } {
  const port = options.port ?? 0;
  const host = options.host ?? "127.0.0.1";
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new TypeError(`serveHttp: port must be an integer from 0 to 65535, got ${String(port)}`);
  if (!options.tls && !isLoopbackUrl(new URL(`http://${host.includes(":") ? `[${host}]` : host}/`)))
    throw new TypeError(
      `serveHttp: plain HTTP is served on loopback only (hosts refuse plaintext to anything else, C7); give tls to bind ${host}`,
    );
  return { host, port };
}

/** Listens, resolving with the address bound; a bind error (EADDRINUSE, EACCES) rejects. */
function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * Serves `provider` over HTTP from Node (spec §1.1 "HTTP binding"):
 * `createProviderApp(provider, options)` on `node:http`, each body streamed
 * to the app under its `maxBodyBytes`, keep-alive on, no redirect ever
 * issued. Resolves once listening.
 *
 * @example
 * const server = await serveHttp(provider); // http://127.0.0.1:<port>/contextgraph
 * process.once("SIGINT", () => server.close());
 */
export async function serveHttp(provider: Provider, options: ServeHttpOptions = {}): Promise<HttpProviderServer> {
  const { host, port } = checkedAddress(options);
  const app = createProviderApp(provider, options);
  let origin = "";
  let closing = false;
  const handler = fetchListener(app, { origin: () => origin, closing: () => closing });
  const server: Server = options.tls
    ? createHttpsServer({ ...SERVER_BOUNDS, cert: options.tls.cert, key: options.tls.key }, handler)
    : createHttpServer(SERVER_BOUNDS, handler);
  const bound = await listen(server, host, port);
  const shown = bound.family === "IPv6" ? `[${bound.address}]` : bound.address;
  origin = `${options.tls ? "https" : "http"}://${shown}:${bound.port}`;
  const closed = gracefulClose(server, options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS, () => (closing = true));
  return {
    url: `${origin}${options.path ?? "/contextgraph"}`,
    address: { host: bound.address, port: bound.port },
    close: closed,
  };
}

/**
 * `close` for `server`: stop accepting, end idle keep-alive connections now and
 * each busy one once its response is out, destroy what is left after `graceMs`.
 */
function gracefulClose(server: Server, graceMs: number, markClosing: () => void): () => Promise<void> {
  const inFlight = new Map<ServerResponse, Socket>();
  server.on("request", (incoming: IncomingMessage, outgoing: ServerResponse) => {
    inFlight.set(outgoing, incoming.socket);
    outgoing.once("close", () => inFlight.delete(outgoing));
  });
  let done: Promise<void> | undefined;
  return () => {
    done ??= new Promise<void>((resolve) => {
      markClosing();
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      server.closeIdleConnections();
      for (const [outgoing, socket] of inFlight) outgoing.once("finish", () => socket.end());
    });
    return done;
  };
}

/**
 * Between `node:http` and a fetch handler (spec §1.1 "HTTP binding"): the
 * incoming request as a web `Request` whose body streams (nothing is read
 * ahead of the handler beyond one 64 KiB window), and the web `Response`
 * written back with backpressure. A body the handler gave up on is never
 * read further: its connection closes after the response.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorReply, type KitErrorCode } from "../provider/error-reply.ts";
import { encodeLine } from "../wire/line.ts";

/** How much of a body is read ahead of the handler. */
const BODY_WINDOW_BYTES = 64 * 1024;

/** Something that answers fetch requests: a hono app (`createProviderApp`), or any `{ fetch }`. */
interface FetchHandler {
  fetch(request: Request): Response | Promise<Response>;
}

/**
 * `incoming`'s body as a web stream, read only as the handler pulls. Cancelling
 * it stops reading without ending the socket, so the response still goes out.
 */
function bodyStream(incoming: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  const stop = () => {
    settled = true;
    incoming.removeAllListeners("data");
    incoming.pause();
  };
  /** Ends the stream once, when the body ends or the client goes away first. */
  const end = (finish: () => void) => () => {
    if (settled) return;
    stop();
    finish();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        incoming.on("data", (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
        });
        incoming.once(
          "end",
          end(() => controller.close()),
        );
        incoming.once(
          "close",
          end(() => controller.error(new Error("the client went away"))),
        );
        incoming.pause();
      },
      pull() {
        if (!settled) incoming.resume();
      },
      cancel: stop,
    },
    { highWaterMark: BODY_WINDOW_BYTES, size: (chunk) => chunk.byteLength },
  );
}

/** `incoming` as a web `Request` under `origin` (the bound address, never the client's `Host`), aborted by `signal`. */
function webRequest(incoming: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2)
    headers.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
  const method = incoming.method ?? "GET";
  const target = new URL(incoming.url ?? "/", origin);
  const body = method === "GET" || method === "HEAD" ? {} : { body: bodyStream(incoming), duplex: "half" };
  return new Request(`${origin}${target.pathname}${target.search}`, { method, headers, signal, ...body });
}

/** Resolves true once `outgoing` can take more, false if it closed first (the client went away). */
function drained(outgoing: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (more: boolean) => () => {
      outgoing.off("drain", onDrain).off("close", onClose);
      resolve(more);
    };
    const onDrain = done(true);
    const onClose = done(false);
    outgoing.on("drain", onDrain).on("close", onClose);
  });
}

/**
 * Writes `body` with backpressure, one chunk held back so the last goes out
 * with the end (a one-chunk body is sent whole, with its length). A client
 * that goes away, or a body that fails, ends the write and the connection.
 */
async function writeBody(body: ReadableStream<Uint8Array>, outgoing: ServerResponse): Promise<void> {
  const reader = body.getReader();
  let held: Uint8Array | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return void outgoing.end(held);
      if (held && !outgoing.write(held) && !(await drained(outgoing)))
        return void reader.cancel().catch(() => undefined);
      held = value;
    }
  } catch {
    outgoing.destroy();
  }
}

/**
 * Writes `response` to `outgoing`, its body streamed with backpressure.
 * `close` asks for the connection to end after it (a body left unread, a
 * server closing).
 */
async function writeResponse(response: Response, outgoing: ServerResponse, close: boolean): Promise<void> {
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers.push([name, value]);
  for (const cookie of response.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
  if (close) headers.push(["connection", "close"]);
  outgoing.writeHead(response.status, response.statusText || undefined, headers.flat());
  if (response.body === null) return void outgoing.end();
  await writeBody(response.body, outgoing);
}

/** A refusal of the bridge's own, as the HTTP binding refuses: an `error` envelope, then the connection closes. */
function refuse(outgoing: ServerResponse, status: number, code: KitErrorCode, message: string): void {
  if (outgoing.headersSent) return void outgoing.destroy();
  const headers = { "content-type": "application/json; charset=utf-8", connection: "close" };
  outgoing.writeHead(status, headers).end(encodeLine(errorReply(code, message)));
}

/** Serves one request: the app's answer, its connection closed after it when the body was left unread or `closing`. */
async function relay(
  app: FetchHandler,
  origin: string,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  closing: boolean,
): Promise<void> {
  const gone = new AbortController();
  outgoing.once("close", () => outgoing.writableFinished || gone.abort());
  let request: Request;
  try {
    request = webRequest(incoming, origin, gone.signal);
  } catch {
    // A method fetch forbids (TRACE, TRACK): nothing to hand the app.
    return refuse(outgoing, 405, "bad_request", "method not allowed");
  }
  let response: Response;
  try {
    response = await app.fetch(request);
  } catch {
    // A handler that throws instead of answering (the provider app answers its own faults): nothing of it is told.
    return refuse(outgoing, 500, "internal", "the provider failed to answer");
  }
  await writeResponse(response, outgoing, !incoming.complete || closing);
}

/**
 * A `node:http` request listener that serves `app`: each request a web
 * `Request` under `origin()` (aborted when the client goes away), each
 * `Response` written back; a response begun while `closing()` ends its
 * connection. Nothing `app` throws escapes: it is a 500 `internal` envelope.
 */
export function fetchListener(
  app: FetchHandler,
  state: { readonly origin: () => string; readonly closing: () => boolean },
): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  return (incoming, outgoing) => void relay(app, state.origin(), incoming, outgoing, state.closing());
}

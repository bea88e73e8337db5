// Requests over ONE keep-alive connection (node:http, an Agent with keepAlive and maxSockets 1), each
// reporting the client-side port it travelled on and whether the socket was reused: the tests that a
// refusal does not cost the connection (test/worker/keep-alive.test.ts, test/ask/keep-alive.test.ts).
import { Agent, request } from "node:http";

/** How long one exchange may take before it is destroyed and the send rejects. */
const EXCHANGE_TIMEOUT_MS = 30_000;

/** One answer on the socket. */
export interface Sent {
  readonly status: number;
  readonly body: string;
  /** The client-side port of the socket it travelled on: equal ports, one connection. */
  readonly port: number;
  readonly reused: boolean;
}

/** One request. */
export interface Send {
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Record<string, string>;
  /** The body, or a size to send as chunks of spaces (with `chunked`, no content-length). */
  readonly body?: string | number;
  readonly chunked?: boolean;
}

/** An Agent that keeps one connection open and sends everything over it. Destroy it when done. */
export function oneConnection(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 1 });
}

/**
 * One request on `agent`'s single socket, to `path` (default `defaultPath`) of `base`, POST unless told,
 * `content-type: application/json` unless `headers` say otherwise, and `content-length` unless chunked.
 * Rejects on a reset (or after EXCHANGE_TIMEOUT_MS).
 */
export function send(base: URL, agent: Agent, options: Send, defaultPath = "/"): Promise<Sent> {
  const body = typeof options.body === "string" ? Buffer.from(options.body) : undefined;
  const size = typeof options.body === "number" ? options.body : (body?.length ?? 0);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    ...options.headers,
    ...(options.chunked ? {} : { "content-length": String(size) }),
  };
  return new Promise((resolve, reject) => {
    let port = 0;
    const req = request(new URL(options.path ?? defaultPath, base), {
      method: options.method ?? "POST",
      agent,
      headers,
      timeout: EXCHANGE_TIMEOUT_MS,
    });
    req.on("socket", (socket) => {
      const remember = () => (port = socket.localPort ?? 0);
      if (socket.localPort) remember();
      else socket.once("connect", remember);
    });
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString(), port, reused: req.reusedSocket }),
      );
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${EXCHANGE_TIMEOUT_MS} ms`)));
    req.on("error", reject);
    if (body) return void req.end(body);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

/**
 * `createProviderApp`: the HTTP binding as a hono app (spec §1.1 "HTTP
 * binding", §4.4): `POST` one envelope, get one back; `GET` a description for
 * humans. Runs in workerd, Deno, Bun and Node (through an adapter).
 */
import { Hono, type MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { equalBytes, utf8Bytes } from "../attest/bytes.ts";
import { encodeLine } from "../wire/line.ts";
import { PROTOCOL_VERSION } from "../protocol/vocabulary.ts";
import type { Provider } from "./definition.ts";
import { errorReply, type KitErrorCode, UNAUTHORIZED } from "./error-reply.ts";
import { answer } from "./exchange.ts";
import { DEFAULT_MAX_DRAIN_BYTES, discardBody, readBody } from "./request-body.ts";
import { createSession } from "./session.ts";

/** Options for the HTTP binding. */
export interface ProviderAppOptions {
  /** Where the envelope endpoint lives (default `/contextgraph`). */
  readonly path?: string;
  /** Largest accepted request body in bytes (default 1 MiB); larger ⇒ 413. */
  readonly maxBodyBytes?: number;
  /**
   * How much of a body the binding does not use (too large, refused, unrouted)
   * it reads and discards so the connection stays usable (default 16 MiB);
   * a larger one is abandoned and the runtime closes the connection.
   */
  readonly maxDrainBytes?: number;
  /** Browser origins allowed to call the endpoint (CORS); empty or absent ⇒ none. `"*"` allows any. */
  readonly allowedOrigins?: readonly string[] | "*";
  /** When set, `POST` requires `Authorization: Bearer <token>` (401 otherwise). Never logged or echoed (C8). */
  readonly bearerToken?: string;
  /** A line for the GET description, e.g. why answers are unsigned. */
  readonly note?: string;
}

/** The default body limit: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const JSON_TYPE = /^application\/json\s*(;|$)/i;
/** Every JSON response says what it is and forbids sniffing it as anything else (a browser never runs it as a page). */
const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "x-content-type-options": "nosniff" };

/** A JSON response: one envelope line, or the GET description. */
function jsonResponse(line: string, status: number): Response {
  return new Response(line, { status, headers: JSON_HEADERS });
}

/** A refusal by the binding itself (401, 404, 405, 413, 415, 500): a typed `error` envelope, never plain text. */
function refusal(status: number, code: KitErrorCode, message: string, headers: Record<string, string> = {}): Response {
  const response = jsonResponse(encodeLine(errorReply(code, message)), status);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** CORS for the allowed origins (none by default). */
function corsFor(origins: readonly string[] | "*"): MiddlewareHandler {
  return cors({
    origin: origins === "*" ? "*" : (origin) => (origins.includes(origin) ? origin : null),
    allowMethods: ["GET", "POST", "OPTIONS"],
    allowHeaders: ["content-type", "authorization"],
    maxAge: 600,
  });
}

/** 401 without the configured bearer token (compared in constant time), 415 for a body that is not JSON. */
function admission(bearerToken: string | undefined): MiddlewareHandler {
  const expected = bearerToken === undefined ? undefined : utf8Bytes(`Bearer ${bearerToken}`);
  return async (c, next) => {
    if (expected !== undefined && !equalBytes(utf8Bytes(c.req.header("authorization") ?? ""), expected)) {
      return refusal(401, UNAUTHORIZED, "missing or invalid credentials");
    }
    if (!JSON_TYPE.test(c.req.header("content-type") ?? "")) {
      return refusal(415, "bad_request", "the body must be application/json");
    }
    return next();
  };
}

/** The GET description: name, version, protocol, endpoint, whether answers are signed and by which keys. */
function description(provider: Provider, path: string, note: string | undefined) {
  return {
    name: provider.info.name,
    version: provider.info.version,
    protocol: PROTOCOL_VERSION,
    endpoint: path,
    signed: provider.signer !== undefined,
    attester_keys: provider.signer ? [provider.signer.attesterKey] : [],
    ...(note ? { note } : {}),
  };
}

/**
 * The HTTP binding for `provider`. Every request is served on its own (HTTP
 * carries no session), so queries are answered without a prior handshake on
 * the same connection; a `handshake` is answered as over a stream.
 *
 * - `POST path`: `application/json` body of one envelope ⇒ one envelope (200),
 *   `204` for `shutdown` and envelopes only a provider sends; a body that is
 *   not an envelope or not UTF-8 ⇒ 400 `bad_request`; too large ⇒ 413; wrong
 *   content type ⇒ 415; missing or wrong bearer token ⇒ 401 `frameline:unauthorized`.
 * - `GET path`: name, version, protocol, attester keys, whether answers are signed.
 * - `OPTIONS path`: CORS preflight for the allowed origins. Other methods ⇒ 405
 *   (with `Allow`), other paths ⇒ 404. Every non-2xx carries an `error` envelope.
 */
export function createProviderApp(provider: Provider, options: ProviderAppOptions = {}): Hono {
  const path = options.path ?? "/contextgraph";
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxDrainBytes = options.maxDrainBytes ?? DEFAULT_MAX_DRAIN_BYTES;
  const app = new Hono();
  // Every body is read to its end before the response goes out, or workerd drops the connection.
  app.use("*", async (c, next) => {
    await next();
    await discardBody(c.req.raw, maxDrainBytes);
  });
  app.use(path, corsFor(options.allowedOrigins ?? []));
  app.get(path, () => jsonResponse(JSON.stringify(description(provider, path, options.note)), 200));
  app.post(path, admission(options.bearerToken), async (c) => {
    const body = await readBody(c.req.raw, maxBodyBytes, maxDrainBytes);
    if ("tooLarge" in body) return refusal(413, "bad_request", "the body is larger than this provider accepts");
    const reply = await answer(provider, body.bytes, createSession({ handshaken: true }));
    return reply === undefined ? c.body(null, 204) : jsonResponse(reply.line, reply.refused ? 400 : 200);
  });
  app.all(path, () => refusal(405, "bad_request", "method not allowed", { allow: "GET, POST, OPTIONS" }));
  app.notFound(() => refusal(404, "bad_request", `no CGP endpoint here; it is at ${path}`));
  // A fault of the binding itself (a handler's fault is already an `internal` envelope, spec §1.12); nothing of it is told.
  app.onError(() => refusal(500, "internal", "the provider failed to answer"));
  return app;
}

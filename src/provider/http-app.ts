/**
 * `createProviderApp`: the HTTP binding as a hono app (spec §1.1 "HTTP
 * binding", §4.4): `POST` one envelope, get one back; `GET` a description for
 * humans. Runs in workerd, Deno, Bun and Node (through an adapter).
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { equalBytes, utf8Bytes } from "../attest/bytes.ts";
import type { Envelope, EnvelopeInit } from "../protocol/envelope.ts";
import { PROTOCOL_VERSION } from "../protocol/vocabulary.ts";
import { decodeLine } from "../wire/line.ts";
import type { Provider } from "./define.ts";
import { encodeReply, handleEnvelope, undecodableReply } from "./dispatch.ts";
import { createSession } from "./session.ts";

/** Options for the HTTP binding. */
export interface ProviderAppOptions {
  /** Where the envelope endpoint lives (default `/contextgraph`). */
  readonly path?: string;
  /** Largest accepted request body in bytes (default 1 MiB); larger ⇒ 413. */
  readonly maxBodyBytes?: number;
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

function envelopeResponse(envelope: EnvelopeInit, status: number, request?: Envelope): Response {
  return new Response(encodeReply(envelope, request), {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}

function badRequest(message: string, status: number): Response {
  return envelopeResponse({ type: "error", code: "bad_request", message }, status);
}

/**
 * The HTTP binding for `provider`. Every request is served on its own (HTTP
 * carries no session), so queries are answered without a prior handshake on
 * the same connection; a `handshake` is answered as over a stream.
 *
 * - `POST path`: `application/json` body of one envelope ⇒ one envelope (200),
 *   `204` for `shutdown` and envelopes only a provider sends; a body that is
 *   not an envelope ⇒ 400 `bad_request`; too large ⇒ 413; wrong content type ⇒ 415;
 *   missing or wrong bearer token ⇒ 401.
 * - `GET path`: name, version, protocol, attester keys, whether answers are signed.
 * - `OPTIONS path`: CORS preflight for the allowed origins. Other methods ⇒ 405.
 */
export function createProviderApp(provider: Provider, options: ProviderAppOptions = {}): Hono {
  const path = options.path ?? "/contextgraph";
  const app = new Hono();
  const origins = options.allowedOrigins ?? [];
  app.use(
    path,
    cors({
      origin: origins === "*" ? "*" : (origin) => (origins.includes(origin) ? origin : null),
      allowMethods: ["GET", "POST", "OPTIONS"],
      allowHeaders: ["content-type", "authorization"],
      maxAge: 600,
    }),
  );

  app.get(path, (c) =>
    c.json({
      name: provider.info.name,
      version: provider.info.version,
      protocol: PROTOCOL_VERSION,
      endpoint: path,
      signed: provider.signer !== undefined,
      attester_keys: provider.signer ? [provider.signer.attesterKey] : [],
      ...(options.note ? { note: options.note } : {}),
    }),
  );

  app.post(
    path,
    async (c, next) => {
      const token = options.bearerToken;
      if (
        token !== undefined &&
        !equalBytes(utf8Bytes(c.req.header("authorization") ?? ""), utf8Bytes(`Bearer ${token}`))
      ) {
        return badRequest("missing or invalid credentials", 401);
      }
      if (!JSON_TYPE.test(c.req.header("content-type") ?? ""))
        return badRequest("the body must be application/json", 415);
      return next();
    },
    bodyLimit({
      maxSize: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      onError: () => badRequest("the body is larger than this provider accepts", 413),
    }),
    async (c) => {
      const text = await c.req.text();
      let envelope: Envelope;
      try {
        envelope = decodeLine(text);
      } catch (thrown) {
        const reply = undecodableReply(text, thrown);
        return reply === undefined ? c.body(null, 204) : envelopeResponse(reply, 400);
      }
      const reply = await handleEnvelope(provider, envelope, createSession({ handshaken: true }));
      return reply === undefined ? c.body(null, 204) : envelopeResponse(reply, 200, envelope);
    },
  );

  app.all(path, (c) => c.text("method not allowed", 405, { allow: "GET, POST, OPTIONS" }));
  return app;
}

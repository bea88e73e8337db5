/** `httpTransport`: one envelope per POST (spec §1.1 "HTTP binding", §4.4, C4, C7, C8). */
import type { Envelope, EnvelopeInit } from "../../protocol/envelope.ts";
import { decodeLine } from "../../wire/line.ts";
import { WireError } from "../../wire/wire-error.ts";
import type { Credential } from "./credential.ts";
import { encodeRequest } from "./encode-request.ts";
import { HostError } from "../host-error.ts";
import { isSecureEnough } from "./loopback.ts";
import { refusal } from "./http-status.ts";
import { readLimited } from "./read-limited.ts";
import { scrubStrings } from "./scrub-strings.ts";
import type { ExchangeTransport } from "./transport.ts";

/** Options for the HTTP transport. */
export interface HttpTransportOptions {
  /** Sent as `Authorization: Bearer …`; redacted everywhere else (C8). */
  readonly credential?: Credential;
  /** The `fetch` to use (default the global one). */
  readonly fetch?: typeof fetch;
  /** Extra request headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Largest accepted response body (default 16 MiB). */
  readonly maxResponseBytes?: number;
}

/** The default response limit: 16 MiB, as the stdio line cap (spec §4.4). */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** POSTs one line with `redirect: "manual"`; a network failure is `transport` (an abort passes as it is). */
async function post(
  send: typeof fetch,
  target: URL,
  init: { body: string; headers: Record<string, string>; signal: AbortSignal },
): Promise<Response> {
  try {
    return await send(target, { method: "POST", ...init, redirect: "manual" });
  } catch (thrown) {
    if (init.signal.aborted) throw thrown;
    throw new HostError("transport", "the request to the provider failed", {}, { cause: thrown });
  }
}

/** The envelope in a 2xx body (bounded), with every string scrubbed of the credential (C8); else `wire`. */
async function readReply(response: Response, limit: number, scrub: ((text: string) => string) | undefined) {
  const text = await readLimited(response, limit);
  let reply: Envelope;
  try {
    reply = decodeLine(text);
  } catch (thrown) {
    const code = thrown instanceof WireError ? thrown.code : "invalid_json";
    throw new HostError("wire", `the response is not an envelope (${code})`);
  }
  // A provider (or a proxy) may reflect the request's credential: once decoded, it never gets past here.
  return scrub ? scrubStrings(reply, scrub) : reply;
}

/**
 * A transport to a provider URL. Plaintext `http://` to a non-loopback host is
 * refused here, before a single byte is sent (C7). Every HTTP provider counts
 * as egress (C4). A redirect is never followed: C7 and consent were checked
 * for this URL only, so a payload goes nowhere else (`redirect_refused`).
 * 401 ⇒ `unauthorized`; another non-2xx ⇒ `transport`, with the code and
 * message of a CGP `error` body; a 2xx body that is not an envelope ⇒ `wire`;
 * 204 ⇒ no reply. Every decoded string is scrubbed of the credential (C8).
 */
export function httpTransport(url: string | URL, options: HttpTransportOptions = {}): ExchangeTransport {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new HostError("transport", "the provider URL does not parse");
  }
  if (!isSecureEnough(target))
    throw new HostError("insecure_transport", `refusing plaintext HTTP to non-loopback host ${target.hostname}`, {
      host: target.hostname,
    });
  const send = options.fetch ?? fetch;
  const secret = options.credential?.reveal() || undefined;
  // The scrubber is loaded with the first credential (a page without one never fetches it); a reply is
  // read only after it is ready, so nothing unscrubbed ever gets past.
  let scrubber: Promise<(text: string) => string> | undefined;
  const scrubbing = () =>
    (scrubber ??= import("./scrub.ts").then(({ reflectionScrubber }) => reflectionScrubber(secret!)));
  const limit = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  return {
    kind: "exchange",
    forcesEgress: true,
    async exchange(envelope: EnvelopeInit, signal: AbortSignal): Promise<Envelope | undefined> {
      const body = encodeRequest(envelope);
      const headers: Record<string, string> = { ...options.headers, "content-type": "application/json" };
      if (secret !== undefined) headers.authorization = `Bearer ${secret}`;
      const response = await post(send, target, { body, headers, signal });
      const scrub = secret === undefined ? undefined : await scrubbing();
      const refused = await refusal(response, scrub);
      if (refused) throw refused;
      return response.status === 204 ? undefined : readReply(response, limit, scrub);
    },
    async close() {},
  };
}

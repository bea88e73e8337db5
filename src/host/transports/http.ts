/** `httpTransport`: one envelope per POST (spec §1.1 "HTTP binding", §4.4, C4, C7, C8). */
import type { Envelope, EnvelopeInit } from "../../protocol/envelope.ts";
import { decodeLine } from "../../wire/line.ts";
import { WireError } from "../../wire/wire-error.ts";
import type { Credential } from "../credential.ts";
import { encodeRequest } from "./encode-request.ts";
import { HostError } from "../host-error.ts";
import { isSecureEnough } from "../loopback.ts";
import { refusal } from "./http-status.ts";
import { readLimited } from "./read-limited.ts";
import { reflectionScrubber, scrubStrings } from "./scrub.ts";
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
  const scrub = secret === undefined ? undefined : reflectionScrubber(secret);
  const limit = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  return {
    kind: "exchange",
    forcesEgress: true,
    async exchange(envelope: EnvelopeInit, signal: AbortSignal): Promise<Envelope | undefined> {
      const body = encodeRequest(envelope);
      const headers: Record<string, string> = { ...options.headers, "content-type": "application/json" };
      if (secret !== undefined) headers.authorization = `Bearer ${secret}`;
      let response: Response;
      try {
        response = await send(target, {
          method: "POST",
          headers,
          body,
          signal,
          redirect: "manual",
        });
      } catch (thrown) {
        if (signal.aborted) throw thrown;
        throw new HostError("transport", "the request to the provider failed");
      }
      const refused = await refusal(response, scrub);
      if (refused) throw refused;
      if (response.status === 204) return undefined;
      const text = await readLimited(response, limit);
      let reply: Envelope;
      try {
        reply = decodeLine(text);
      } catch (thrown) {
        throw new HostError(
          "wire",
          `the response is not an envelope (${thrown instanceof WireError ? thrown.code : "invalid_json"})`,
        );
      }
      // A provider (or a proxy) may reflect the request's credential: once decoded, it never gets past here (C8).
      return scrub ? scrubStrings(reply, scrub) : reply;
    },
    async close() {},
  };
}

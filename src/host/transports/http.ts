/** `httpTransport`: one envelope per POST (spec §1.1 "HTTP binding", §4.4, C4, C7, C8). */
import type { Envelope, EnvelopeInit } from "../../protocol/envelope.ts";
import { decodeLine } from "../../wire/line.ts";
import { WireError } from "../../wire/wire-error.ts";
import type { Credential } from "../credential.ts";
import { encodeRequest } from "./encode-request.ts";
import { HostError } from "../host-error.ts";
import { isSecureEnough } from "../loopback.ts";
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

async function readLimited(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "NaN");
  if (declared > limit) throw new HostError("transport", `the response is larger than ${limit} bytes`);
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new HostError("transport", `the response is larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * Whether a response is a redirect: a 3xx status, or (in a browser, under
 * `redirect: "manual"`) the opaque-redirect response whose status reads 0.
 */
function isRedirect(response: Response): boolean {
  // Workers' Response type has no "opaqueredirect" (there is no manual-redirect response there), the DOM's has.
  const type: string = response.type;
  return type === "opaqueredirect" || (response.status >= 300 && response.status <= 399);
}

/**
 * A transport to a provider URL. Plaintext `http://` to a non-loopback host is
 * refused here, before a single byte is sent (C7). Every HTTP provider counts
 * as egress (C4). A redirect is never followed: C7 and consent were checked
 * for this URL only, so a payload goes nowhere else (`redirect_refused`).
 * 401 ⇒ `unauthorized`; another non-2xx ⇒ `transport`; a body that is not an
 * envelope ⇒ `wire`; 204 ⇒ no reply.
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
      if (isRedirect(response)) {
        await response.body?.cancel().catch(() => undefined);
        throw new HostError("redirect_refused", "the provider answered with a redirect, which is never followed", {
          status: response.status,
        });
      }
      if (response.status === 401)
        throw new HostError("unauthorized", "the provider refused the credentials", { status: 401 });
      if (response.status === 204) return undefined;
      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel().catch(() => undefined);
        throw new HostError("transport", `HTTP ${response.status}`, { status: response.status });
      }
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

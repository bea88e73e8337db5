/** `inPageTransport`: a provider object called directly (tests, demos, in-process providers). */
import type { Envelope, EnvelopeInit } from "../../protocol/envelope.ts";
import { decodeLine, encodeLine } from "../../wire/line.ts";
import { WireError } from "../../wire/wire-error.ts";
import { HostError } from "../host-error.ts";
import { encodeRequest } from "./encode-request.ts";
import type { ExchangeTransport } from "./transport.ts";

/**
 * What the host needs of an in-page provider: a `frameline/provider`
 * `Provider` has it (`handle`). The host never imports the provider kit; the
 * two meet in the protocol's shapes.
 */
export interface InPageProvider {
  handle(envelope: Envelope, session: { handshaken: boolean; closed: boolean }): Promise<EnvelopeInit | undefined>;
}

/**
 * A transport to a provider in the same realm. Each envelope goes through the
 * codec both ways, as on a wire, so shapes are checked exactly as they would
 * be: a request that does not encode is `invalid_request` and the provider is
 * not called; a reply that does not encode or decode is `wire`.
 */
export function inPageTransport(provider: InPageProvider): ExchangeTransport {
  const session = { handshaken: false, closed: false };
  return {
    kind: "exchange",
    forcesEgress: false,
    async exchange(envelope: EnvelopeInit) {
      const reply = await provider.handle(decodeLine(encodeRequest(envelope)), session);
      if (reply === undefined) return undefined;
      try {
        return decodeLine(encodeLine(reply));
      } catch (error) {
        const code = error instanceof WireError ? error.code : "invalid_envelope";
        throw new HostError("wire", `the provider's reply is not an envelope (${code})`);
      }
    },
    async close() {},
  };
}

/** `inPageTransport`: a provider object called directly (tests, demos, in-process providers). */
import type { Envelope, EnvelopeInit } from "../../protocol/envelope.ts";
import { decodeLine, encodeLine } from "../../wire/line.ts";
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
 * codec both ways, as on a wire, so shapes are checked exactly as they would be.
 */
export function inPageTransport(provider: InPageProvider): ExchangeTransport {
  const session = { handshaken: false, closed: false };
  return {
    kind: "exchange",
    forcesEgress: false,
    async exchange(envelope: EnvelopeInit) {
      const reply = await provider.handle(decodeLine(encodeLine(envelope)), session);
      return reply === undefined ? undefined : decodeLine(encodeLine(reply));
    },
    async close() {},
  };
}

/** A probe link over an exchange transport (spec §1.1 "HTTP binding", in-page): one envelope out, at most one back. */
import type { EnvelopeInit } from "../../protocol/envelope.ts";
import { HostError } from "../../host/host-error.ts";
import type { ExchangeTransport } from "../../host/transports/transport.ts";
import { failed, type LinkLimits, type ProbeLink, type Reply, type ShutdownOutcome, within } from "./link.ts";

const TIMED_OUT = Symbol("timed out");

/** A transport failure as evidence: the host's typed kind and message (credentials already scrubbed, C8). */
function problemOf(error: unknown): string {
  if (error instanceof HostError) return `${error.kind}: ${error.message}`;
  // An in-page provider's own exception: its message is provider text, so only its type is named.
  return `the provider threw ${error instanceof Error ? error.name : "a non-error value"}`;
}

/** Sends one envelope over `transport` under the request timeout. */
async function exchange(
  transport: ExchangeTransport,
  envelope: EnvelopeInit,
  limits: LinkLimits,
  timeoutMs = limits.requestTimeoutMs,
): Promise<Reply> {
  const io = new AbortController();
  try {
    const reply = await within(transport.exchange(envelope, io.signal), timeoutMs, TIMED_OUT, limits.signal);
    if (reply === TIMED_OUT) return failed(`no reply within ${timeoutMs} ms`);
    return reply === undefined ? { kind: "none" } : { kind: "envelope", envelope: reply };
  } catch (error) {
    if (limits.signal?.aborted) throw error;
    return failed(problemOf(error));
  } finally {
    io.abort();
  }
}

/**
 * A link over an HTTP or in-page transport. `shutdown` is told and its
 * answer ignored (spec §1.11: an HTTP provider keeps serving; the reference
 * host ignores what comes back).
 */
export function exchangeLink(transport: ExchangeTransport, limits: LinkLimits): ProbeLink {
  let closed = false;
  return {
    broken: undefined,
    request: (envelope, timeoutMs) =>
      closed ? Promise.resolve(failed("the connection is closed")) : exchange(transport, envelope, limits, timeoutMs),
    async shutdown(): Promise<ShutdownOutcome> {
      if (closed) return { kind: "gone", problem: "the connection is closed" };
      closed = true;
      // Whatever comes back is ignored, as the reference host ignores it (spec §4.4).
      await exchange(transport, { type: "shutdown" }, limits);
      await transport.close().catch(() => undefined);
      return { kind: "told" };
    },
    async terminate() {
      closed = true;
      await transport.close().catch(() => undefined);
    },
  };
}

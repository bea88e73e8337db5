/**
 * A probe link: one connection to the provider under test, driven one
 * request at a time, that reports exactly what came back (spec §5.1). The
 * suite drives providers through these, not through `connect`, because a host
 * interprets what a provider sends and the suite must see it as it was.
 */
import type { Envelope, EnvelopeInit } from "../../protocol/envelope.ts";

/** What came back for a request. */
export type Reply =
  /** An envelope; over a stream also its line as sent, for checks on members a decoder drops (F6). */
  | { readonly kind: "envelope"; readonly envelope: Envelope; readonly line?: string }
  /** Nothing was due (HTTP 204, an in-page provider returning nothing). */
  | { readonly kind: "none" }
  /** No usable reply: what happened instead (the provider ended, a timeout, bytes that are not an envelope). */
  | { readonly kind: "failed"; readonly problem: string };

/** How `shutdown` went (spec §1.11, R2). */
export type ShutdownOutcome =
  /** A stream provider ended its output within the grace; its exit status if the target can tell. */
  | { readonly kind: "ended"; readonly ms: number; readonly code?: number | null; readonly signal?: string | null }
  /** A stream provider still ran after the grace and was ended (the reference counts this as clean). */
  | { readonly kind: "killed"; readonly graceMs: number }
  /** An exchange provider was told `shutdown` (no reply is due) and the transport released. */
  | { readonly kind: "told" }
  /** The provider was already gone, or saying goodbye failed. */
  | { readonly kind: "gone"; readonly problem: string };

/** One connection to the provider under test. `shutdown` and `terminate` end it once; later calls do nothing. */
export interface ProbeLink {
  /** Why the connection cannot carry another request (the provider ended, went silent, sent garbage), if so. */
  readonly broken: string | undefined;
  /** Sends one envelope and waits for its reply (lock-step), at most `timeoutMs` (default the request timeout). */
  request(envelope: EnvelopeInit, timeoutMs?: number): Promise<Reply>;
  /** Says `shutdown`, waits at most the close grace, then ends the connection. */
  shutdown(): Promise<ShutdownOutcome>;
  /** Ends the connection at once (cleanup, abort). */
  terminate(): Promise<void>;
}

/** A stream connection, where raw lines can be sent: the wire-level probes (spec §5.1). */
export interface WireLink extends ProbeLink {
  readonly kind: "wire";
  /** Writes one raw line (the LF is added); a problem string when the provider's input is closed. */
  write(line: string): Promise<string | undefined>;
  /** The next reply the provider sends, waiting at most `timeoutMs` (default the request timeout). */
  next(timeoutMs?: number): Promise<Reply>;
}

/** The bounds every link works under. */
export interface LinkLimits {
  readonly requestTimeoutMs: number;
  readonly closeGraceMs: number;
  readonly maxLineBytes: number;
  readonly signal: AbortSignal | undefined;
}

/** A failed reply. */
export function failed(problem: string): Reply {
  return { kind: "failed", problem };
}

/**
 * Resolves with `promise`'s value, or `timedOut` after `ms`; rejects with the
 * signal's reason when it aborts. The timer never outlives the race.
 */
export async function within<T, U>(promise: Promise<T>, ms: number, timedOut: U, signal?: AbortSignal): Promise<T | U> {
  signal?.throwIfAborted();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const late = new Promise<U>((resolve, reject) => {
    timer = setTimeout(() => resolve(timedOut), ms);
    onAbort = () => reject(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}

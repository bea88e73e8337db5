/** Correlation ids and the H4 echo check (spec §4.1, §4.3). */
import type { Envelope } from "../protocol/envelope.ts";
import { correlationId } from "./envelope-info.ts";

let counter = 0;

/** The next correlation id, `q1`, `q2`, … from a counter shared by the whole runtime (spec §4.1). */
export function nextCorrelationId(): string {
  counter += 1;
  return `q${counter}`;
}

/** The placeholder for a missing echoed id in a mismatch report (spec §4.1). */
export const ABSENT_ID = "<absent>";

/** An H4 breach: the reply did not echo the id that was sent. */
export interface CorrelationMismatch {
  readonly ok: false;
  readonly kind: "correlation_mismatch";
  readonly expected: string;
  readonly got: string;
}

/** The outcome of `verifyCorrelation`. */
export type CorrelationResult = { readonly ok: true } | CorrelationMismatch;

/**
 * H4: checks that `reply` echoes `requestId` (spec §4.1). Nothing sent ⇒ ok;
 * echoed unchanged ⇒ ok; otherwise a `correlation_mismatch` naming the id
 * expected and the id received (`<absent>` when none).
 */
export function verifyCorrelation(requestId: string | undefined, reply: Envelope): CorrelationResult {
  if (requestId === undefined) return { ok: true };
  const echoed = correlationId(reply);
  if (echoed === requestId) return { ok: true };
  return { ok: false, kind: "correlation_mismatch", expected: requestId, got: echoed ?? ABSENT_ID };
}

/** Budget arithmetic and checks: B1, B3, B4 (spec §2.7), the fan-out's budget split (§4.6) and the reference's result utilities (§1.7). */
import type { ContextQuery } from "../query.ts";
import type { ContextFrame } from "../frame.ts";
import type { ContextQueryResult } from "../result.ts";
import { type Violation, violation } from "./violation.ts";

/** The UTF-8 byte length of a string, without allocating (lone surrogates count as U+FFFD, 3 bytes). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** B3: a frame's budget-token cost, `ceil(utf8_bytes(content) / 4)`, 0 without content. */
export function budgetTokens(content: string | undefined): number {
  return content === undefined ? 0 : Math.ceil(utf8ByteLength(content) / 4);
}

/** The sum of declared `token_cost` over a result's frames (spec §1.7). */
export function totalDeclaredCost(result: Pick<ContextQueryResult, "frames">): number {
  return result.frames.reduce((sum, frame) => sum + frame.token_cost, 0);
}

/** The sum of canonical costs (B3) over a result's frames (spec §1.7). */
export function canonicalTotalCost(result: Pick<ContextQueryResult, "frames">): number {
  return result.frames.reduce((sum, frame) => sum + budgetTokens(frame.content), 0);
}

/** B1: declared costs sum to at most `maxTokens`. */
export function respectsBudget(result: Pick<ContextQueryResult, "frames">, maxTokens: number): boolean {
  return totalDeclaredCost(result) <= maxTokens;
}

/** B4: at most `maxFrames` frames. */
export function respectsFrameLimit(result: Pick<ContextQueryResult, "frames">, maxFrames: number): boolean {
  return result.frames.length <= maxFrames;
}

/** Ids of frames whose declared cost differs from the canonical count (B3). */
export function dishonestCostFrameIds(result: Pick<ContextQueryResult, "frames">): string[] {
  return result.frames.filter((frame) => frame.token_cost !== budgetTokens(frame.content)).map((frame) => frame.id);
}

/** B3 for one frame: `token_cost` must equal `budgetTokens(content)` exactly. */
export function checkTokenCost(frame: ContextFrame): Violation[] {
  const expected = budgetTokens(frame.content);
  return frame.token_cost === expected
    ? []
    : [
        violation("B3", `token_cost is ${frame.token_cost}, canonical cost is ${expected}`, {
          path: "token_cost",
          frame: frame.id,
        }),
      ];
}

/** B1 for a whole result: a violation when its declared costs sum to more than `maxTokens`. */
export function checkTokenLimit(result: Pick<ContextQueryResult, "frames">, maxTokens: number): Violation[] {
  return respectsBudget(result, maxTokens)
    ? []
    : [violation("B1", `declared cost ${totalDeclaredCost(result)} exceeds max_tokens ${maxTokens}`)];
}

/** B4 for a whole result: a violation when it carries more than `maxFrames` frames. */
export function checkFrameLimit(result: Pick<ContextQueryResult, "frames">, maxFrames: number): Violation[] {
  return respectsFrameLimit(result, maxFrames)
    ? []
    : [violation("B4", `${result.frames.length} frames exceed max_frames ${maxFrames}`)];
}

/** B1, B3 and B4 for a whole result against the query it answers (spec §2.7). */
export function checkBudget(
  result: Pick<ContextQueryResult, "frames">,
  query: Pick<ContextQuery, "max_frames" | "max_tokens">,
): Violation[] {
  return [
    ...checkTokenLimit(result, query.max_tokens),
    ...checkFrameLimit(result, query.max_frames),
    ...result.frames.flatMap(checkTokenCost),
  ];
}

/** The budget split of spec §4.6: each of `n` providers gets `floor(global / n)`, the first `global mod n` one more. */
export function budgetSplit(global: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.floor(global / n) + (i < global % n ? 1 : 0));
}

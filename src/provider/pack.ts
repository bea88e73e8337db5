/** Budget packing (spec §2.7 B1, B3, B4; §4.13): stamp costs and digests, keep what fits. */
import { contentDigest } from "../attest/hash.ts";
import { budgetTokens } from "../protocol/checks/budget.ts";
import type { ContextFrame } from "../protocol/frame.ts";
import type { ContextQuery } from "../protocol/query.ts";
import type { ContextQueryResult } from "../protocol/result.ts";
import type { CandidateFrame } from "./definition.ts";

/**
 * Packs ranked candidates into `max_frames` and `max_tokens` (B1, B4), best
 * first, skipping a candidate that does not fit and trying the next. Each kept
 * frame gets `token_cost = ceil(UTF-8 bytes / 4)` (B3) and, when it carries
 * inline content, the `content_digest` of those bytes (D1, F14). `truncated` and
 * `dropped_estimate` count every candidate left out.
 */
export async function packFrames(
  candidates: readonly CandidateFrame[],
  query: Pick<ContextQuery, "max_frames" | "max_tokens">,
): Promise<Pick<ContextQueryResult, "frames" | "truncated" | "dropped_estimate">> {
  const kept: { frame: CandidateFrame; cost: number }[] = [];
  let spent = 0;
  for (const frame of candidates) {
    const cost = budgetTokens(frame.content);
    if (kept.length < query.max_frames && spent + cost <= query.max_tokens) {
      kept.push({ frame, cost });
      spent += cost;
    }
  }
  const frames: ContextFrame[] = await Promise.all(
    kept.map(async ({ frame, cost }) => ({
      ...frame,
      token_cost: cost,
      ...(frame.content === undefined ? {} : { content_digest: await contentDigest(frame.content) }),
    })),
  );
  const dropped = candidates.length - frames.length;
  return { frames, truncated: dropped > 0, ...(dropped > 0 ? { dropped_estimate: dropped } : {}) };
}

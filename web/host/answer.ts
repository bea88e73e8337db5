/**
 * One answer as the page shows it: every frame with its badge and costs, the
 * recomputed and the signed Merkle root, and the budget audit (spec §2.7 B1,
 * B3, B4; §3.7, §3.13; F12). Works for live answers and imported ones alike.
 */
import { digestString, type ResultTree } from "../../src/attest/index.ts";
import type { DroppedLeg, FramesLeg, QueryInput } from "../../src/host/index.ts";
import {
  budgetTokens,
  canonicalTotalCost,
  checkBudget,
  type ContextQueryResult,
  frameIdOf,
  totalDeclaredCost,
} from "../../src/protocol/index.ts";
import type { AnswerView, Badge, FrameView } from "../shared/messages.ts";
import { badgeOf } from "./badge.ts";

/** What an answer is built from: the query, the result as received, and what the host's audit made of it. */
export interface AnswerInput {
  readonly answer: number;
  readonly source: AnswerView["source"];
  readonly localId: string;
  readonly providerName: string;
  readonly query: QueryInput;
  readonly result: ContextQueryResult;
  /** The result's tree as `providerName` commits to it (spec §3.7), built once and kept for inclusion paths. */
  readonly tree: ResultTree;
  readonly leg: FramesLeg | DroppedLeg;
}

const NOT_ACCEPTED = (leg: DroppedLeg): Badge => ({
  tone: "unchecked",
  label: "Not accepted",
  detail: `The host dropped the whole answer (B2): ${leg.violations[0]?.message ?? leg.outcome}.`,
  verdict: leg.outcome,
});

/** Builds the view of an answer; the frames a revalidation revoked (V4) are the ones the audit no longer lists. */
export async function answerView(input: AnswerInput): Promise<AnswerView> {
  const { result, leg, providerName } = input;
  const audited = leg.outcome === "frames" ? new Map(leg.frames.map((f) => [f.frame, f])) : undefined;
  const frames: FrameView[] = [];
  for (const [index, frame] of result.frames.entries()) {
    const entry = audited?.get(frame);
    if (audited && !entry) continue;
    frames.push({
      index,
      frame,
      frameId: entry?.frameId ?? frameIdOf(input.localId, frame),
      badge: entry ? badgeOf(entry.attestation) : NOT_ACCEPTED(leg as DroppedLeg),
      cost: { declared: frame.token_cost, canonical: budgetTokens(frame.content) },
      violations: entry?.violations ?? [],
    });
  }
  const signed = result.result_attestation?.signed_commitment;
  return {
    answer: input.answer,
    source: input.source,
    providerName,
    query: input.query,
    frames,
    truncated: result.truncated,
    root: {
      recomputed: digestString(input.tree.tree.root),
      ...(signed === undefined ? {} : { signed }),
      badge: leg.outcome === "frames" ? badgeOf(leg.resultAttestation, "the result") : NOT_ACCEPTED(leg),
    },
    budget: {
      maxTokens: input.query.max_tokens,
      maxFrames: input.query.max_frames,
      declared: totalDeclaredCost(result),
      canonical: canonicalTotalCost(result),
      violations: checkBudget(result, input.query),
    },
    ...(leg.outcome === "frames" ? {} : { dropped: { outcome: leg.outcome, violations: leg.violations } }),
    violations: leg.violations,
  };
}

/** `compose_for_prompt`: a budgeted, audited, deterministic prompt from offered frames (spec §4.8, R3, D2, F9, F10, F16). */
import type { Provenance } from "../../protocol/frame.ts";
import type { FrameId } from "../../protocol/frame-id.ts";
import type { CompositionAudit, ContentMismatch } from "./audit.ts";
import { citeLabel, renderFrameBlock } from "./block.ts";
import { attestationOf, candidateOf, type OfferedFrame } from "./candidate.ts";
import { type AlteredContentPolicy, screenContent } from "./content-screen.ts";
import { dedupCandidates } from "./dedup.ts";
import { packCandidates } from "./pack.ts";
import { placeEdgesFirst } from "./placement.ts";
import { EVIDENCE_PREAMBLE } from "./preamble.ts";
import { rankFrames, type RankingStrategy } from "./ranking.ts";
import { budgetTokensForModel } from "./safety-factor.ts";

/**
 * The global budget of a composition (spec §2.7, §4.8): a model-token `budget`
 * converted with `floor(budget / safetyFactor)` (default 1.35; ≤ 0 ⇒ identity),
 * or `budgetTokens` given directly (floored; a negative budget is 0). `strategy` defaults to `score_descending` (F10);
 * `alteredContent` to `exclude` (a frame whose content does not match its digest is left out, §1.8 #5).
 */
export type ComposeOptions = (
  | { readonly budget: number; readonly safetyFactor?: number }
  | { readonly budgetTokens: number }
) & {
  readonly strategy?: RankingStrategy;
  readonly alteredContent?: AlteredContentPolicy;
};

/**
 * A citation of an included frame (spec §4.8 step 6): its `cite` label, its
 * FrameId (A1), its merged provenance, whether an attestation covers its
 * content (F16), and `contentMismatch` when altered bytes were included on request.
 */
export interface Citation {
  readonly label: string;
  readonly frame: FrameId;
  readonly provenance: readonly Provenance[];
  readonly coversContent?: boolean;
  readonly contentMismatch?: ContentMismatch;
}

/** `ComposedPrompt` (spec §4.8 step 6): the prompt bytes, one citation per included frame in prompt order, and the audit. */
export interface ComposedPrompt {
  readonly prompt: string;
  readonly citations: readonly Citation[];
  readonly audit: CompositionAudit;
}

/**
 * `compose_for_prompt` (spec §4.8): re-hashes each offered frame's content
 * unless the host's audit already did, leaves out one that does not match its
 * digest (unless `alteredContent: "include_flagged"`), dedups the rest (step 1, D2),
 * ranks the survivors (step 2, F10), packs them into the budget by canonical
 * cost (step 3), places the included ones edges first (step 4) and renders the
 * evidence preamble followed by one fenced block each (step 5, R3). Every
 * offered frame appears in `audit.entries` exactly once — altered content
 * first, then duplicates, then the ranked walk — and `audit.tokens_used <= audit.global_budget`.
 * Attestation states ride along untouched and never drop or reorder a frame
 * (F9). The same frame set, offered in any order, composes to the same bytes.
 *
 * @example
 * const { prompt, citations, audit } = composeForPrompt(offered, { budget: 4096 }); // floor(4096 / 1.35) tokens
 * audit.global_budget // 3034
 */
export function composeForPrompt(offered: readonly OfferedFrame[], options: ComposeOptions): ComposedPrompt {
  const globalBudget = Math.max(
    0,
    "budgetTokens" in options
      ? Math.floor(options.budgetTokens)
      : budgetTokensForModel(options.budget, options.safetyFactor),
  );
  const { passed, altered } = screenContent(offered.map(candidateOf), options.alteredContent ?? "exclude");
  const { survivors, duplicates } = dedupCandidates(passed);
  const ranked = rankFrames(survivors, options.strategy ?? { kind: "score_descending" });
  const { included, entries, tokensUsed } = packCandidates(ranked, globalBudget);
  const placed = placeEdgesFirst(included);
  return {
    prompt: EVIDENCE_PREAMBLE + placed.map((c) => renderFrameBlock(c.frameId, c.frame)).join(""),
    citations: placed.map((c) => ({
      label: citeLabel(c.frame),
      frame: c.frameId,
      provenance: c.provenance,
      ...attestationOf(c),
    })),
    audit: { entries: [...altered, ...duplicates, ...entries], global_budget: globalBudget, tokens_used: tokensUsed },
  };
}

/** A composition of a kept answer (spec §4.8), for the compose view: in the tools chunk (web/host/tools.ts). */
import { composeForPrompt } from "../../src/host/index.ts";
import type { ComposeView } from "../shared/messages.ts";
import type { KeptAnswer } from "./kept-answer.ts";

/** What `composeForPrompt` builds from a live answer's audited frames within `budgetTokens` (spec §4.8). */
export function composeView(
  kept: KeptAnswer & { leg: NonNullable<KeptAnswer["leg"]> },
  budgetTokens: number,
): ComposeView {
  // An audited frame is an offered one (its FrameId, frame and attestation state), with its violations besides.
  const composed = composeForPrompt(kept.leg.frames, { budgetTokens });
  return {
    prompt: composed.prompt,
    globalBudget: composed.audit.global_budget,
    tokensUsed: composed.audit.tokens_used,
    entries: composed.audit.entries,
  };
}

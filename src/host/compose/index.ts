/** Prompt composition (spec §4.8): fenced blocks, the determinism floor, and the budgeted, audited composer. */
export { citeLabel, renderFrameBlock } from "./block.ts";
export { composeContext, type FramePair } from "./compose-context.ts";
export type {
  AuditAttestation,
  AuditEntry,
  CompositionAudit,
  ContentMismatch,
  Disposition,
  ExclusionReason,
  NotChecked,
} from "./audit.ts";
export type { OfferedFrame } from "./candidate.ts";
export type { AlteredContentPolicy } from "./content-screen.ts";
export { rankFrames, type Ranked, type RankingStrategy } from "./ranking.ts";
export { budgetTokensForModel, DEFAULT_SAFETY_FACTOR } from "./safety-factor.ts";
export { EVIDENCE_PREAMBLE } from "./preamble.ts";
export { type Citation, type ComposedPrompt, type ComposeOptions, composeForPrompt } from "./compose-for-prompt.ts";

/**
 * How `host-content-binding` words what a host said of a frame (spec §3.13
 * states, §4.8 citations and audit entries): state names, verdict and reason
 * kinds, digests' owners. A word the host under test made up is quoted (C8
 * style); frame content never appears.
 */
import type { AuditAttestation } from "../../../host/compose/audit.ts";
import type { ComposedPrompt } from "../../../host/compose/compose-for-prompt.ts";
import { quote } from "../../evidence.ts";

/** A host-supplied word as evidence: as it is when it is a plain lowercase name, quoted otherwise. */
function word(value: string): string {
  return /^[a-z][a-z_]{0,39}$/.test(value) ? value : quote(value);
}

/** Whether a state vouches for the bytes in hand: `attested` with `coversContent` (spec §3.13, F16). */
export function trustsBytes(state: AuditAttestation | undefined): boolean {
  return state?.state === "attested" && state.coversContent;
}

/** A frame's attestation state in a few words (spec §3.13); `undefined` is a frame the leg did not serve. */
export function stateText(state: AuditAttestation | undefined): string {
  if (!state) return "not served";
  if (state.state === "attested") return state.coversContent ? "attested covering content" : "attested, identity only";
  if (state.state === "invalid") return `invalid (${word(state.verdict.kind)})`;
  return word(state.state);
}

/** What composition did with frame `id` (spec §4.8 step 6): cited, and how; excluded, and why; or absent. */
export function citedText(composed: ComposedPrompt, id: string): string {
  const cited = composed.citations.find((citation) => citation.frame.frame_id === id);
  if (cited?.coversContent === true) return "cited covering content";
  if (cited?.contentMismatch) return "cited, flagged as altered";
  if (cited) return "cited, not covering content";
  const entry = composed.audit.entries.find((e) => e.frame.frame_id === id);
  if (!entry) return "missing from the composition audit";
  return entry.disposition.kind === "excluded"
    ? `excluded (${word(entry.disposition.reason.kind)})`
    : `${word(entry.disposition.kind)} but not cited`;
}

/**
 * What `/ask` answers, as JSON (docs/ask.md): each frame with its provider,
 * citation and attestation (state, key, trust tier), each leg's outcome, the
 * composition and the usage report. Failures are named by their `HostError`
 * kind and code only: no message, URL, credential or frame text leaks from a
 * failed leg. Attestation states keep the wire's snake_case.
 */
import {
  type AuditAttestation,
  type AuditedFrame,
  citeLabel,
  type ComposedPrompt,
  type FrameAttestationOutcome,
  type HandshakeSource,
  type HostError,
  type LegResult,
  type UsageReport,
} from "../../src/host/index.ts";
import type { FrameId } from "../../src/protocol/index.ts";

/**
 * An attestation state as JSON (spec §3.13); `anchor` is the trust tier of the key that verified it. An
 * `invalid` state whose verdict is `content_mismatch` (a verified signature over a `content_digest` the
 * frame's bytes no longer hash to, §1.8 #5) also names both digests: the `signed` one the frame carries and
 * the one its bytes were `recomputed` to. Digests only, never content.
 */
type AttestationJson =
  | { state: "attested"; key_id: string; unverified_attester_id: string; covers_content: boolean; anchor?: string }
  | { state: "no_trusted_key"; key_id: string }
  | { state: "unknown_algorithm"; algorithm: string }
  | { state: "unusable_evidence"; reason: string }
  | { state: "invalid"; verdict: string; signed?: string; recomputed?: string }
  | { state: "unattested" | "not_checked" };

/** One frame of the answer: who served it, how to cite it, what its attestation says. */
interface FrameJson {
  provider: string;
  id: string;
  kind: string;
  title: string;
  citation: string;
  uri?: string;
  content_digest?: string;
  token_cost: number;
  score: number;
  attestation: AttestationJson;
  /** Anchors of the rules the frame breaks (F*, B3…): recorded, never a reason to drop it. */
  violations: string[];
}

/** A failed leg's error: the `HostError` kind, and the provider's error code and HTTP status when there are. */
interface LegErrorJson {
  kind: string;
  code?: string;
  status?: number;
  retryable: boolean;
}

/** One provider's leg (spec §4.6 `ProviderResult`). `handshake` says where its ack came from. */
type LegJson = { provider: string; outcome: string; handshake?: HandshakeSource } & Record<string, unknown>;

/** The whole answer. */
export interface AskAnswer {
  prompt: string;
  citations: { label: string; frame: FrameId; covers_content?: boolean }[];
  composition: {
    global_budget: number;
    tokens_used: number;
    entries: { frame: FrameId; disposition: unknown; attestation: AttestationJson }[];
  };
  frames: FrameJson[];
  legs: LegJson[];
  usage: UsageReport;
}

/** An attestation state as JSON, the attester id marked unverified (F18: it is not signed). */
function attestationJson(outcome: FrameAttestationOutcome | AuditAttestation): AttestationJson {
  switch (outcome.state) {
    case "attested":
      return {
        state: "attested",
        key_id: outcome.keyId,
        unverified_attester_id: outcome.attesterId,
        covers_content: outcome.coversContent,
        ...("anchor" in outcome && outcome.anchor !== undefined ? { anchor: outcome.anchor } : {}),
      };
    case "no_trusted_key":
      return { state: outcome.state, key_id: outcome.keyId };
    case "unknown_algorithm":
      return { state: outcome.state, algorithm: outcome.algorithm };
    case "unusable_evidence":
      return { state: outcome.state, reason: outcome.reason };
    case "invalid": {
      const { verdict } = outcome;
      return verdict.kind === "content_mismatch"
        ? { state: outcome.state, verdict: verdict.kind, signed: verdict.signed, recomputed: verdict.recomputed }
        : { state: outcome.state, verdict: verdict.kind };
    }
    default:
      return { state: outcome.state };
  }
}

/** A served frame as JSON. */
export function frameJson(provider: string, audited: AuditedFrame): FrameJson {
  const frame = audited.frame;
  return {
    provider,
    id: frame.id,
    kind: frame.kind,
    title: frame.title,
    citation: citeLabel(frame),
    ...(frame.uri === undefined ? {} : { uri: frame.uri }),
    ...(frame.content_digest === undefined ? {} : { content_digest: frame.content_digest }),
    token_cost: frame.token_cost,
    score: frame.score,
    attestation: attestationJson(audited.attestation),
    violations: audited.violations.map((violation) => violation.anchor),
  };
}

/** A failed leg's error as JSON: kind, code, status, retryable; never its message. */
function legErrorJson(error: HostError): LegErrorJson {
  return {
    kind: error.kind,
    ...(error.details.code === undefined ? {} : { code: error.details.code }),
    ...(error.details.status === undefined ? {} : { status: error.details.status }),
    retryable: error.retryable,
  };
}

/** A leg as JSON; `handshake` is where its ack came from, when it connected. */
export function legJson(leg: LegResult, handshake: HandshakeSource | undefined): LegJson {
  const base = { provider: leg.provider, outcome: leg.outcome, ...(handshake ? { handshake } : {}) };
  switch (leg.outcome) {
    case "frames":
      return {
        ...base,
        frames: leg.frames.length,
        truncated: leg.truncated,
        revoked: leg.revoked,
        result_attestation: attestationJson(leg.resultAttestation),
        violations: leg.violations.map((violation) => violation.anchor),
      };
    case "budget_lie":
    case "frame_flood":
      return { ...base, offered: leg.offered, violations: leg.violations.map((violation) => violation.anchor) };
    case "consent_required":
      return { ...base, data_flow: leg.dataFlow };
    case "consent_scope_required":
      return { ...base, data_flow: leg.dataFlow, missing: [...leg.missing] };
    case "failed":
      return { ...base, stage: leg.stage, error: legErrorJson(leg.error) };
  }
}

/** The composition as JSON: the prompt's citations and every audit entry, attestation states as above. */
export function compositionJson(composed: ComposedPrompt): Pick<AskAnswer, "citations" | "composition"> {
  return {
    citations: composed.citations.map((citation) => ({
      label: citation.label,
      frame: citation.frame,
      ...(citation.coversContent === undefined ? {} : { covers_content: citation.coversContent }),
    })),
    composition: {
      global_budget: composed.audit.global_budget,
      tokens_used: composed.audit.tokens_used,
      entries: composed.audit.entries.map((entry) => ({
        frame: entry.frame,
        disposition: entry.disposition,
        attestation: attestationJson(entry.attestation),
      })),
    },
  };
}

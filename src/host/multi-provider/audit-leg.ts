/**
 * Auditing one provider's answer (spec §4.6, §4.9): the budget (B1, B2, B4),
 * exact costs (B3), frame validity per frame, every attestation under two
 * trust tiers (§3.13), and every frame's inline bytes against the
 * `content_digest` its signature covers (§1.8 #5, §3.6). Nothing here removes
 * or reranks a frame for its attestation (F9).
 */
import { boundFrameState, boundResultState } from "../../attest/bound-state.ts";
import { type ContentBinding, contentBindingOf } from "../../attest/content-binding.ts";
import type { AttesterKey } from "../../protocol/attestation.ts";
import { checkFrameLimit, checkTokenCost, checkTokenLimit } from "../../protocol/checks/budget.ts";
import { checkFrame } from "../../protocol/checks/frame.ts";
import { checkKinds } from "../../protocol/checks/kinds.ts";
import { type Violation, violation } from "../../protocol/checks/violation.ts";
import { frameIdOf } from "../../protocol/frame-order.ts";
import type { ContextQuery } from "../../protocol/query.ts";
import type { ContextQueryResult } from "../../protocol/result.ts";
import type { Connection } from "../connection/connection.ts";
import type { AuditedFrame, DroppedLeg, FramesLeg } from "./leg.ts";
import { type PublishedKeys, tieredStates } from "./trust-tiers.ts";

/**
 * The breach of a frame whose inline bytes do not hash to its `content_digest`
 * (spec §1.8 #5 "D1 when present"; naming it D1 is [inferred]): tampering in
 * transit, or a provider that digests something else. Digests only, never content.
 */
function contentViolations(binding: ContentBinding): Violation[] {
  return binding.kind === "mismatch"
    ? [
        violation(
          "D1",
          `content does not hash to its content_digest (declared ${binding.declared}, recomputed ${binding.recomputed})`,
          { path: "content" },
        ),
      ]
    : [];
}

/** The unsigned hints of an answer's identity (spec §3.9: nothing about the query is signed). */
function answerHints(result: ContextQueryResult): Pick<FramesLeg, "answer"> {
  const root = result.result_attestation;
  return root ? { answer: { root: root.signed_commitment, issuedAt: root.issued_at } } : {};
}

/** A limit's violations, each saying that the whole leg goes with it (spec §4.6). */
function wholeLegDropped(violations: readonly Violation[], why = "every frame dropped"): Violation[] {
  return violations.map((v) => ({ ...v, message: `${v.message}; ${why}` }));
}

/**
 * Audits `result` from `connection` for `query`. `localId` is the host's name
 * for the provider (it goes into FrameIds); commitments use the declared
 * `provider.name` (spec §3.6). `pinnedKeys` are the operator's trust anchors;
 * `publishedKeys` says when the handshake's keys count besides (default: only
 * for a provider with no pinned key, §3.13).
 */
export async function auditLeg(
  connection: Connection,
  localId: string,
  query: Pick<ContextQuery, "kinds" | "max_frames" | "max_tokens" | "representation_preferences">,
  result: ContextQueryResult,
  pinnedKeys: readonly AttesterKey[],
  publishedKeys: PublishedKeys = "unless_pinned",
): Promise<FramesLeg | DroppedLeg> {
  const overBudget = checkTokenLimit(result, query.max_tokens);
  if (overBudget.length > 0)
    return {
      outcome: "budget_lie",
      offered: result.frames.length,
      violations: wholeLegDropped(overBudget, "every frame dropped (B2)"),
      result,
    };
  const flood = checkFrameLimit(result, query.max_frames);
  if (flood.length > 0)
    return { outcome: "frame_flood", offered: result.frames.length, violations: wholeLegDropped(flood), result };
  const keys = { pinned: pinnedKeys, published: connection.attesterKeys };
  const states = await tieredStates(result, connection.provider.name, keys, publishedKeys);
  const bindings = result.frames.map(contentBindingOf);
  const context = {
    offeredRepresentations: connection.capabilities.representations ?? [],
    representationPreferences: query.representation_preferences ?? [],
  };
  const frames = result.frames.map(
    (frame, i): AuditedFrame => ({
      frameId: frameIdOf(localId, frame),
      frame,
      violations: [...checkFrame(frame, context), ...checkTokenCost(frame), ...contentViolations(bindings[i]!)],
      attestation: boundFrameState(states.frames[i]!, bindings[i]!),
      contentBinding: bindings[i]!,
    }),
  );
  const orphans =
    states.orphans > 0
      ? [{ anchor: "F11", message: `${states.orphans} frame_attestations entries name no frame of this result` }]
      : [];
  return {
    outcome: "frames",
    result,
    frames,
    truncated: result.truncated,
    resultAttestation: boundResultState(states.result, bindings),
    ...answerHints(result),
    violations: [...checkKinds(result, query), ...orphans],
  };
}

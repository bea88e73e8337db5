/**
 * Checking every attestation of a `frames` result (spec §3.11–§3.13): a state
 * per frame and one for the result root, with each frame's inline bytes
 * re-hashed against the `content_digest` its signature covers (§1.8 #5, §3.6).
 * No state removes or reranks a frame (F9); a key id with no known key costs
 * no crypto work.
 */
import type { AttesterKey, FrameAttestation, InclusionProof, ProvenanceAttestation } from "../protocol/attestation.ts";
import type { ContextFrame } from "../protocol/frame.ts";
import type { ContextQueryResult } from "../protocol/result.ts";
import { type AttestationState, combineStates, evidenceState, type KeyTable, keyTable } from "./attestation-state.ts";
import { boundFrameState, boundResultState } from "./bound-state.ts";
import { type ContentBinding, contentBindingOf } from "./content-binding.ts";
import { matchEntries } from "./match-entries.ts";
import { replayFrameProof, type ResultTree, resultTree } from "./result-tree.ts";
import { type RootVerdicts, rootVerdicts } from "./root-verdicts.ts";
import { forFrame } from "./verdict.ts";
import { type VerifyOptions, verifyCommitment } from "./verify.ts";

export type { AttestationState } from "./attestation-state.ts";

/** The outcome of `verifyResultSignatures`: signatures only, in the reference's verdicts. */
export interface ResultSignatureReport {
  /** The state of `result_attestation` over the recomputed root of exactly `result.frames` (F12). */
  readonly result: AttestationState;
  /** One state per frame, in `result.frames` order. */
  readonly frames: readonly AttestationState[];
  /** `frame_attestations` entries naming no frame of this result (F11), or beyond one per frame. */
  readonly orphans: number;
}

/** The outcome of `verifyResultAttestations`: the states with content bound, and each frame's binding. */
export interface ResultAttestationReport extends ResultSignatureReport {
  /** What re-hashing each frame's inline content found, in `result.frames` order. */
  readonly bindings: readonly ContentBinding[];
}

/** What checking any one frame's evidence needs: the keys, the recomputed tree, the root attestation. */
interface Evidence {
  readonly keys: KeyTable;
  readonly tree: ResultTree;
  readonly root: { readonly attestation: ProvenanceAttestation; readonly verdict: RootVerdicts } | undefined;
  readonly options: VerifyOptions;
}

/** A per-frame attestation, against frame `i`'s recomputed commitment (spec §3.11). */
function signatureState(
  evidence: Evidence,
  frame: ContextFrame,
  i: number,
  attestation: ProvenanceAttestation,
): Promise<AttestationState> {
  const commitment = evidence.tree.commitments[i]!;
  return evidenceState(attestation, evidence.keys, async (key) =>
    forFrame(await verifyCommitment(commitment, attestation, key, evidence.options), frame),
  );
}

/** An inclusion proof: the result attestation over the root it replays to from frame `i` (spec §3.8). */
async function inclusionState(
  evidence: Evidence,
  frame: ContextFrame,
  i: number,
  proof: InclusionProof,
): Promise<AttestationState> {
  const root = evidence.root;
  if (!root) return { state: "unusable_evidence", reason: "inclusion_proof without result_attestation" };
  return evidenceState(root.attestation, evidence.keys, async (key) => {
    const replayed = replayFrameProof(evidence.tree, i, proof);
    if ("problem" in replayed) return { kind: "malformed_commitment" };
    return forFrame(await root.verdict(replayed.root, key), frame);
  });
}

/** Frame `i`'s state from its entry, if any: each piece of evidence checked, then combined. */
async function frameState(
  evidence: Evidence,
  frame: ContextFrame,
  i: number,
  entry: FrameAttestation | undefined,
): Promise<AttestationState> {
  if (!entry) return { state: "unattested" };
  if (!entry.attestation && !entry.inclusion_proof)
    return { state: "unusable_evidence", reason: "entry carries neither attestation nor inclusion_proof" };
  const states: AttestationState[] = [];
  if (entry.attestation) states.push(await signatureState(evidence, frame, i, entry.attestation));
  if (entry.inclusion_proof) states.push(await inclusionState(evidence, frame, i, entry.inclusion_proof));
  return combineStates(states);
}

/**
 * The signatures of a result alone (spec §3.11–§3.13), in the reference
 * verifier's verdicts: recomputes every frame's commitment under
 * `providerName` (the handshake-declared name), the Merkle root of exactly
 * `result.frames` in canonical order, and checks the result attestation, each
 * per-frame attestation and each inclusion proof against `attesterKeys`. At
 * most one entry per frame and `frames.length` entries are examined; the
 * result signature is verified once whatever the number of proofs.
 *
 * Signature-only: `content_digest` is taken as the frame carries it (§3.6), so
 * `attested` with `coversContent` here says nothing about whether the inline
 * bytes still hash to it. Use `verifyResultAttestations` unless you re-hash
 * the content yourself (`contentBindingOf`, `boundFrameState`).
 */
export async function verifyResultSignatures(
  result: Pick<ContextQueryResult, "frames" | "frame_attestations" | "result_attestation">,
  providerName: string,
  attesterKeys: readonly AttesterKey[],
  options: VerifyOptions = {},
): Promise<ResultSignatureReport> {
  const frames: readonly ContextFrame[] = result.frames;
  const attestation = result.result_attestation;
  const evidence: Evidence = {
    keys: keyTable(attesterKeys),
    tree: resultTree(providerName, frames),
    root: attestation && { attestation, verdict: rootVerdicts(attestation, options) },
    options,
  };
  const root = evidence.root;
  const resultState: AttestationState = root
    ? await evidenceState(root.attestation, evidence.keys, (key) => root.verdict(evidence.tree.tree.root, key))
    : { state: "unattested" };
  const { byFrame, orphans } = matchEntries(providerName, frames, result.frame_attestations ?? []);
  const frameStates = await Promise.all(frames.map((frame, i) => frameState(evidence, frame, i, byFrame[i])));
  return { result: resultState, frames: frameStates, orphans };
}

/**
 * `verifyResultAttestations` (spec §3.11–§3.13, §1.8 #5): every signature as
 * `verifyResultSignatures` checks it, and every frame's inline content
 * re-hashed (one SHA-256 each). A frame `attested` under a verified signature
 * whose bytes do not hash to its `content_digest` is `invalid` with a
 * `content_mismatch` verdict naming both digests, and so is the result root
 * over it; the root covers content only if every frame with inline content
 * has a matching digest. So `attested` with `coversContent: true` means the
 * bytes in hand are the bytes that were signed.
 *
 * @example
 * const report = await verifyResultAttestations(reply.result, ack.provider.name, ack.attester_keys ?? []);
 * const trusted = report.frames.map((s) => s.state === "attested" && s.coversContent);
 */
export async function verifyResultAttestations(
  result: Pick<ContextQueryResult, "frames" | "frame_attestations" | "result_attestation">,
  providerName: string,
  attesterKeys: readonly AttesterKey[],
  options: VerifyOptions = {},
): Promise<ResultAttestationReport> {
  const signatures = await verifyResultSignatures(result, providerName, attesterKeys, options);
  const bindings = result.frames.map(contentBindingOf);
  return {
    result: boundResultState(signatures.result, bindings),
    frames: signatures.frames.map((state, i) => boundFrameState(state, bindings[i]!)),
    orphans: signatures.orphans,
    bindings,
  };
}

/**
 * Checking every attestation of a `frames` result (spec §3.11–§3.13): a state
 * per frame and one for the result root. No state removes or reranks a frame
 * (F9); a key id with no known key costs no crypto work.
 */
import type { AttesterKey, FrameAttestation, InclusionProof, ProvenanceAttestation } from "../protocol/attestation.ts";
import type { ContextFrame } from "../protocol/frame.ts";
import type { ContextQueryResult } from "../protocol/result.ts";
import { type AttestationState, combineStates, evidenceState, type KeyTable, keyTable } from "./attestation-state.ts";
import { matchEntries } from "./match-entries.ts";
import { replayFrameProof, type ResultTree, resultTree } from "./result-tree.ts";
import { type RootVerdicts, rootVerdicts } from "./root-verdicts.ts";
import { forFrame } from "./verdict.ts";
import { type VerifyOptions, verifyCommitment } from "./verify.ts";

export type { AttestationState } from "./attestation-state.ts";

/** The outcome of `verifyResultAttestations`. */
export interface ResultAttestationReport {
  /** The state of `result_attestation` over the recomputed root of exactly `result.frames` (F12). */
  readonly result: AttestationState;
  /** One state per frame, in `result.frames` order. */
  readonly frames: readonly AttestationState[];
  /** `frame_attestations` entries naming no frame of this result (F11), or beyond one per frame. */
  readonly orphans: number;
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
 * `verifyResultAttestations` (spec §3.11–§3.13): recomputes every frame's
 * commitment under `providerName` (the handshake-declared name), the Merkle
 * root of exactly `result.frames` in canonical order, and checks the result
 * attestation, each per-frame attestation and each inclusion proof against
 * `attesterKeys`. At most one entry per frame and `frames.length` entries are
 * examined; the result signature is verified once whatever the number of proofs.
 */
export async function verifyResultAttestations(
  result: Pick<ContextQueryResult, "frames" | "frame_attestations" | "result_attestation">,
  providerName: string,
  attesterKeys: readonly AttesterKey[],
  options: VerifyOptions = {},
): Promise<ResultAttestationReport> {
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

/**
 * Checking one answer's attestations against the keys its handshake
 * published (spec §3.11–§3.13, F6–F15): every piece of evidence, each named
 * by its verdict when it is not `valid`.
 */
import { replayFrameProof, type ResultTree, resultTree } from "../../attest/result-tree.ts";
import { type RootVerdicts, rootVerdicts } from "../../attest/root-verdicts.ts";
import { type AttestationVerdict, forFrame } from "../../attest/verdict.ts";
import { verifyCommitment } from "../../attest/verify.ts";
import { keyTable } from "../../attest/attestation-state.ts";
import type { AttesterKey, FrameAttestation, ProvenanceAttestation } from "../../protocol/attestation.ts";
import type { ContextFrame } from "../../protocol/frame.ts";
import type { ContextQueryResult } from "../../protocol/result.ts";
import { count, findings, quote } from "../evidence.ts";
import { fail, skip, type Verdict } from "./check.ts";

/** A verdict that is not `valid`, as evidence. */
function verdictText(verdict: AttestationVerdict): string {
  switch (verdict.kind) {
    case "valid":
      return "Valid";
    case "valid_identity_only":
      return "ValidIdentityOnly: the frame has no content_digest, so the signature binds its identity, not its bytes (F14, F15)";
    case "commitment_mismatch":
      return `CommitmentMismatch: signed ${quote(verdict.signed)}, the served frames commit to ${verdict.expected} (F7)`;
    case "bad_signature":
      return "BadSignature: not signed by the published key";
    case "unknown_algorithm":
      return `UnknownAlgorithm ${quote(verdict.algorithm)}: cannot be checked, so nothing is attested (F8; 2.0.0 skipped when every attestation had one, the later revision fails)`;
    case "malformed_key":
      return "MalformedKey: the published key is not a usable Ed25519 key";
    case "malformed_signature":
      return "MalformedSignature: the signature is not 64 bytes of lowercase hex";
    case "malformed_commitment":
      return "MalformedCommitment: the commitment or the proof is malformed";
    case "content_mismatch":
      return `ContentMismatch (ours): content_digest ${quote(verdict.signed)} is signed, the content hashes to ${verdict.recomputed} (§1.8 #5)`;
  }
}

/** What checking every piece of evidence found. */
interface AttestationTally {
  readonly problems: string[];
  attestations: number;
  proofs: number;
  root: boolean;
}

type KeyOf = (attestation: ProvenanceAttestation, what: string) => string | undefined;

/** What checking any one entry needs: each frame's commitment and the tree over them, computed once (spec §3.7). */
interface Evidence {
  readonly tree: ResultTree;
  /** The result attestation, verified once per (root, key) however many proofs replay to it (spec §3.8). */
  readonly root: { readonly attestation: ProvenanceAttestation; readonly verdict: RootVerdicts } | undefined;
  readonly keyOf: KeyOf;
}

/** Checks the `frame_attestations` entry of frame `i` (in `frames` order). */
async function checkEntry(
  evidence: Evidence,
  frame: ContextFrame,
  i: number,
  entry: FrameAttestation,
  tally: AttestationTally,
): Promise<void> {
  const id = quote(frame.id);
  if (!entry.attestation && !entry.inclusion_proof)
    tally.problems.push(`frame ${id}: its entry carries neither attestation nor inclusion_proof`);
  const key = entry.attestation && evidence.keyOf(entry.attestation, `frame ${id}`);
  if (entry.attestation && key) {
    const verdict = forFrame(await verifyCommitment(evidence.tree.commitments[i]!, entry.attestation, key), frame);
    if (verdict.kind !== "valid") tally.problems.push(`frame ${id} attestation: ${verdictText(verdict)}`);
    else tally.attestations += 1;
  }
  if (!entry.inclusion_proof) return;
  const root = evidence.root;
  if (!root) return void tally.problems.push(`F13 frame ${id}: an inclusion_proof without result_attestation`);
  const rootKey = evidence.keyOf(root.attestation, `frame ${id} inclusion`);
  if (!rootKey) return;
  // `verify_frame_inclusion` (spec §3.8) over the tree already built.
  const replayed = replayFrameProof(evidence.tree, i, entry.inclusion_proof);
  const verdict: AttestationVerdict =
    "problem" in replayed
      ? { kind: "malformed_commitment" }
      : forFrame(await root.verdict(replayed.root, rootKey), frame);
  if (verdict.kind !== "valid") tally.problems.push(`frame ${id} inclusion_proof: ${verdictText(verdict)}`);
  else tally.proofs += 1;
}

/** The index of the frame an entry names by full identity (F11), or -1 when the answer does not carry it. */
function named(name: string, frames: readonly ContextFrame[], entry: FrameAttestation): number {
  if (entry.frame.provider_id !== name) return -1;
  return frames.findIndex(
    (frame) => frame.id === entry.frame.frame_id && frame.content_digest === entry.frame.content_digest,
  );
}

/**
 * Verifies every `frame_attestations` entry (per-frame attestation and
 * inclusion proof) and the `result_attestation` over the root of exactly the
 * answer's frames (F12), under the published keys, with `name` (the declared
 * `provider.name`) in every commitment (spec §3.6). Each commitment is
 * computed once, and the result signature verified once per root it is asked about.
 */
export async function checkAttestations(
  name: string,
  result: ContextQueryResult,
  keys: readonly AttesterKey[],
): Promise<AttestationTally> {
  const tally: AttestationTally = { problems: [], attestations: 0, proofs: 0, root: false };
  const published = keyTable(keys);
  const keyOf: KeyOf = (attestation, what) => {
    const key = published.get(attestation.key_id);
    if (key === undefined) tally.problems.push(`${what}: key id ${quote(attestation.key_id)} is not published (§3.12)`);
    return key;
  };
  const frames = result.frames;
  const attestation = result.result_attestation;
  const evidence: Evidence = {
    tree: resultTree(name, frames),
    root: attestation && { attestation, verdict: rootVerdicts(attestation, {}) },
    keyOf,
  };
  const entries = result.frame_attestations ?? [];
  if (entries.length > frames.length)
    tally.problems.push(`F11: ${count(entries.length, "entry", "entries")} for ${count(frames.length, "frame")}`);
  for (const entry of entries.slice(0, frames.length)) {
    const i = named(name, frames, entry);
    if (i !== -1) await checkEntry(evidence, frames[i]!, i, entry, tally);
    else
      tally.problems.push(`F11: an entry names frame ${quote(entry.frame.frame_id)}, which the answer does not carry`);
  }
  const root = evidence.root;
  const key = root && keyOf(root.attestation, "result_attestation");
  if (root && key) {
    const verdict = await root.verdict(evidence.tree.tree.root, key);
    if (verdict.kind === "valid") tally.root = true;
    else tally.problems.push(`F12 result_attestation: ${verdictText(verdict)}`);
  }
  return tally;
}

/**
 * What an answer's evidence amounts to before any signature is checked (spec
 * §3.10, §3.12, F6): nothing to judge (`unsigned`: no key and no
 * attestation; no frame), a published key with nothing detached, or
 * attestations with no published key; `undefined` when there is evidence to
 * check. `inline` holds the F6 findings, when the raw line could be read.
 */
export function presenceVerdict(
  keys: readonly AttesterKey[],
  result: ContextQueryResult,
  inline: readonly string[],
  unsigned: string,
): Verdict | undefined {
  const detached = (result.frame_attestations?.length ?? 0) > 0 || result.result_attestation !== undefined;
  if (keys.length === 0 && !detached && inline.length === 0) return skip(unsigned);
  if (result.frames.length === 0) return skip("the probe answer has no frame to attest");
  if (keys.length > 0 && !detached)
    return fail(
      findings([`${count(keys.length, "key")} published, but the answer carries no detached attestation`, ...inline]),
    );
  if (keys.length === 0)
    return fail(findings(["the answer carries attestations, but the handshake published no key", ...inline]));
  return undefined;
}

/** A tally without problems, as evidence: how many frames, attestations and proofs were valid, and the root. */
export function tallyText(frames: number, tally: AttestationTally): string {
  const root = tally.root ? "; result_attestation valid over exactly these frames (F12)" : "";
  return `${count(frames, "frame")}: ${count(tally.attestations, "attestation")} and ${count(tally.proofs, "inclusion proof")} valid under the published key${root}`;
}

/** The result signature, verified once per (root, key) however many inclusion proofs replay to that root (spec §3.8 step 4). */
import type { ProvenanceAttestation } from "../protocol/attestation.ts";
import { digestString } from "./bytes.ts";
import type { AttestationVerdict } from "./verdict.ts";
import { type VerifyOptions, verifyCommitment } from "./verify.ts";

/** The verdict of the result attestation over a root under a public key (64 hex). */
export type RootVerdicts = (root: Uint8Array, publicKey: string) => Promise<AttestationVerdict>;

/** `verifyCommitment` of `attestation` over a root, remembered per (root, key) (spec §3.8, §3.11). */
export function rootVerdicts(attestation: ProvenanceAttestation, options: VerifyOptions): RootVerdicts {
  const verdicts = new Map<string, Promise<AttestationVerdict>>();
  return (root, publicKey) => {
    const key = `${digestString(root)} ${publicKey}`;
    let verdict = verdicts.get(key);
    if (!verdict) {
      verdict = verifyCommitment(root, attestation, publicKey, options);
      verdicts.set(key, verdict);
    }
    return verdict;
  };
}

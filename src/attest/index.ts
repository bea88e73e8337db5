/**
 * `frameline/attest`: provenance attestation, byte-exact (spec §3, protocol §6.5). Most programs need
 * `signerFromSeed` and `attestResult` (providers) or `verifyResultAttestations` (hosts, auditors). The
 * encodings, commitments and Merkle functions are exported as low-level primitives for implementers
 * checking the §3.14 vectors or building their own verifier.
 */
export { AttestationError, type AttestationErrorCode } from "./attestation-error.ts";
export { digestString, fromHex, parseDigestString, toHex } from "./bytes.ts";
export { DOMAIN, encodeLink, encOpt, encStr } from "./encoding.ts";
export { contentDigest, sha256 } from "./hash.ts";
export {
  type CommittedFrame,
  frameCommitment,
  frameCommitmentString,
  provenanceChainHead,
  provenanceChainHeadString,
} from "./commitment.ts";
export { canonicalOrder } from "./order.ts";
export {
  inclusionProof,
  MAX_INCLUSION_PATH_STEPS,
  merkleLeaf,
  merkleNode,
  merkleRoot,
  rootFromProof,
} from "./merkle.ts";
export { defaultEngine, detectEngine, type Ed25519Engine, nobleEngine, webCryptoEngine } from "./ed25519.ts";
export { type AttestationVerdict, bindsContent, isValid, signatureVerifies } from "./verdict.ts";
export {
  ED25519,
  verifyCommitment,
  verifyFrameAttestation,
  verifyFrameInclusion,
  type VerifyOptions,
} from "./verify.ts";
export {
  type AttestationState,
  type ResultAttestationReport,
  type ResultSignatureReport,
  verifyResultAttestations,
  verifyResultSignatures,
} from "./verify-result.ts";
export { boundFrameState, boundResultState } from "./bound-state.ts";
export { type Signer, type SignerIdentity, signerFromKeyPair, signerFromSeed } from "./signer.ts";
export { attestResult, signCommitment, signFrameAttestation, type SignOptions } from "./sign.ts";
export { type ContentBinding, contentBindingOf } from "./content-binding.ts";
export { frameProof, type ResultTree, resultTree } from "./result-tree.ts";
export { type InclusionTrace, type InclusionTraceStep, traceInclusion } from "./inclusion-trace.ts";
export type { ProofProblem } from "./merkle.ts";

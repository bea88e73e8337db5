/**
 * The browser entry the attestation benchmark bundles (bench/attest.ts, part 4):
 * only the host-side verifier and whatever it pulls in. A browser with
 * WebCrypto Ed25519 loads this chunk alone; `@noble/ed25519` is imported
 * lazily by `nobleEngine()` and lands in a chunk of its own.
 */
export { verifyResultAttestations } from "../src/attest/verify-result.ts";

/** Provenance chain heads and frame commitments (spec §3.5, §3.6). */
import type { ContextFrame, Provenance } from "../protocol/frame.ts";
import { digestString } from "./bytes.ts";
import { DOMAIN, Preimage } from "./encoding.ts";
import { sha256 } from "./hash.ts";

const EMPTY_CHAIN_HEAD = sha256(DOMAIN.genesis);
/** One scratch preimage, reused: hashing is synchronous, so no two uses interleave. */
const scratch = new Preimage();

/**
 * The provenance chain head (spec §3.5): `H(GENESIS)`, then
 * `h = H(LINK ‖ h ‖ encode(link))` for each link, closest-to-source first.
 */
export function provenanceChainHead(links: readonly Provenance[] | undefined): Uint8Array {
  let head = EMPTY_CHAIN_HEAD;
  for (const link of links ?? []) head = sha256(scratch.reset().raw(DOMAIN.link).raw(head).link(link).view());
  return head;
}

/** What of a frame enters its commitment: id, content digest, provenance (spec §3.6). */
export type CommittedFrame = Pick<ContextFrame, "id" | "content_digest" | "provenance">;

/**
 * The frame commitment (spec §3.6): `H(FRAME ‖ enc_str(provider) ‖ enc_str(id)
 * ‖ enc_opt(content_digest) ‖ chain_head)`. `providerName` is the
 * handshake-declared `provider.name`; nothing else of the frame is bound.
 *
 * @example digestString(frameCommitment("repo-graph", frame)) // "sha256:cba5…"
 */
export function frameCommitment(providerName: string, frame: CommittedFrame): Uint8Array {
  const head = provenanceChainHead(frame.provenance);
  return sha256(
    scratch.reset().raw(DOMAIN.frame).str(providerName).str(frame.id).opt(frame.content_digest).raw(head).view(),
  );
}

/** `provenanceChainHead` in its `sha256:<hex>` form. */
export function provenanceChainHeadString(links: readonly Provenance[] | undefined): string {
  return digestString(provenanceChainHead(links));
}

/** `frameCommitment` in its `sha256:<hex>` form, as `signed_commitment` carries it. */
export function frameCommitmentString(providerName: string, frame: CommittedFrame): string {
  return digestString(frameCommitment(providerName, frame));
}

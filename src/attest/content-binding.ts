/** Whether a frame's inline bytes are the ones its `content_digest` names (spec §1.8 #5, §3.6, D1, D4). */
import type { ContextFrame } from "../protocol/frame.ts";
import { contentDigestSync } from "./hash.ts";

/**
 * What recomputing a frame's content digest found. A signature binds content
 * only through `content_digest` (spec §3.6), so a verified attestation says
 * nothing about bytes that no longer hash to it: `mismatch` names both digests,
 * the `declared` one the frame carries and the one its bytes `recomputed` to.
 */
export type ContentBinding =
  | { readonly kind: "matches" }
  | { readonly kind: "mismatch"; readonly declared: string; readonly recomputed: string }
  /** No `content_digest`: nothing binds the bytes (F15). */
  | { readonly kind: "no_digest" }
  /** No inline content (a `reference` frame, spec §1.8): the digest covers inline bytes only (D4). */
  | { readonly kind: "no_content" };

/**
 * Recomputes `sha256:` of the UTF-8 bytes of `frame.content` and compares it
 * with `frame.content_digest` (spec §1.8 #5, D1, D4): one SHA-256 over the
 * content, synchronous. `verifyResultAttestations` and the host's audit apply
 * it to every frame; call it directly only to show the binding on its own.
 *
 * @example
 * const digest = "sha256:8f434346648f6b96df89dda901c5176b10a6d83961dd3c1ac88b59b2dc327aa4"; // of "hi"
 * contentBindingOf({ content: "hi", content_digest: digest }) // { kind: "matches" }
 * contentBindingOf({ content: "hi!", content_digest: digest }) // { kind: "mismatch", declared: "sha256:8f43…", … }
 */
export function contentBindingOf(frame: Pick<ContextFrame, "content" | "content_digest">): ContentBinding {
  if (frame.content === undefined) return { kind: "no_content" };
  if (frame.content_digest === undefined) return { kind: "no_digest" };
  const recomputed = contentDigestSync(frame.content);
  return recomputed === frame.content_digest
    ? { kind: "matches" }
    : { kind: "mismatch", declared: frame.content_digest, recomputed };
}

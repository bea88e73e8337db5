/** Whether a frame's inline bytes are the ones its `content_digest` names (spec §1.8 #5, §3.6, D1, D4). */
import type { ContextFrame } from "../protocol/frame.ts";
import { contentDigest } from "./hash.ts";

/**
 * What recomputing a frame's content digest found. A signature binds content
 * only through `content_digest` (spec §3.6), so a verified attestation says
 * nothing about bytes that no longer hash to it: `mismatch` names both digests.
 */
export type ContentBinding =
  | { readonly kind: "matches" }
  | { readonly kind: "mismatch"; readonly expected: string; readonly actual: string }
  /** No `content_digest`: nothing binds the bytes (F15). */
  | { readonly kind: "no_digest" }
  /** No inline content (a `reference` frame, spec §1.8): the digest covers inline bytes only (D4). */
  | { readonly kind: "no_content" };

/**
 * Recomputes `sha256:` of the UTF-8 bytes of `frame.content` and compares it
 * with `frame.content_digest` (D1, D4). A host that shows a frame as verified
 * should also show that its content still matches (F15, F16).
 *
 * @example await checkContentBinding({ content: "hi", content_digest: "sha256:8f43…" }) // { kind: "matches" }
 */
export async function checkContentBinding(
  frame: Pick<ContextFrame, "content" | "content_digest">,
): Promise<ContentBinding> {
  if (frame.content === undefined) return { kind: "no_content" };
  if (frame.content_digest === undefined) return { kind: "no_digest" };
  const actual = await contentDigest(frame.content);
  return actual === frame.content_digest
    ? { kind: "matches" }
    : { kind: "mismatch", expected: frame.content_digest, actual };
}

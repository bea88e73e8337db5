/**
 * An attestation state with the frame's content binding applied (spec §1.8 #5,
 * §3.6, §3.13, D1, F15): "attested" holds only for the bytes that were signed.
 */
import type { AttestationState } from "./attestation-state.ts";
import type { ContentBinding } from "./content-binding.ts";

/** The state a verified signature over altered content becomes: `invalid`, naming both digests. */
type ContentMismatch = Extract<AttestationState, { readonly state: "invalid" }>;

function contentMismatch(binding: Extract<ContentBinding, { kind: "mismatch" }>): ContentMismatch {
  return {
    state: "invalid",
    verdict: { kind: "content_mismatch", signed: binding.declared, recomputed: binding.recomputed },
  };
}

/**
 * A frame's state under its content binding [inferred: the reference host takes
 * `content_digest` verbatim, §3.6]: an `attested` frame whose inline bytes do
 * not hash to the `content_digest` its signature covers is `invalid` with a
 * `content_mismatch` verdict. Every other state is returned as it is: a
 * reference frame (no inline content, D4) and a frame without a digest (F15,
 * `coversContent: false` already) are not mismatches, and a state that claims
 * no trust is not made into one.
 */
export function boundFrameState<S extends AttestationState>(state: S, binding: ContentBinding): S | ContentMismatch {
  return state.state === "attested" && binding.kind === "mismatch" ? contentMismatch(binding) : state;
}

/**
 * The result root's state under its frames' bindings [inferred]: the root signs
 * every frame's `content_digest` (§3.7), so an attested root over a result with
 * an altered frame is `invalid` (`content_mismatch`, naming the first such
 * frame's digests), and it covers content only if every frame with inline
 * content has a digest its bytes match (F15: a digest-less frame's bytes are
 * not covered, so neither is the whole result's).
 */
export function boundResultState<S extends AttestationState>(
  state: S,
  bindings: readonly ContentBinding[],
): S | ContentMismatch {
  if (state.state !== "attested") return state;
  const altered = bindings.find((b) => b.kind === "mismatch");
  if (altered?.kind === "mismatch") return contentMismatch(altered);
  const covers = state.coversContent && bindings.every((b) => b.kind !== "no_digest");
  return covers === state.coversContent ? state : { ...state, coversContent: covers };
}

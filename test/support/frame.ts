// A valid full frame for the requirement-check tests (spec §1.8), with members replaced as a test needs.
import type { ContextFrame } from "./lib.ts";

/** A frame that passes every check, with `extra` merged over it. */
export function contextFrame(extra: Partial<ContextFrame> = {}): ContextFrame {
  return {
    id: "f",
    kind: "doc",
    title: "Title",
    content: "abcd",
    score: 0.5,
    token_cost: 1,
    citation_label: "label",
    ...extra,
  };
}

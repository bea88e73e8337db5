/** The per-frame block of a composed prompt (spec §4.8). */
import { isBlank } from "../../protocol/grammars.ts";
import type { ContextFrame } from "../../protocol/frame.ts";
import type { FrameId } from "../../protocol/frame-id.ts";
import { escapeAttribute, neutralizeFences } from "./fence.ts";

/** The label a frame is cited by (spec §4.8, F3): `citation_label` when it is not blank, else `title`. */
export function citeLabel(frame: Pick<ContextFrame, "citation_label" | "title">): string {
  return frame.citation_label !== undefined && !isBlank(frame.citation_label) ? frame.citation_label : frame.title;
}

/**
 * Renders one frame as its fenced block (spec §4.8, R3), byte for byte:
 * `<frame provider="{P}" id="{ID}" kind="{KIND}" cite="{CITE}">\n{CONTENT}\n</frame>\n`.
 * `P` and `ID` come from `frameId`; attributes are escaped with
 * `escapeAttribute` (a no-op on every base kind, so an open-vocabulary kind
 * cannot break the fence either); `CONTENT` is `""` when absent, with fence
 * tokens neutralised. Score and token_cost never appear, so ranking cannot change bytes.
 *
 * @example
 * const frame = { kind: "doc", title: "A", citation_label: "a.md", content: "body" };
 * renderFrameBlock({ provider_id: "docs", frame_id: "a" }, frame)
 * // '<frame provider="docs" id="a" kind="doc" cite="a.md">\nbody\n</frame>\n'
 */
export function renderFrameBlock(
  frameId: FrameId,
  frame: Pick<ContextFrame, "kind" | "title" | "citation_label" | "content">,
): string {
  const attributes = [
    `provider="${escapeAttribute(frameId.provider_id)}"`,
    `id="${escapeAttribute(frameId.frame_id)}"`,
    `kind="${escapeAttribute(frame.kind)}"`,
    `cite="${escapeAttribute(citeLabel(frame))}"`,
  ].join(" ");
  return `<frame ${attributes}>\n${neutralizeFences(frame.content ?? "")}\n</frame>\n`;
}

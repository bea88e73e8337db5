/** A badge element: its tone as a class, its words as text, and its machine verdict as data (for the verdicts export and tests). */
import type { Badge } from "../../shared/messages.ts";
import { el } from "../dom.ts";

/** The badge of a frame or of the result root; the detail goes in a title as well as beside it. */
export function badge(view: Badge): HTMLElement {
  return el(
    "span",
    {
      class: `badge badge-${view.tone}`,
      "data-badge": view.tone,
      "data-verdict": view.verdict,
      "data-key-id": view.keyId,
      "data-tier": view.tier,
      title: view.detail,
    },
    view.tier === "pinned" ? `${view.label} · pinned key` : view.label,
  );
}

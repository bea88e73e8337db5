/**
 * Badges and breaches as elements, drawn by several panels (results,
 * handshake). A badge: its tone as a class (a filled pill
 * with an icon, style.css: nothing a provider's text can draw, since provider
 * text is always quoted), its words as text, and its machine verdict as data
 * (for the verdicts export and tests).
 */
import type { Violation } from "../../../src/protocol/index.ts";
import type { Badge } from "../../shared/messages.ts";
import { el, quote } from "../dom.ts";

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

/** Breaches, each with its anchor (B3, F11, H2 …); nothing when there are none. */
export function violationList(violations: readonly Violation[]): HTMLElement | undefined {
  if (violations.length === 0) return undefined;
  return el(
    "ul",
    { class: "violations" },
    ...violations.map((v) =>
      el("li", { "data-anchor": v.anchor }, `${v.anchor}: `, quote(v.message, { class: "bare" })),
    ),
  );
}

/**
 * The compose view (spec §4.8): the prompt `composeForPrompt` builds within a
 * budget, as text, and its audit: every offered frame once, admitted or
 * dropped, and why.
 */
import type { AuditEntry } from "../../../src/host/index.ts";
import type { ComposeView } from "../../shared/messages.ts";
import { isolated } from "../../shared/visible.ts";
import { byId, el, fill, quote } from "../dom.ts";

function disposition(entry: AuditEntry): string {
  const d = entry.disposition;
  if (d.kind === "included") return `admitted (${d.verification})`;
  switch (d.reason.kind) {
    case "content_mismatch":
      return "dropped: content altered (it does not match its content_digest)";
    case "duplicate":
      return `dropped: duplicate of ${isolated(d.reason.kept.frame_id)}`;
    default:
      return `dropped: costs ${d.reason.cost}, only ${d.reason.remaining} left`;
  }
}

function attestation(entry: AuditEntry): string {
  const a = entry.attestation;
  if (a.state === "attested") return a.coversContent ? "verified" : "identity only";
  if (a.state === "invalid" && a.verdict.kind === "content_mismatch") return "invalid: content altered";
  return a.state.replaceAll("_", " ");
}

/** Renders a composition. */
export function renderCompose(view: ComposeView): void {
  const admitted = view.entries.filter((e) => e.disposition.kind === "included").length;
  fill(
    byId("compose-body"),
    el(
      "p",
      { "data-compose": "summary" },
      `${admitted} of ${view.entries.length} frames admitted; ${view.tokensUsed} of ${view.globalBudget} budget tokens used.`,
    ),
    el(
      "table",
      {},
      el("caption", {}, "Composition audit"),
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", { scope: "col" }, "Frame"),
          el("th", { scope: "col" }, "Disposition"),
          el("th", { scope: "col" }, "Attestation"),
        ),
      ),
      el(
        "tbody",
        {},
        ...view.entries.map((e) =>
          el(
            "tr",
            { "data-disposition": e.disposition.kind },
            el("td", {}, quote(e.frame.frame_id)),
            el("td", {}, disposition(e)),
            el("td", {}, attestation(e)),
          ),
        ),
      ),
    ),
    el("h3", {}, "Prompt"),
    el(
      "pre",
      { class: "content", id: "prompt", tabindex: 0, "aria-label": "The composed prompt" },
      quote(view.prompt, { class: "bare" }),
    ),
  );
}

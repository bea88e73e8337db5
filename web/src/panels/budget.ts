/**
 * The budget bar (spec §2.7): the declared total against `max_tokens`, each
 * frame's recomputed cost as a segment, and every B1, B3, B4 violation with
 * its anchor. The numbers are the canonical costs `ceil(utf8 bytes / 4)`.
 */
import type { AnswerView } from "../../shared/messages.ts";
import { byId, el, fill } from "../dom.ts";

/** Renders the budget bar of an answer. */
export function renderBudget(answer: AnswerView): void {
  const { budget } = answer;
  const scale = Math.max(budget.maxTokens, budget.declared, budget.canonical, 1);
  const segments = answer.frames.map((f) => {
    const segment = el("span", {
      "data-frame-id": f.frame.id,
      "data-cost": f.cost.canonical,
      "data-declared": f.cost.declared,
      title: `${f.frame.title}: ${f.cost.canonical} budget tokens`,
      class: f.cost.canonical !== f.cost.declared ? "over" : undefined,
    });
    segment.style.width = `${(100 * f.cost.canonical) / scale}%`;
    return segment;
  });
  const bar = el(
    "div",
    { class: "bar", role: "img", "aria-label": `${budget.canonical} of ${budget.maxTokens} budget tokens used` },
    ...segments,
  );
  fill(
    byId("budget"),
    el("h3", {}, "Budget"),
    el(
      "p",
      {},
      "Declared total ",
      el("strong", { "data-budget": "declared" }, budget.declared),
      " of max_tokens ",
      el("strong", { "data-budget": "max" }, budget.maxTokens),
      "; recomputed total ",
      el("strong", { "data-budget": "canonical" }, budget.canonical),
      `; ${answer.frames.length} frames of max_frames ${budget.maxFrames}.`,
    ),
    bar,
    budget.violations.length === 0
      ? el("p", { class: "note" }, "Within budget: B1, B3 and B4 hold.")
      : el(
          "ul",
          { class: "violations", "aria-label": "Budget violations" },
          ...budget.violations.map((v) => el("li", { "data-anchor": v.anchor }, `${v.anchor}: ${v.message}`)),
        ),
  );
}

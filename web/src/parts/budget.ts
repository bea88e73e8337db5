/**
 * The budget bar of the results panel (spec §2.7): the declared total against `max_tokens`, each
 * frame's recomputed cost as a segment, and every B1, B3, B4 violation with
 * its anchor. The numbers are the canonical costs `ceil(utf8 bytes / 4)`.
 */
import type { AnswerView, FrameView } from "../../shared/messages.ts";
import { isolated } from "../../shared/visible.ts";
import { byId, el, slots } from "../dom.ts";
import { violationList } from "./badge.ts";

/**
 * Renders the budget numbers and breaches of an answer, and returns how to
 * fill the bar: `add` makes a frame's segment (the caller does it with each
 * card, in slices), `done` puts them all in the bar at once, so the bar is laid
 * out once, not once per slice.
 */
export function renderBudget(answer: AnswerView): { add(frame: FrameView): void; done(): void } {
  const { budget } = answer;
  const scale = Math.max(budget.maxTokens, budget.declared, budget.canonical, 1);
  const root = byId<HTMLDetailsElement>("budget");
  // Folded under its totals, unless a bound is broken.
  root.open = budget.violations.length > 0;
  slots(root, {
    "canonical-short": budget.canonical,
    "max-short": budget.maxTokens,
    declared: budget.declared,
    max: budget.maxTokens,
    canonical: budget.canonical,
    count: answer.frames.length,
    "max-frames": budget.maxFrames,
    bar: [],
    "budget-violations":
      violationList(budget.violations) ?? el("p", { class: "note" }, "Within budget: B1, B3 and B4 hold."),
  });
  const bar = root.querySelector(".bar")!;
  bar.setAttribute("aria-label", `${budget.canonical} of ${budget.maxTokens} budget tokens used`);
  const segments = document.createDocumentFragment();
  return {
    add(f) {
      const segment = el("span", {
        "data-frame-id": f.frame.id,
        "data-cost": f.cost.canonical,
        "data-declared": f.cost.declared,
        title: `${isolated(f.frame.title)}: ${f.cost.canonical} budget tokens`,
        class: f.cost.canonical !== f.cost.declared ? "over" : undefined,
      });
      segment.style.width = `${(100 * f.cost.canonical) / scale}%`;
      segments.append(segment);
    },
    done: () => bar.append(segments),
  };
}

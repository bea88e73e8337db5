/**
 * The answer: a card per frame (kind, title, citation label, score, content as
 * text, provenance with digests, relations as follow-up links, the badge), the
 * budget bar (B1, B3, B4) and the result's Merkle root. Cards are added in
 * slices of about 4 ms, so a 1,000-frame answer never blocks the page.
 */
import type { FrameView, AnswerView } from "../../shared/messages.ts";
import { byId, el, fill, fromTemplate, nextTask, slots } from "../dom.ts";
import { badge, violationList } from "./badge.ts";
import { renderBudget } from "./budget.ts";

/** Work per slice before the page yields to input and painting. */
const SLICE_MS = 4;

/** What a card needs from the page: a link for a relation, and what to do when a frame is selected. */
export interface CardActions {
  readonly followUp: (uri: string) => string;
  readonly select: (index: number) => void;
}

function card(view: FrameView, answer: AnswerView, actions: CardActions): HTMLElement {
  const f = view.frame;
  const node = fromTemplate("frame-card");
  const titleId = `frame-${answer.answer}-${view.index}`;
  node.setAttribute("data-index", String(view.index));
  node.setAttribute("data-frame-id", f.id);
  node.setAttribute("data-verdict", view.badge.verdict);
  node.querySelector("article")!.setAttribute("aria-labelledby", titleId);
  node.querySelector("h3")!.id = titleId;
  const { declared, canonical } = view.cost;
  slots(node, {
    kind: f.kind,
    title: f.title,
    badge: badge(view.badge),
    cite: f.citation_label ?? f.title,
    score: f.score,
    cost: declared === canonical ? canonical : `${canonical} (declared ${declared}, B3)`,
    detail: view.badge.detail,
    content: f.content ?? "(no inline content)",
    provenance: (f.provenance ?? []).map((link) =>
      el(
        "li",
        {},
        el("code", {}, link.type),
        [link.uri, link.range].filter(Boolean).join(" ") || "",
        link.digest ? el("span", { class: "hash" }, ` · ${link.digest}`) : "",
        link.method ? ` · ${link.method}` : "",
        link.by ? ` · by ${link.by}` : "",
      ),
    ),
    digest: f.content_digest ?? "none",
    relations: (f.relations ?? []).map((r) =>
      el("li", {}, el("a", { href: actions.followUp(r.target_uri) }, `${r.rel}: ${r.display_name ?? r.target_uri}`)),
    ),
    violations: violationList(view.violations),
  });
  return node;
}

function summary(answer: AnswerView): string {
  const invalid = answer.frames.filter((f) => f.badge.tone === "invalid").length;
  return `${answer.frames.length} frames from ${answer.providerName} (${answer.source === "import" ? "imported" : "live"}), ${invalid} invalid${answer.truncated ? "; truncated by the provider" : ""}.`;
}

let generation = 0;

/**
 * Renders an answer. Marks `frameline:first-badge` and `frameline:all-badges`
 * (User Timing) when the first and the last card are in the page.
 */
export async function renderAnswer(answer: AnswerView, actions: CardActions): Promise<void> {
  const mine = ++generation;
  byId("results").hidden = false;
  fill(
    byId("answer-summary"),
    summary(answer),
    answer.dropped
      ? ` The host did not accept it: ${answer.dropped.violations.map((v) => `${v.anchor}: ${v.message}`).join("; ")}.`
      : "",
  );
  const bar = renderBudget(answer);
  const { recomputed, signed, badge: rootBadge } = answer.root;
  slots(byId("root"), {
    recomputed,
    signed: signed
      ? el("span", { class: "hash", "data-root": "signed" }, signed)
      : "none: the result is not signed as a whole",
    result: [badge(rootBadge), " ", rootBadge.detail],
  });
  const list = byId("frames");
  list.replaceChildren();
  list.onclick = (event) => {
    const card = (event.target as Element).closest('button[data-action="path"]')?.closest(".frame");
    if (card) actions.select(Number(card.getAttribute("data-index")));
  };
  list.classList.toggle("many", answer.frames.length > 50);
  performance.clearMarks("frameline:first-badge");
  performance.clearMarks("frameline:all-badges");
  let index = 0;
  while (index < answer.frames.length) {
    // Each slice is a task of its own, after the one that received the answer.
    await nextTask();
    if (mine !== generation) return;
    const started = performance.now();
    const slice = document.createDocumentFragment();
    while (index < answer.frames.length && performance.now() - started < SLICE_MS) {
      const frame = answer.frames[index++]!;
      slice.append(card(frame, answer, actions));
      bar.add(frame);
    }
    list.append(slice);
    if (performance.getEntriesByName("frameline:first-badge").length === 0) performance.mark("frameline:first-badge");
  }
  bar.done();
  performance.mark("frameline:all-badges");
}

/** Marks the selected card. */
export function markSelected(index: number | undefined): void {
  for (const node of byId("frames").querySelectorAll(".frame"))
    node.classList.toggle("selected", node.getAttribute("data-index") === String(index));
}

/**
 * The answer: a card per frame (kind, title, citation label, score, content as
 * text, provenance with digests, relations as follow-up links, the badge), the
 * budget bar (B1, B3, B4) and the result's Merkle root. Cards are added in
 * slices of a few milliseconds, so a 1,000-frame answer never blocks the page.
 */
import type { FrameView, AnswerView } from "../../shared/messages.ts";
import { byId, el, fill, nextTask } from "../dom.ts";
import { badge } from "./badge.ts";
import { renderBudget } from "./budget.ts";

/** Work per slice before the page yields to input and painting. */
const SLICE_MS = 6;

/** What a card needs from the page: a link for a relation, and what to do when a frame is selected. */
export interface CardActions {
  readonly followUp: (uri: string) => string;
  readonly select: (index: number) => void;
}

function provenance(view: FrameView): HTMLElement {
  const links = view.frame.provenance ?? [];
  return el(
    "details",
    { class: "provenance" },
    el("summary", {}, `Provenance (${links.length}) and digests`),
    el(
      "ul",
      {},
      ...links.map((link) =>
        el(
          "li",
          {},
          el("code", {}, link.type),
          link.uri ? ` ${link.uri}` : "",
          link.range ? ` ${link.range}` : "",
          link.digest ? el("span", {}, " · ", el("span", { class: "hash" }, link.digest)) : "",
          link.method ? ` · ${link.method}` : "",
          link.by ? ` · by ${link.by}` : "",
        ),
      ),
    ),
    el("p", {}, "content_digest: ", el("span", { class: "hash" }, view.frame.content_digest ?? "none")),
  );
}

function relations(view: FrameView, actions: CardActions): HTMLElement | undefined {
  const list = view.frame.relations ?? [];
  if (list.length === 0) return undefined;
  return el(
    "ul",
    { class: "relations", "aria-label": "Relations: each link asks a follow-up query anchored on its target" },
    ...list.map((r) =>
      el("li", {}, el("a", { href: actions.followUp(r.target_uri) }, `${r.rel}: ${r.display_name ?? r.target_uri}`)),
    ),
  );
}

function card(view: FrameView, answer: AnswerView, actions: CardActions): HTMLElement {
  const f = view.frame;
  const titleId = `frame-${answer.answer}-${view.index}`;
  const cost =
    view.cost.declared === view.cost.canonical
      ? `${view.cost.canonical}`
      : `${view.cost.canonical} (declared ${view.cost.declared}, B3)`;
  const select = el("button", { type: "button", class: "quiet", "data-action": "path" }, "Show inclusion path");
  select.addEventListener("click", () => actions.select(view.index));
  return el(
    "li",
    { class: "frame", "data-index": view.index, "data-frame-id": f.id, "data-verdict": view.badge.verdict },
    el(
      "article",
      { "aria-labelledby": titleId },
      el("header", {}, el("span", { class: "kind" }, f.kind), el("h3", { id: titleId }, f.title), badge(view.badge)),
      el(
        "p",
        { class: "meta" },
        `cite: ${f.citation_label ?? f.title} · score ${f.score} · cost `,
        el("span", { class: "cost" }, cost),
      ),
      el("p", { class: "badge-detail" }, view.badge.detail),
      f.content === undefined
        ? el("p", { class: "note" }, "No inline content.")
        : el("pre", { class: "content" }, f.content),
      provenance(view),
      relations(view, actions),
      view.violations.length > 0
        ? el("ul", { class: "violations" }, ...view.violations.map((v) => el("li", {}, `${v.anchor}: ${v.message}`)))
        : undefined,
      select,
    ),
  );
}

function summary(answer: AnswerView): string {
  const counts = new Map<string, number>();
  for (const f of answer.frames) counts.set(f.badge.label, (counts.get(f.badge.label) ?? 0) + 1);
  const tally = [...counts].map(([label, n]) => `${n} ${label.toLowerCase()}`).join(", ");
  const from = answer.source === "import" ? "imported from a transcript" : "live";
  return `${answer.frames.length} frames from ${answer.providerName} (${from})${tally ? `: ${tally}` : ""}${answer.truncated ? "; the provider truncated the answer" : ""}.`;
}

function root(answer: AnswerView): HTMLElement {
  const { recomputed, signed, badge: rootBadge } = answer.root;
  return el(
    "dl",
    { class: "root" },
    el("dt", {}, "Merkle root (recomputed)"),
    el("dd", {}, el("span", { class: "hash", "data-root": "recomputed" }, recomputed)),
    el("dt", {}, "Merkle root (signed)"),
    el(
      "dd",
      {},
      signed
        ? el("span", { class: "hash", "data-root": "signed" }, signed)
        : "none: the result is not signed as a whole",
    ),
    el("dt", {}, "Result attestation"),
    el("dd", {}, badge(rootBadge), " ", rootBadge.detail),
  );
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
  renderBudget(answer);
  fill(byId("root"), root(answer));
  const list = byId("frames");
  list.replaceChildren();
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
    while (index < answer.frames.length && performance.now() - started < SLICE_MS)
      slice.append(card(answer.frames[index++]!, answer, actions));
    list.append(slice);
    if (performance.getEntriesByName("frameline:first-badge").length === 0) performance.mark("frameline:first-badge");
  }
  performance.mark("frameline:all-badges");
}

/** Marks the selected card. */
export function markSelected(index: number | undefined): void {
  for (const node of byId("frames").querySelectorAll(".frame"))
    node.classList.toggle("selected", node.getAttribute("data-index") === String(index));
}

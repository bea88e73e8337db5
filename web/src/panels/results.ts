/**
 * The answer: a card per frame (its badge, what the signature covers and what
 * it does not, spec §3.6; kind, title, citation label, score, content as text,
 * provenance, relations as follow-up links), the budget bar (B1, B3, B4), the
 * result's Merkle root, and how many frames are not verified, with a filter
 * for them. Every provider string is quoted (`quote`). Cards are added in
 * slices of about 4 ms, so a 1,000-frame answer never blocks the page.
 */
import type { Provenance } from "../../../src/protocol/index.ts";
import type { AnswerView, BadgeTone, FrameView } from "../../shared/messages.ts";
import { isolated } from "../../shared/visible.ts";
import { byId, el, fill, fromTemplate, marked, nextTask, quote, slots } from "../dom.ts";
import { badge, violationList } from "../parts/badge.ts";
import { renderBudget } from "../parts/budget.ts";

/** Work per slice before the page yields to input and painting. */
const SLICE_MS = 4;

/** Content taller than this many estimated rows of 30 characters scrolls in its own box (style.css). */
const SCROLL_ROWS = 12;

/** What a card needs from the page: a link for a relation, and what to do when a frame is selected. */
interface CardActions {
  readonly followUp: (uri: string) => string;
  readonly select: (index: number) => void;
}

/** Which coverage sentence (index.html, `#covers`) is true of a badge. */
const COVERS: Partial<Record<BadgeTone, string>> = { verified: "verified", identity: "identity" };
let coverage: Map<string, string> | undefined;

/** What the signature of a frame with this badge covers, in words (read from index.html once). */
function covers(tone: BadgeTone): string {
  coverage ??= new Map(
    [...byId<HTMLTemplateElement>("covers").content.querySelectorAll("p")].map((p) => [
      p.getAttribute("data-covers")!,
      p.textContent!,
    ]),
  );
  return coverage.get(COVERS[tone] ?? "none")!;
}

const LINK_MEMBERS = ["type", "uri", "range", "digest", "method", "by"] as const;

/** A provenance link, every member named and quoted: all six are signed (spec §3.4). */
function provenanceItem(link: Provenance): HTMLElement {
  return el("li", {}, ...LINK_MEMBERS.flatMap((m) => (link[m] === undefined ? [] : [` ${m} `, quote(link[m])])));
}

/** A long content scrolls in a box that the keyboard can reach. */
function scrolls(node: HTMLElement, text: string | undefined, name: string): void {
  const pre = node.querySelector("pre")!;
  const rows = (text ?? "").split("\n").reduce((sum, line) => sum + Math.ceil(line.length / 30 || 1), 0);
  if (rows <= SCROLL_ROWS) return;
  pre.classList.add("long");
  pre.tabIndex = 0;
  pre.setAttribute("role", "region");
  pre.setAttribute("aria-label", `Content of frame ${name}`);
}

function card(view: FrameView, answer: AnswerView, actions: CardActions): HTMLElement {
  const f = view.frame;
  const node = fromTemplate("frame-card");
  const titleId = `frame-${answer.answer}-${view.index}`;
  const name = `${view.index + 1}, ${isolated(f.title)}`;
  node.setAttribute("data-index", String(view.index));
  node.setAttribute("data-frame-id", f.id);
  node.setAttribute("data-verdict", view.badge.verdict);
  node.setAttribute("data-tone", view.badge.tone);
  node.querySelector("article")!.setAttribute("aria-labelledby", titleId);
  node.querySelector("h3")!.id = titleId;
  node.querySelector("[data-action=path]")!.setAttribute("aria-label", `Show inclusion path of frame ${name}`);
  const { declared, canonical } = view.cost;
  slots(node, {
    kind: marked(f.kind),
    title: marked(f.title),
    badge: badge(view.badge),
    covers: covers(view.badge.tone),
    id: marked(f.id),
    cite: marked(f.citation_label ?? f.title),
    score: f.score,
    cost: declared === canonical ? canonical : `${canonical} (declared ${declared}, B3)`,
    detail: view.badge.detail,
    provenance: (f.provenance ?? []).map(provenanceItem),
    digest: f.content_digest === undefined ? "none" : quote(f.content_digest),
    relations: (f.relations ?? []).map((r) =>
      el(
        "li",
        {},
        el("a", { href: actions.followUp(r.target_uri) }, quote(r.rel), ": ", quote(r.display_name ?? r.target_uri)),
      ),
    ),
    content: f.content === undefined ? "(no inline content)" : marked(f.content),
    violations: violationList(view.violations),
  });
  scrolls(node, f.content, name);
  return node;
}

/** How many frames have each tone, in words: "7 verified, 1 invalid". */
function tally(frames: readonly FrameView[]): { words: string; notVerified: number } {
  const counts = new Map<string, number>();
  for (const f of frames) {
    const label = f.badge.label.split(":")[0]!;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const notVerified = frames.filter((f) => f.badge.tone !== "verified").length;
  return { words: [...counts].map(([label, n]) => `${n} ${label.toLowerCase()}`).join(", "), notVerified };
}

function summary(answer: AnswerView, words: string): string {
  const where = answer.source === "import" ? "imported" : "live";
  return `${answer.frames.length} frames from ${isolated(answer.providerName)} (${where}): ${words || "none"}${answer.truncated ? "; truncated by the provider" : ""}.`;
}

/**
 * The result row: the root's badge, and, when any frame is not verified, that the answer is not vouched for as
 * a whole (when every frame is, the summary above already says so).
 */
function renderRoot(answer: AnswerView, notVerified: number): void {
  const { recomputed, signed, badge: rootBadge } = answer.root;
  const frames = answer.frames.length;
  slots(byId("root"), {
    recomputed,
    signed: signed
      ? el("span", { class: "hash", "data-root": "signed" }, quote(signed, { class: "bare" }))
      : "none: the result is not signed as a whole",
    result: [badge(rootBadge), " ", rootBadge.detail],
    frames: el(
      "strong",
      { "data-frames": notVerified === 0 ? "all-verified" : "not-all-verified" },
      notVerified === 0
        ? ""
        : `${notVerified} of ${frames} frames not verified: the answer is not vouched for as a whole (see the cards).`,
    ),
  });
}

let generation = 0;

/**
 * Renders an answer. Marks `frameline:first-badge` and `frameline:all-badges`
 * (User Timing) when the first and the last card are in the page.
 */
export async function renderAnswer(answer: AnswerView, actions: CardActions): Promise<void> {
  const mine = ++generation;
  const { words, notVerified } = tally(answer.frames);
  fill(
    byId("answer-summary"),
    summary(answer, words),
    answer.dropped
      ? ` The host did not accept it: ${answer.dropped.violations.map((v) => `${v.anchor}: ${isolated(v.message)}`).join("; ")}.`
      : "",
  );
  const bar = renderBudget(answer);
  renderRoot(answer, notVerified);
  fill(byId("problem-count"), `${notVerified} of ${answer.frames.length}`);
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

/** Shows only the frames that are not verified, or every frame. */
export function onlyProblems(on: boolean): void {
  byId("frames").classList.toggle("only-problems", on);
}

/** The card of frame `index`, if it is on the page. */
export function cardOf(index: number): HTMLElement | null {
  return byId("frames").querySelector(`.frame[data-index="${index}"]`);
}

/** Marks the selected card (at most one is): the one marked before is unmarked, not every card visited. */
export function markSelected(index: number | undefined): void {
  byId("frames").querySelector(".frame.selected")?.classList.remove("selected");
  if (index !== undefined) cardOf(index)?.classList.add("selected");
}

/**
 * Asking (spec §1.6, §4.5, §4.6): the query in the form goes to the host,
 * consent first (a gate comes back as a value, and the person is asked); the
 * audited answer is drawn, with its link and its place in the history. Also
 * how any answer, live or imported, goes on the page.
 */
import type { QueryInput } from "../../../src/host/index.ts";
import type { AnswerView, Target } from "../../shared/messages.ts";
import { announce, busy } from "../announce.ts";
import { byId, el, fill } from "../dom.ts";
import { toFragment } from "../fragment.ts";
import { readQuery } from "../panels/query.ts";
import { renderAnswer } from "../panels/results.ts";
import { renderTamper } from "../panels/tamper.ts";
import { guard, page, show } from "../state.ts";
import { host } from "../workers.ts";
import { providerParam } from "./connect.ts";
import { consentTo, refused } from "./consent.ts";
import { selectFrame } from "./path.ts";

/** Asks the host; when it replies with a consent gate, asks the person (once per scope). A refusal sends nothing. */
async function ask(query: QueryInput): Promise<AnswerView | undefined> {
  for (let round = 0; round < 3; round++) {
    const reply = await host.call("query", { input: query });
    if (reply.outcome === "answered") return reply.answer;
    if (!(await consentTo(reply))) return void show({ name: "failed", error: refused(reply) });
  }
  return undefined;
}

/** Runs the query in the form against the provider connected now. */
export async function runQuery(): Promise<void> {
  const query = readQuery();
  show({ name: "querying" });
  performance.mark("frameline:asked");
  const answer = await busy(byId("query"), "Querying and verifying…", () => ask(query));
  if (!answer || !page.target) return;
  const link = toFragment(providerParam(page.target), query);
  history.replaceState(null, "", link);
  fill(byId("share"), el("a", { id: "share-link", href: link }, "Link to this query"));
  remember(answer, page.target);
  renderTamper(answer);
  await showAnswer(answer, link);
  // The answer's top at the top of the screen: on a phone its first badge is then in view.
  byId("results").scrollIntoView({ block: "start" });
  byId("results-h").focus({ preventScroll: true });
}

/** Adds an answered query to the session's history (the inspector's). */
function remember(answer: AnswerView, target: Target): void {
  const verified = answer.frames.filter((f) => f.badge.tone === "verified").length;
  page.history.push({
    at: Date.now(),
    provider: providerParam(target),
    query: answer.query,
    frames: answer.frames.length,
    verified,
  });
}

/** Puts an answer on the page (with `link`, a live one), its cards drawn in slices. */
export async function showAnswer(answer: AnswerView, link?: string): Promise<void> {
  show({ name: "answered", answer, ...(link ? { link } : {}) });
  byId<HTMLInputElement>("compose-budget").value = String(answer.query.max_tokens);
  await renderAnswer(answer, {
    followUp: (uri) =>
      toFragment(page.target ? providerParam(page.target) : "in-page", { ...answer.query, anchors: [uri] }),
    select: (index) => void guard(() => selectFrame(index)),
  });
  const invalid = answer.frames.filter((f) => f.badge.tone === "invalid").length;
  announce(`${answer.frames.length} frames; ${invalid} invalid.`);
}

/**
 * What the page shows, decided in one place. `page` is what it holds of the
 * session (the handshake, the target, the answer on screen and its link, the
 * inclusion path open, consent, the history); `show(phase)` moves it to a
 * phase, and what it holds then says which of the session's sections are on
 * the page. The flows (web/src/flows/) call `show`; the panels
 * (web/src/panels/) only fill their sections.
 */
import type { ConsentState } from "../../src/host/index.ts";
import type { AnswerView, ErrorView, HandshakeView, Target } from "../shared/messages.ts";
import { alertError, announce } from "./announce.ts";
import { byId, fill } from "./dom.ts";
import { explain, failureOf } from "./failures.ts";
import { consentMatters } from "./panels/consent.ts";
import type { HistoryEntry } from "./panels/inspector.ts";
import { cardOf, markSelected } from "./panels/results.ts";
import { loadConsent } from "./storage.ts";

/** The page's phases. */
type Phase =
  /**
   * A connect is under way: the failure before it is cleared, and the last session's sections, answer and link
   * leave the page, so a failed connect leaves no provider (as at the start, index.html).
   */
  | { readonly name: "connecting" }
  /** The handshake is done: its panel, consent, the query form, compose, and revalidation if the provider verifies. */
  | { readonly name: "connected"; readonly view: HandshakeView; readonly target: Target }
  /** A query is asked, or a transcript re-verified: the failure before it is cleared. */
  | { readonly name: "querying" }
  /**
   * An answer is on the page (a new one when `answer` is given, with its `link` when it is live; without, back
   * to it from its inclusion path). Tampering is offered for a live answer of the in-page provider.
   */
  | { readonly name: "answered"; readonly answer?: AnswerView; readonly link?: string }
  /** A frame's inclusion path is open, inside the frame's card. */
  | { readonly name: "path"; readonly index: number }
  /** Something failed: said in words, in the alert region; the rest of the page stays as it was. */
  | { readonly name: "failed"; readonly error: ErrorView };

/** What the page holds of the session. */
export const page: {
  view?: HandshakeView | undefined;
  target?: Target | undefined;
  answer?: AnswerView | undefined;
  /** The link to the latest live query (its URL fragment). */
  link?: string | undefined;
  /** The frame whose inclusion path is open. */
  path?: number | undefined;
  consent: ConsentState;
  /** The queries answered in this session, oldest first (the inspector's history). */
  readonly history: HistoryEntry[];
} = { consent: loadConsent(), history: [] };

/** The inclusion path's section: it opens inside the card of its frame, and waits under the results otherwise. */
const proof = byId("proof");

/** Which of the session's sections are on the page, from what the page holds. */
function sections(): void {
  const { view, answer } = page;
  const shown = {
    handshake: view,
    consent: view && consentMatters(view, page.consent),
    query: view,
    compose: view,
    revalidate: view?.capabilities.verify,
    results: answer,
    proof: page.path !== undefined,
    tamper: page.target?.kind === "in-page" && answer?.source === "live",
    share: page.link,
  };
  for (const [id, on] of Object.entries(shown)) byId(id).hidden = !on;
}

/** Closes the inclusion path: it goes back under the results, empty. */
function closePath(): void {
  page.path = undefined;
  byId("results").after(proof);
  fill(byId("proof-body"));
  markSelected(undefined);
}

/** Takes the last session off the page: what it held, its answer's link, and what its tools drew. */
function leave(): void {
  page.view = page.target = page.answer = page.link = undefined;
  for (const id of ["compose-body", "revalidation"]) fill(byId(id));
  closePath();
}

/** Moves the page to `phase` (see `Phase`). */
export function show(phase: Phase): void {
  if (phase.name === "connecting" || phase.name === "querying") alertError();
  switch (phase.name) {
    case "connecting":
      leave();
      break;
    case "connected":
      ({ view: page.view, target: page.target } = phase);
      break;
    case "answered":
      if (phase.answer) [page.answer, page.link] = [phase.answer, phase.link ?? page.link];
      closePath();
      break;
    case "path":
      page.path = phase.index;
      cardOf(phase.index)?.append(proof);
      markSelected(phase.index);
      break;
    case "failed": {
      const { title, hint } = explain(phase.error);
      alertError(title, hint);
      announce(title);
      return;
    }
  }
  sections();
}

/** Consent changed (the host reports each change): the consent section shows when it has something to say. */
export function consentChanged(consent: ConsentState): void {
  page.consent = consent;
  sections();
}

/** Runs a handler, showing its failure in words instead of losing it. */
export async function guard(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    show({ name: "failed", error: failureOf(error) });
  }
}

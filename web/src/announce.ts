/**
 * Status changes, announced: a polite live region for progress, an alert
 * region for failures, and every one of them kept in the session's log (the
 * inspector's log pane), newest last, at most `MAX_LOG` entries.
 */
import { byId, el, fill } from "./dom.ts";

/** One entry of the log: when, and what the page said (a status, or a failure with its hint). */
export interface LogEntry {
  readonly at: number;
  readonly level: "status" | "failure";
  readonly text: string;
}

/** How many log entries are kept: the oldest go first. */
const MAX_LOG = 500;

/** The session's log, and who is told of each new entry (the inspector, once it is open). */
export const log: { readonly entries: LogEntry[]; onEntry?: () => void } = { entries: [] };

function keep(level: LogEntry["level"], text: string): void {
  log.entries.push({ at: Date.now(), level, text });
  if (log.entries.length > MAX_LOG) log.entries.shift();
  log.onEntry?.();
}

/** Says `text` in the status line (read out by screen readers, politely), and logs it. */
export function announce(text: string): void {
  fill(byId("status"), text);
  keep("status", text);
}

/** Shows a failure in the alert region (read out at once), with an optional hint; `undefined` clears it. */
export function alertError(title?: string, hint?: string): void {
  const region = byId("alert");
  region.hidden = title === undefined;
  fill(region, title === undefined ? undefined : el("strong", {}, title), hint ? el("p", {}, hint) : undefined);
  if (title !== undefined) keep("failure", hint ? `${title}. ${hint}` : title);
}

/**
 * Marks a section busy while `work` runs, disabling its buttons, and announces
 * `label` meanwhile. Focus that was on one of those buttons goes back to it.
 */
export async function busy<T>(section: HTMLElement, label: string, work: () => Promise<T>): Promise<T> {
  const buttons = [...section.querySelectorAll("button")].filter((b) => !b.disabled);
  const focused = document.activeElement;
  section.setAttribute("aria-busy", "true");
  for (const button of buttons) button.disabled = true;
  announce(label);
  try {
    return await work();
  } finally {
    section.removeAttribute("aria-busy");
    for (const button of buttons) button.disabled = false;
    keepFocus(focused);
  }
}

/** Puts focus back on `element` if disabling it sent focus to the page's body. */
export function keepFocus(element: Element | null): void {
  const lost = document.activeElement === null || document.activeElement === document.body;
  if (lost && element instanceof HTMLElement && element.isConnected) element.focus();
}

/** Status changes, announced: a polite live region for progress, an alert region for failures. */
import { byId, el, fill } from "./dom.ts";

/** Says `text` in the status line (read out by screen readers, politely). */
export function announce(text: string): void {
  fill(byId("status"), text);
}

/** Shows a failure in the alert region (read out at once), with an optional hint; `undefined` clears it. */
export function alertError(title?: string, hint?: string): void {
  const region = byId("alert");
  region.hidden = title === undefined;
  fill(region, title === undefined ? undefined : el("strong", {}, title), hint ? el("p", {}, hint) : undefined);
}

/** Marks a section busy while `work` runs, disabling its buttons, and announces `label` meanwhile. */
export async function busy<T>(section: HTMLElement, label: string, work: () => Promise<T>): Promise<T> {
  const buttons = [...section.querySelectorAll("button")].filter((b) => !b.disabled);
  section.setAttribute("aria-busy", "true");
  for (const button of buttons) button.disabled = true;
  announce(label);
  try {
    return await work();
  } finally {
    section.removeAttribute("aria-busy");
    for (const button of buttons) button.disabled = false;
  }
}

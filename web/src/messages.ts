/**
 * A clear message for every failure the host reports (spec §4.12 `HostError`,
 * plus what the page diagnoses about a fetch): a title per kind and, for some,
 * what to do next — both in index.html's `#failures` template, with the page's
 * other words — and between them the host's own message (it names versions,
 * hosts, scopes and codes, never a credential), its hidden characters shown.
 */
import type { ErrorView } from "../shared/messages.ts";
import { revealed } from "../shared/visible.ts";
import { byId } from "./dom.ts";

/** The title and hint for a failure. */
export function explain(error: ErrorView): { title: string; hint: string } {
  const entry = byId<HTMLTemplateElement>("failures").content.querySelector(`[data-kind="${error.kind}"]`);
  const code = error.kind === "provider" ? error.details.code : undefined;
  return {
    title: code ? `The provider answered an error: ${revealed(code)}` : (entry?.textContent ?? "Something went wrong"),
    hint: [`${revealed(error.message)}.`, entry?.getAttribute("data-next")].filter(Boolean).join(" "),
  };
}

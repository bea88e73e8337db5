/**
 * A clear message for every failure (spec §4.12 `HostError`, and the
 * playground's own `PlaygroundError`): a title per kind and, for some,
 * what to do next — both in index.html's `#failures` template, with the page's
 * other words — and between them the host's own message (it names versions,
 * hosts, scopes and codes, never a credential), its hidden characters shown.
 */
import type { ErrorView } from "../shared/messages.ts";
import { PlaygroundError } from "../shared/playground-error.ts";
import { revealed } from "../shared/visible.ts";
import { byId } from "./dom.ts";
import { HostFailure } from "./rpc.ts";

/** Any failure as the page explains it: the host's report, the playground's own, or a form field's `RangeError`. */
export function failureOf(error: unknown): ErrorView {
  if (error instanceof HostFailure) return error.view;
  const message = error instanceof Error ? error.message : String(error);
  return { kind: error instanceof PlaygroundError ? error.kind : "bad_input", message, details: {} };
}

/** The title and hint for a failure. */
export function explain(error: ErrorView): { title: string; hint: string } {
  const entry = byId<HTMLTemplateElement>("failures").content.querySelector(`[data-kind="${error.kind}"]`);
  const code = error.kind === "provider" ? error.details.code : undefined;
  return {
    title: code ? `The provider answered an error: ${revealed(code)}` : (entry?.textContent ?? "Something went wrong"),
    hint: [`${revealed(error.message)}.`, entry?.getAttribute("data-next")].filter(Boolean).join(" "),
  };
}

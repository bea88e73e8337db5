/**
 * The page's chunks: the conformance panel and the inspector, each a bundle of
 * its own, imported once the page has loaded (`warm` in main.ts) or when first
 * used. They share no module with app.js: what they use of the page comes in
 * a `Kit`, and what they read of the session in their constructor.
 */
import type { QueryInput } from "../../src/host/index.ts";
import type { ConformanceProgress } from "../shared/messages.ts";
import { announce, keepFocus, log } from "./announce.ts";
import { byId, download, el, fill, quote } from "./dom.ts";
import type { ConformancePanel } from "./panels/conformance.ts";
import type { InspectorPanel } from "./panels/inspector.ts";
import { page } from "./state.ts";
import { host } from "./workers.ts";

const kit = { byId, el, fill, quote, announce, keepFocus, download };

let conformance: Promise<ConformancePanel> | undefined;
let inspector: Promise<InspectorPanel> | undefined;

/** The conformance panel (web/src/panels/conformance.ts). */
export function conformancePanel(): Promise<ConformancePanel> {
  conformance ??= import("./panels/conformance.ts").then((m) => new m.ConformancePanel(host, kit));
  return conformance;
}

/** A run's progress, for the conformance panel (loaded by then: the run started there). */
export function conformanceProgress(run: number, progress: ConformanceProgress): void {
  void conformance?.then((panel) => panel.progress(run, progress));
}

/** Empties the conformance panel, if it is loaded: another provider is connected. */
export function resetConformance(): void {
  void conformance?.then((panel) => panel.reset());
}

/** The inspector (web/src/panels/inspector.ts); `ask` asks a query of its history again. */
export function inspectorPanel(ask: (query: QueryInput) => void): Promise<InspectorPanel> {
  inspector ??= import("./panels/inspector.ts").then(
    (m) =>
      new m.InspectorPanel(host, kit, {
        log: log.entries,
        history: page.history,
        watch: (changed) => {
          log.onEntry = changed;
        },
        target: () => page.target,
        ask,
      }),
  );
  return inspector;
}

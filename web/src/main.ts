/**
 * The playground page: a CGP host whose connection, consent gate and
 * signature checks run in a Web Worker (web/host), and whose main thread only
 * renders. This file wires it: the host's events, and what each form and
 * button does. What the page shows is web/src/state.ts; what each action does,
 * web/src/flows/; how each section is drawn, web/src/panels/. See
 * docs/playground.md.
 */
import { conformancePanel, conformanceProgress, inspectorPanel } from "./chunks.ts";
import { byId, fill, input } from "./dom.ts";
import { compose } from "./flows/compose.ts";
import { connect, syncMode } from "./flows/connect.ts";
import { consentReported, revoke } from "./flows/consent.ts";
import { runHostSuite, runProviderSuite } from "./flows/conformance.ts";
import { apply } from "./flows/link.ts";
import { closePath } from "./flows/path.ts";
import { runQuery } from "./flows/query.ts";
import { revalidate } from "./flows/revalidate.ts";
import { crash, tamper } from "./flows/tamper.ts";
import { exportSession, importFile } from "./flows/transcript.ts";
import { fromFragment } from "./fragment.ts";
import { writeQuery } from "./panels/query.ts";
import { onlyProblems } from "./panels/results.ts";
import { watchImports } from "./panels/transcript.ts";
import { guard } from "./state.ts";
import { host, provider } from "./workers.ts";

/** The inspector, which asks a query of its history again through the query form. */
const inspector = () =>
  inspectorPanel(
    (query) =>
      void guard(async () => {
        writeQuery(query);
        await runQuery();
      }),
  );

host.onEvent = (message) => {
  if (message.event === "conformance") conformanceProgress(message.run, message.progress);
  else if (message.event === "consent") consentReported(message.state);
};

/**
 * Once the page has loaded, what it may need later is loaded in the background: the in-page provider's
 * Worker (with its corpus and key), the host's chunks, the conformance panel and the inspector. Cutting the
 * network afterwards leaves all of it working. The note beside the in-page choice says how far it got.
 */
function warm(): void {
  performance.mark("frameline:warm");
  const note = byId("in-page-state");
  fill(note, "Loading…");
  provider.start().then(
    () => fill(note, "Ready: works with the network off."),
    () => fill(note, "Could not be loaded; choosing it tries again."),
  );
  void host.call("warm", {});
  void conformancePanel();
  void inspector();
}

/** `work` when `id` is clicked (or, for a form, submitted), its failure shown in words. */
function on(id: string, work: () => Promise<void> | void): void {
  const form = byId(id) instanceof HTMLFormElement;
  byId(id).addEventListener(form ? "submit" : "click", (event) => {
    if (form) event.preventDefault();
    void guard(async () => work());
  });
}

/** What each form and button does. */
function listen(): void {
  on("connect-form", connect);
  on("query-form", runQuery);
  on("compose-form", compose);
  on("tamper-form", tamper);
  on("crash-button", crash);
  on("verify-button", revalidate);
  on("revoke", revoke);
  on("export-button", exportSession);
  on("conformance-run", runProviderSuite);
  on("conformance-host", runHostSuite);
  on("proof-back", closePath);
  byId("only-problems").addEventListener("change", (event) => onlyProblems((event.target as HTMLInputElement).checked));
  byId("inspector-body").addEventListener("toggle", () => void guard(async () => (await inspector()).show()));
  watchImports((file) => void guard(() => importFile(file)));
}

function boot(): void {
  const here = location.protocol.startsWith("http") ? new URL("/contextgraph", location.origin).href : "";
  input("provider-url").value = here;
  if (!here) (document.querySelector('input[name="mode"][value="in-page"]') as HTMLInputElement).checked = true;
  for (const radio of document.querySelectorAll('input[name="mode"]')) radio.addEventListener("change", syncMode);
  input("provider-url").addEventListener("change", syncMode);
  syncMode();
  listen();
  addEventListener("load", warm, { once: true });
  addEventListener("hashchange", () => void guard(() => apply(fromFragment(location.hash))));
  void guard(() => apply(fromFragment(location.hash)));
}

boot();

/**
 * The playground page: a CGP host whose connection, consent gate and
 * signature checks run in a Web Worker (web/host), and whose main thread only
 * renders. See docs/playground.md.
 */
import type { ConsentState, QueryInput } from "../../src/host/index.ts";
import type { AnswerView, ErrorView, HandshakeView, QueryReply, Target } from "../shared/messages.ts";
import { PlaygroundError } from "../shared/playground-error.ts";
import { localIdOf } from "../shared/local-id.ts";
import { isolated } from "../shared/visible.ts";
import { alertError, announce, busy, keepFocus, log } from "./announce.ts";
import { byId, el, fill, quote } from "./dom.ts";
import { fromFragment, type SharedState, toFragment } from "./fragment.ts";
import { InPageProvider } from "./in-page.ts";
import { explain } from "./messages.ts";
import { renderCompose } from "./panels/compose.ts";
import type { ConformancePanel } from "./panels/conformance.ts";
import type { HistoryEntry, InspectorPanel } from "./panels/inspector.ts";
import { askConsent, renderConsent } from "./panels/consent.ts";
import { renderHandshake } from "./panels/handshake.ts";
import { renderPath } from "./panels/proof.ts";
import { readQuery, renderKinds, writeQuery } from "./panels/query.ts";
import { cardOf, markSelected, onlyProblems, renderAnswer } from "./panels/results.ts";
import { renderRevalidation } from "./panels/revalidate.ts";
import { renderTamper, tamperChoice } from "./panels/tamper.ts";
import { download, renderImport, watchImports } from "./panels/transcript.ts";
import { HostClient, HostFailure } from "./rpc.ts";
import { loadConsent, pinKey, pinnedKeys, rememberedToken, rememberToken, saveConsent } from "./storage.ts";

const state: {
  view?: HandshakeView;
  target?: Target;
  answer?: AnswerView;
  consent: ConsentState;
  /** The queries answered in this session, oldest first (the inspector's history). */
  history: HistoryEntry[];
} = { consent: loadConsent(), history: [] };

const host = new HostClient({ consent: state.consent }, (message) => {
  if (message.event === "conformance") return void panel?.then((p) => p.progress(message.run, message.progress));
  if (message.event !== "consent") return;
  state.consent = message.state;
  saveConsent(message.state);
  renderConsent(state.view, message.state);
});
const provider = new InPageProvider(
  (event) => {
    if (event.type === "tampered")
      announce(`The in-page provider corrupted frame ${isolated(event.frameId)} (${event.kind}) after signing.`);
  },
  () => void host.call("providerGone", {}),
  (port) => void host.call("link", { port }, [port]),
);
const kit = { byId, el, fill, quote, announce, keepFocus, download };
/** The conformance panel and the inspector: chunks of their own, loaded once the page has (`warm`) or when used. */
let panel: Promise<ConformancePanel> | undefined;
const conformancePanel = () =>
  (panel ??= import("./panels/conformance.ts").then((m) => new m.ConformancePanel(host, kit)));
let inspector: Promise<InspectorPanel> | undefined;
const inspectorPanel = () =>
  (inspector ??= import("./panels/inspector.ts").then(
    (m) =>
      new m.InspectorPanel(host, kit, {
        log: log.entries,
        history: state.history,
        watch: (changed) => {
          log.onEntry = changed;
        },
        target: () => state.target,
        ask: (query) =>
          void guard(async () => {
            writeQuery(query);
            await runQuery();
          }),
      }),
  ));

const input = (id: string) => byId<HTMLInputElement>(id);
const handshakeTimeoutMs = () => Number(input("handshake-timeout").value) || 10_000;

/** Shows a failure, in words (every kind, the `HostError`s' and the playground's own, has its message). */
function failed(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  showFailure(
    error instanceof HostFailure
      ? error.view
      : { kind: error instanceof PlaygroundError ? error.kind : "bad_input", message, details: {} },
  );
}

function showFailure(view: ErrorView): void {
  const { title, hint } = explain(view);
  alertError(title, hint);
  announce(title);
}

function readTarget(): Target {
  if (document.querySelector<HTMLInputElement>('input[name="mode"]:checked')?.value === "in-page")
    return { kind: "in-page" };
  const url = input("provider-url").value.trim();
  try {
    new URL(url);
  } catch {
    throw new RangeError("the provider URL must be a full URL, such as https://docs.example.com/contextgraph");
  }
  const token = input("token").value;
  return { kind: "http", url, ...(token ? { token } : {}) };
}

function providerParam(target: Target): string {
  return target.kind === "in-page" ? "in-page" : target.url;
}

/** The panels of a session with a provider: what a new connection (even a failed one) takes off the page. */
const SESSION_PANELS = ["handshake", "consent", "query", "results", "proof", "tamper", "revalidate", "compose"];

/** The inclusion path panel: it opens inside the card of its frame, and goes back here with each new answer. */
const proof = byId("proof");

/** Ends what the page shows of the session before: its panels, its answer and its link. */
function endSession(): void {
  state.view = state.target = state.answer = undefined;
  byId("results").after(proof);
  for (const id of SESSION_PANELS) byId(id).hidden = true;
  for (const id of ["compose-body", "revalidation"]) fill(byId(id));
  byId("share").hidden = true;
}

async function connect(): Promise<void> {
  alertError();
  const target = readTarget();
  const localId = localIdOf(target);
  const timeout = handshakeTimeoutMs();
  endSession();
  void panel?.then((p) => p.reset());
  const view = await busy(byId("connect"), "Connecting…", async () => {
    if (target.kind === "in-page") await provider.start(timeout);
    return host.call("connect", { target, pinned: pinnedKeys(localId), handshakeTimeoutMs: timeout });
  });
  if (target.kind === "http") rememberToken(localId, input("remember-token").checked ? target.token : undefined);
  state.view = view;
  state.target = target;
  showConnected(view);
  announce(`Connected to ${isolated(view.provider.name)} ${isolated(view.provider.version)}.`);
}

function showConnected(view: HandshakeView): void {
  renderHandshake(view, (key, pinned) => void guard(() => pin(view, key, pinned)));
  renderKinds(view.capabilities.query.kinds ?? []);
  renderConsent(view, state.consent);
  for (const id of ["query", "compose"]) byId(id).hidden = false;
  byId("revalidate").hidden = !view.capabilities.verify;
  renderTamper(undefined, false);
}

/** Pins a key for the provider connected now, or removes its pin (§3.13); the host checks later answers with the new set. */
async function pin(view: HandshakeView, key: Parameters<typeof pinKey>[1], pinned: boolean) {
  await host.call("pin", { keys: pinKey(view.localId, key, pinned) });
  renderHandshake(view, (k, p) => void guard(() => pin(view, k, p)));
  const id = isolated(key.key_id);
  announce(pinned ? `Key ${id} pinned: later answers show the pinned tier.` : `Key ${id} unpinned.`);
}

/** Asks the host, and when it replies with a consent gate, asks the person once per scope; a refusal sends nothing. */
async function ask(query: QueryInput): Promise<AnswerView | undefined> {
  for (let round = 0; round < 3; round++) {
    const reply = await host.call("query", { input: query });
    if (reply.outcome === "answered") return reply.answer;
    const scopes = reply.outcome === "consent_scope_required" ? reply.missing : [undefined];
    for (const scope of scopes) {
      if (!state.view || !(await askConsent(state.view, scope))) return void showFailure(refused(reply));
      await host.call("grant", scope === undefined ? {} : { scope });
    }
  }
  return undefined;
}

/** A consent the person refused, as the page explains it: nothing was sent (C1, C6). */
function refused(gate: Exclude<QueryReply, { outcome: "answered" }>): ErrorView {
  return gate.outcome === "consent_required"
    ? { kind: gate.outcome, message: "you did not allow queries to this provider", details: {} }
    : {
        kind: gate.outcome,
        message: `you did not allow ${gate.missing.join(", ")}`,
        details: { scopes: gate.missing },
      };
}

async function runQuery(): Promise<void> {
  alertError();
  const query = readQuery();
  performance.mark("frameline:asked");
  const answer = await busy(byId("query"), "Querying and verifying…", () => ask(query));
  if (!answer || !state.target) return;
  const fragment = toFragment(providerParam(state.target), query);
  history.replaceState(null, "", fragment);
  const share = byId("share");
  fill(share, el("a", { id: "share-link", href: fragment }, "Link to this query"));
  share.hidden = false;
  remember(answer, state.target);
  await show(answer);
  renderTamper(answer, state.target.kind === "in-page");
  // The answer's top at the top of the screen: on a phone its first badge is then in view.
  byId("results").scrollIntoView({ block: "start" });
  byId("results-h").focus({ preventScroll: true });
}

/** Adds an answered query to the session's history (the inspector's). */
function remember(answer: AnswerView, target: Target): void {
  const verified = answer.frames.filter((f) => f.badge.tone === "verified").length;
  state.history.push({
    at: Date.now(),
    provider: providerParam(target),
    query: answer.query,
    frames: answer.frames.length,
    verified,
  });
}

async function show(answer: AnswerView): Promise<void> {
  state.answer = answer;
  byId("results").after(proof);
  proof.hidden = true;
  fill(byId("proof-body"));
  byId<HTMLInputElement>("compose-budget").value = String(answer.query.max_tokens);
  await renderAnswer(answer, {
    followUp: (uri) =>
      toFragment(state.target ? providerParam(state.target) : "in-page", { ...answer.query, anchors: [uri] }),
    select: (index) => void guard(() => selectFrame(index)),
  });
  const invalid = answer.frames.filter((f) => f.badge.tone === "invalid").length;
  announce(`${answer.frames.length} frames; ${invalid} invalid.`);
}

/** Opens the inclusion path of frame `index` inside its card; "Back to the frame" closes it and returns there. */
async function selectFrame(index: number): Promise<void> {
  if (!state.answer) return;
  const path = await host.call("path", { answer: state.answer.answer, frame: index });
  cardOf(index)?.append(proof);
  renderPath(path);
  markSelected(index);
  byId("proof-h").focus();
}

function closePath(): void {
  const button = proof.closest(".frame")?.querySelector<HTMLElement>('[data-action="path"]');
  proof.hidden = true;
  markSelected(undefined);
  button?.focus();
}

async function compose(): Promise<void> {
  if (!state.answer) throw new RangeError("run a query first");
  const budgetTokens = Number(input("compose-budget").value);
  if (!Number.isInteger(budgetTokens) || budgetTokens < 0) throw new RangeError("the budget must be a whole number");
  const view = await busy(byId("compose"), "Composing…", () =>
    host.call("compose", { answer: state.answer!.answer, budgetTokens }),
  );
  renderCompose(view);
  announce(`Composed: ${view.tokensUsed} of ${view.globalBudget} budget tokens.`);
}

async function revalidate(): Promise<void> {
  const verdicts = await busy(byId("revalidate"), "Revalidating…", () => host.call("verify", {}));
  renderRevalidation(verdicts);
  announce(
    `Revalidated ${verdicts.length} frames; ${verdicts.filter((v) => v.status === "valid").length} still valid.`,
  );
}

async function tamper(): Promise<void> {
  const { frameId, kind } = tamperChoice();
  provider.tamper(frameId, kind);
  await runQuery();
}

async function exportSession(): Promise<void> {
  const { ndjson, verdicts } = await host.call("exportSession", {});
  const note = byId("export-note");
  if (!ndjson)
    return fill(note, "Nothing to export yet: this session has sent and received nothing. Connect and ask first.");
  fill(note);
  download("frameline-session.ndjson", "application/x-ndjson", ndjson);
  download("frameline-verdicts.json", "application/json", verdicts);
  announce("Exported the session transcript and its verdicts.");
}

async function importFile(file: File): Promise<void> {
  alertError();
  performance.mark("frameline:asked");
  const view = await busy(byId("transcript"), `Re-verifying ${isolated(file.name)} offline…`, async () => {
    // The bytes move to the host Worker (transferred, not copied) and are decoded there.
    const bytes = await file.arrayBuffer();
    return host.call("importTranscript", { bytes }, [bytes]);
  });
  renderImport(view, (answer) => void guard(() => show(answer)));
  if (view.answers[0]) await show(view.answers[0]);
  renderTamper(undefined, false);
}

/** Runs a handler, showing its failure in words instead of losing it. */
async function guard(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    failed(error);
  }
}

function onSubmit(id: string, work: () => Promise<void>): void {
  byId(id).addEventListener("submit", (event) => {
    event.preventDefault();
    void guard(work);
  });
}

/** Applies a shared link: fills the forms, and when it names a goal, connects (if needed) and runs the query. */
async function apply(shared: SharedState): Promise<void> {
  if (shared.provider) {
    const inPage = shared.provider === "in-page";
    for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="mode"]'))
      radio.checked = radio.value === (inPage ? "in-page" : "url");
    if (!inPage) input("provider-url").value = shared.provider;
    syncMode();
  }
  if (!shared.query?.goal) return writeQuery(shared.query ?? {});
  const sameProvider = state.target && shared.provider && providerParam(state.target) === shared.provider;
  if (!sameProvider) await connect();
  writeQuery(shared.query);
  await runQuery();
}

function syncMode(): void {
  const inPage = document.querySelector<HTMLInputElement>('input[name="mode"]:checked')?.value === "in-page";
  byId("url-fields").hidden = inPage;
  const url = input("provider-url").value.trim();
  try {
    const token = inPage || !url ? undefined : rememberedToken(localIdOf({ kind: "http", url }));
    if (token !== undefined) input("token").value = token;
    input("remember-token").checked = token !== undefined;
  } catch {
    // Not a URL yet: nothing remembered for it.
  }
}

/**
 * Once the page has loaded, what it may need later is loaded in the background: the in-page provider's
 * Worker (with its corpus and key), the conformance suite and the inspector. Cutting the network afterwards
 * leaves all of it working. The note beside the in-page choice says how far it got.
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
  void inspectorPanel();
}

/** What each form and button does. */
function listen(): void {
  onSubmit("connect-form", connect);
  onSubmit("query-form", runQuery);
  onSubmit("compose-form", compose);
  onSubmit("tamper-form", tamper);
  byId("crash-button").addEventListener("click", () => {
    provider.crash();
    fill(byId("in-page-state"), "Stopped: connecting starts it again.");
    announce("The in-page provider was stopped.");
  });
  byId("verify-button").addEventListener("click", () => void guard(revalidate));
  byId("revoke").addEventListener(
    "click",
    () =>
      void guard(async () => {
        await host.call("revoke", {});
        announce("Consent revoked: the next query asks again.");
      }),
  );
  byId("export-button").addEventListener("click", () => void guard(exportSession));
  // The provider chosen in the form, connected or not: one that fails its handshake can be inspected too.
  byId("conformance-run").addEventListener(
    "click",
    () =>
      void guard(async () => {
        const target = readTarget();
        // Its sessions go over the host's link to the Worker: one that cannot start fails the handshake check.
        if (target.kind === "in-page") await provider.start().catch(() => undefined);
        await (await conformancePanel()).run({ suite: "provider", target, handshakeTimeoutMs: handshakeTimeoutMs() });
      }),
  );
  byId("conformance-host").addEventListener(
    "click",
    () => void guard(async () => (await conformancePanel()).run({ suite: "host" })),
  );
  byId("only-problems").addEventListener("change", (event) => onlyProblems((event.target as HTMLInputElement).checked));
  byId("proof-back").addEventListener("click", closePath);
  byId("inspector-body").addEventListener("toggle", () => void guard(async () => (await inspectorPanel()).show()));
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

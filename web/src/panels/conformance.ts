/**
 * The "Run conformance" panel (spec §5.1): the host Worker runs the provider
 * suite against the provider chosen in the connect form, connected or not, so
 * an unreachable or broken provider can be inspected (or the host suite,
 * §5.3 and §5.4, against frameline's own host), and this panel lists
 * every check as it starts and finishes, with its status and evidence (as
 * quoted text: evidence quotes what the provider sent), then a summary whose
 * headline names every check skipped, and offers the report as JSON. Each run has a number; an event or a reply of any run
 * but the current one is dropped, so a cancelled or replaced run never mixes
 * into the next.
 *
 * frameline's own host checks (the report's `extensions`, beyond spec §5.3
 * and §5.4) get a list of their own under the reference's, each row marked
 * "frameline extension", and a sentence of their own in the summary: the
 * verdict and its counts are the reference checks' alone.
 *
 * The panel is a chunk of its own, loaded once the page has loaded (or with
 * the first run). It imports no code of the page's (its helpers come in a
 * `Kit`).
 */
import type { CheckResult, ConformanceReport } from "../../../src/conformance/index.ts";
import type { ConformanceProgress, ConformanceSuite } from "../../shared/messages.ts";
import type { HostClient } from "../rpc.ts";
import type { Kit } from "../kit.ts";

/** A row's state: the suite's three outcomes, and the page's own before and after. */
type RowStatus = CheckResult["status"] | "waiting" | "running" | "not run";

/** A report's file name: the target's label made safe for a file system, and the time it finished. */
export function reportFileName(target: string, finished: Date): string {
  const label = target
    .replace(/^[a-z]+:\/\//i, "")
    .replace(/[^A-Za-z0-9.-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const time = finished
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
  return `frameline-conformance-${label.slice(0, 60) || "provider"}-${time}.json`;
}

/** The summary's sentence on frameline's extensions, if any ran: apart from the verdict, which is the reference's. */
function extensionsOf(report: ConformanceReport): string {
  const extensions = report.extensions ?? [];
  if (extensions.length === 0) return "";
  const failed = extensions.filter((c) => c.status === "fail").map((c) => c.name);
  const apart = "not reference checks, not counted above";
  return failed.length
    ? ` frameline extension failed: ${failed.join(", ")} (${apart}).`
    : ` frameline extensions: ${extensions.filter((c) => c.status === "pass").length} of ${extensions.length} passed (${apart}).`;
}

/**
 * The summary: the verdict (spec §5: conformant when no reference check failed) — and when checks were
 * skipped, how many and which, in the same breath, since "conformant" covers only what ran — the counts,
 * the target, then frameline's extensions, if any ran.
 */
function summaryOf(report: ConformanceReport, ms: number): [string, string, string] {
  const count = (status: CheckResult["status"]) => report.checks.filter((c) => c.status === status);
  const [failed, skipped] = [count("fail"), count("skipped")];
  const names = (checks: readonly CheckResult[]) => checks.map((c) => c.name).join(", ");
  const verdict = failed.length
    ? `Not conformant: ${names(failed)} failed.`
    : skipped.length
      ? `Conformant — ${skipped.length} of ${report.checks.length} checks skipped: ${names(skipped)} (each says why below).`
      : "Conformant.";
  return [
    `${verdict} ${count("pass").length} passed, ${failed.length} failed, ${skipped.length} skipped of ${report.checks.length} checks against `,
    report.target,
    `, in ${(ms / 1000).toFixed(1)} s.${extensionsOf(report)}`,
  ];
}

/** The id of the extensions' part of the panel (its heading, note and list), added when the first one runs. */
const EXTENSIONS_PART = "conformance-extensions";

/** The panel (see the file comment). */
export class ConformancePanel {
  readonly #host: HostClient;
  readonly #kit: Kit;
  /** The current run's number; 0 when none runs. */
  #run = 0;
  #runs = 0;
  #started = 0;
  /** What had focus when the run began: it gets focus back when the run's buttons come back. */
  #focus: Element | null = null;
  #report: { report: ConformanceReport; finished: Date } | undefined;

  constructor(host: HostClient, kit: Kit) {
    this.#host = host;
    this.#kit = kit;
    kit.byId("conformance-cancel").addEventListener("click", () => this.cancel("Cancelled."));
    kit.byId("conformance-export").addEventListener("click", () => this.#export());
  }

  /** Empties the panel, cancelling the run in progress (another provider was connected, or a run starts). */
  reset(): void {
    const { byId, fill } = this.#kit;
    this.cancel(undefined);
    fill(byId("conformance-checks"));
    document.getElementById(EXTENSIONS_PART)?.remove();
    fill(byId("conformance-progress"));
    byId("conformance-summary").hidden = true;
    this.#report = undefined;
    this.#buttons(false);
  }

  /** Runs a suite; settles when the run is over (finished, cancelled or replaced). */
  async run(suite: ConformanceSuite): Promise<void> {
    this.reset();
    const run = ++this.#runs;
    this.#run = run;
    this.#focus = document.activeElement;
    this.#started = performance.now();
    this.#buttons(true);
    this.#say("Loading the conformance suite…");
    try {
      const report = await this.#host.call("conformance", { run, ...suite });
      if (run === this.#run) this.#finish(report);
    } catch (error) {
      if (run !== this.#run) return;
      this.cancel(undefined);
      throw error;
    }
  }

  /** Stops the run in progress, if any: `said` is announced, and the checks that never finished are marked. */
  cancel(said: string | undefined): void {
    const run = this.#run;
    if (run === 0) return;
    this.#run = 0;
    void this.#host.call("cancelConformance", { run }).catch(() => undefined);
    for (const row of this.#kit.byId("conformance-checks").querySelectorAll("li"))
      if (row.dataset.status === "waiting" || row.dataset.status === "running") this.#mark(row, "not run");
    this.#buttons(false);
    this.#kit.keepFocus(this.#focus);
    if (said) this.#say(said);
  }

  /** A progress event from the host Worker, applied only when it belongs to the current run. */
  progress(run: number, progress: ConformanceProgress): void {
    if (run !== this.#run) return;
    const list = this.#kit.byId("conformance-checks");
    if (progress.type === "planned") {
      this.#kit.fill(list, ...progress.names.map((name) => this.#row(name)));
      this.#say(`Running ${progress.names.length} checks…`);
      return;
    }
    const name = progress.type === "started" ? progress.name : progress.check.name;
    const extension = progress.extension === true;
    const rows = extension ? this.#extensionList() : list;
    const row =
      [...rows.querySelectorAll("li")].find((li) => li.dataset.check === name) ??
      rows.appendChild(this.#row(name, extension));
    if (progress.type === "finished") this.#mark(row, progress.check.status, progress.check.evidence);
    else this.#mark(row, "running");
    this.#say(`${name}${extension ? " (frameline extension)" : ""}: ${row.dataset.status}`);
  }

  /** The list of frameline's extensions, under the reference checks' (made with the first one). */
  #extensionList(): HTMLElement {
    const { el, byId } = this.#kit;
    const found = document.getElementById(EXTENSIONS_PART)?.querySelector("ol");
    if (found) return found;
    const list = el("ol", { class: "checks", "aria-label": "frameline extension checks" });
    byId("conformance-checks").after(
      el(
        "div",
        { id: EXTENSIONS_PART },
        el("h3", {}, "frameline extensions"),
        el(
          "p",
          { class: "note" },
          "frameline's own checks, beyond the reference suite's: not counted in the verdict, which is the reference checks'.",
        ),
        list,
      ),
    );
    return list;
  }

  #row(name: string, extension = false): HTMLLIElement {
    const { el } = this.#kit;
    const row = el(
      "li",
      { "data-check": name, "data-extension": extension },
      el("span", { class: "check-status" }),
      el("code", { class: "check-name" }, name),
      extension && el("span", { class: "check-origin" }, " frameline extension"),
      el("p", { class: "evidence" }),
    );
    this.#mark(row, "waiting");
    return row;
  }

  /** Sets a row's status (its word, and `data-status`) and, when given, its evidence: text, never markup. */
  #mark(row: HTMLElement, status: RowStatus, evidence?: string): void {
    row.dataset.status = status;
    this.#kit.fill(row.querySelector(".check-status")!, status);
    if (evidence !== undefined)
      this.#kit.fill(row.querySelector(".evidence")!, this.#kit.quote(evidence, { class: "bare" }));
  }

  #finish(report: ConformanceReport): void {
    const ms = Math.round(performance.now() - this.#started);
    this.#run = 0;
    this.#report = { report, finished: new Date() };
    this.#buttons(false);
    this.#kit.keepFocus(this.#focus);
    const summary = this.#kit.byId("conformance-summary");
    summary.hidden = false;
    summary.dataset.passed = String(report.checks.every((c) => c.status !== "fail"));
    if (report.extensions)
      summary.dataset.extensionsPassed = String(report.extensions.every((c) => c.status !== "fail"));
    else delete summary.dataset.extensionsPassed;
    summary.dataset.ms = String(ms);
    const [verdict, target, tail] = summaryOf(report, ms);
    this.#kit.fill(summary, verdict, this.#kit.quote(target, { class: "bare" }), tail);
    this.#say(summary.textContent ?? "");
  }

  #export(): void {
    if (!this.#report) return;
    const { report, finished } = this.#report;
    const name = reportFileName(report.target, finished);
    this.#kit.download(name, "application/json", `${JSON.stringify(report, null, 2)}\n`);
    this.#say(`Exported the report as ${name}.`);
  }

  #buttons(running: boolean): void {
    const button = (id: string) => this.#kit.byId<HTMLButtonElement>(id);
    button("conformance-run").disabled = running;
    button("conformance-host").disabled = running;
    button("conformance-cancel").disabled = !running;
    button("conformance-export").disabled = running || this.#report === undefined;
  }

  #say(text: string): void {
    this.#kit.fill(this.#kit.byId("conformance-progress"), text);
  }
}

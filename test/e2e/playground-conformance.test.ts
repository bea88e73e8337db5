// The playground's "Run conformance" panel against the real Worker (workerd, with its assets): the suite is a
// chunk loaded only when asked, under the page's CSP; each check shows as it runs, with its evidence; the
// exported report is the reference report; a misbehaving Worker (MISBEHAVE) and an unreachable provider are
// shown failing; a cancelled or replaced run never mixes into the next; and "Check this page's host" lists
// frameline's extension (host-content-binding) apart from the reference's 13, marked as ours, passing.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { createProviderApp, defineProvider } from "../support/lib.ts";
import {
  accessibilityProblems,
  type ConformanceRow,
  connectInPage,
  connectTo,
  conformanceRows,
  downloads,
  openPlayground,
  runConformancePanel,
  screenshot,
  watchConformance,
} from "../support/browser/playground-page.ts";
import { serveApps } from "../support/browser/serve.ts";
import { HOST_CHECKS, PROVIDER_CHECKS, WIRE_CHECKS } from "../support/conformance/expected.ts";
import { type AssetsWorker, type WorkerPlayground, workerPlayground } from "../support/browser/worker-playground.ts";

const PROVENANCE = "provenance-fixture-consistency";

/** What a well-behaved provider gets over HTTP: the wire-level probes and provenance (no file source) skipped. */
const OVER_HTTP = Object.fromEntries(
  PROVIDER_CHECKS.map((name) => [name, WIRE_CHECKS.includes(name) || name === PROVENANCE ? "skipped" : "pass"]),
);
/** What the in-page provider gets as a stream: all pass but provenance (no file source) and embeddings (none declared). */
const IN_PAGE = Object.fromEntries(
  PROVIDER_CHECKS.map((name) => [name, name === PROVENANCE || name === "embedding-fingerprint" ? "skipped" : "pass"]),
);
/** How long the slow provider takes to answer a query: long enough to cancel a run in, short enough to end. */
const SLOW_MS = 5_000;

const statuses = (rows: readonly ConformanceRow[]) => Object.fromEntries(rows.map((row) => [row.name, row.status]));

/** A provider that answers its handshake at once and each query only after SLOW_MS: a run against it is slow. */
function slowProvider() {
  return defineProvider({
    info: { name: "slow", version: "1.0.0", data_flow: { reads: true } },
    capabilities: { query: { kinds: ["doc"] } },
    query: () => new Promise((resolve) => setTimeout(() => resolve([]), SLOW_MS)),
  });
}

/** A provider with nothing to say (named `name`), for a server that is then stopped or a hostile name. */
function briefProvider(name = "brief") {
  return defineProvider({
    info: { name, version: "1.0.0", data_flow: { reads: true } },
    capabilities: { query: { kinds: ["doc"] } },
    query: () => [],
  });
}

describe("the playground's conformance panel, against the Worker (workerd, real assets)", () => {
  let play: WorkerPlayground;
  let browser: Browser;
  let origin: string;
  /** A Worker of the same build that lies about its costs (MISBEHAVE). */
  let liar: AssetsWorker;
  let slow: Awaited<ReturnType<typeof serveApps>>;

  before(async () => {
    [play, slow] = await Promise.all([
      workerPlayground(),
      serveApps({ "/contextgraph": createProviderApp(slowProvider(), { allowedOrigins: "*" }) }),
    ]);
    ({ browser, origin } = play);
    liar = await play.startWorker({ MISBEHAVE: "lying-costs", ALLOWED_ORIGINS: "*" });
  });

  after(async () => {
    await play?.close();
    await slow?.close();
  });

  /**
   * A page connected to the Worker; `scripts` lists each script it fetched, with the CSP it came with, and
   * `started` when its request started (ms since the epoch).
   */
  async function connected(): Promise<{
    page: Page;
    scripts: string[];
    csp: Map<string, string>;
    started: Map<string, number>;
    errors: string[];
  }> {
    const context = await browser.newContext({ acceptDownloads: true });
    const scripts: string[] = [];
    const csp = new Map<string, string>();
    const started = new Map<string, number>();
    context.on("response", (r) => {
      if (!r.url().endsWith(".js")) return;
      scripts.push(new URL(r.url()).pathname);
      csp.set(new URL(r.url()).pathname, r.headers()["content-security-policy"] ?? "");
      started.set(new URL(r.url()).pathname, r.request().timing().startTime);
    });
    const { page, consoleErrors } = await openPlayground(context, origin);
    await page.getByRole("button", { name: "Connect" }).click();
    await page.waitForSelector("#handshake-body dl");
    return { page, scripts, csp, started, errors: consoleErrors };
  }

  test("the suite loads after the page, under the CSP; each check shows as it runs, and all that run over HTTP pass", async (t) => {
    const { page, scripts, csp, started, errors } = await connected();
    assert.ok(await page.getByRole("region", { name: "Run conformance" }).isVisible());
    // Not part of the page's first load: asked for in the background once the page has loaded (frameline:warm),
    // so a run later needs no network.
    const warm = await page.evaluate(
      () => performance.timeOrigin + performance.getEntriesByName("frameline:warm")[0]!.startTime,
    );
    const loaded = await page.evaluate(() => performance.getEntriesByType("navigation")[0]!.toJSON().loadEventStart);
    assert.ok(loaded > 0, "the page's load event came first");
    const seen = await watchConformance(page);
    const { summary, ms } = await runConformancePanel(page);
    t.diagnostic(`a full run against the Worker over HTTP took ${ms} ms in the panel`);
    assert.deepEqual(errors, [], "no CSP report, no error");
    const chunks = scripts.filter((path) => path.includes("conformance"));
    assert.equal(chunks.length, 2, "the panel's chunk and the suite's");
    for (const chunk of chunks) {
      assert.ok(started.get(chunk)! >= Math.floor(warm), `${chunk} was asked for after the page had loaded`);
      assert.equal(csp.get(chunk), csp.get("/app.js"), `${chunk} is served under the page's CSP`);
      assert.match(csp.get(chunk)!, /script-src 'self'; worker-src 'self';/);
    }
    const rows = await conformanceRows(page);
    assert.deepEqual(
      rows.map((row) => row.name),
      [...PROVIDER_CHECKS],
    );
    assert.deepEqual(statuses(rows), OVER_HTTP);
    for (const row of rows) assert.match(row.evidence, /\S/, `${row.name} shows its evidence`);
    assert.match(rows.find((row) => row.name === "correlation")!.evidence, /skipped|stream|wire/i);
    assert.deepEqual(
      await seen(),
      PROVIDER_CHECKS.flatMap((name) => [`${name}:running`, `${name}:${OVER_HTTP[name]}`]),
      "one check at a time, each shown running and then with its outcome, in report order",
    );
    assert.match(
      summary,
      /^Conformant — 5 of 14 checks skipped: provenance-fixture-consistency, malformed-input-tolerance, embedding-fingerprint, correlation, attestation \(each says why below\)\. 9 passed, 0 failed, 5 skipped of 14 checks against http:\/\/127\.0\.0\.1:\d+\/contextgraph/,
    );
    assert.match((await page.textContent("#conformance-progress")) ?? "", /^Conformant/, "the live region says it");
    await screenshot(page, "conformance-worker", true);
    assert.deepEqual(await accessibilityProblems(page), [], "the finished panel");

    const files = await downloads(
      page,
      () => page.getByRole("button", { name: "Export the report (JSON)" }).click(),
      1,
    );
    const [name, text] = Object.entries(files)[0]!;
    assert.match(name, /^frameline-conformance-127\.0\.0\.1-\d+-contextgraph-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json$/);
    const report = JSON.parse(text);
    assert.deepEqual(Object.keys(report), ["target", "checks", "extensions"]);
    assert.equal(report.target, `${origin}/contextgraph`);
    assert.deepEqual(report.checks, rows, "the report holds exactly what the panel showed");
    assert.deepEqual(
      report.extensions.map((check: { name: string; status: string }) => [check.name, check.status]),
      [["http-attestation", "pass"]],
      "over HTTP, frameline's extension checked every signature of the signed Worker's answer",
    );
    for (const check of report.checks) assert.deepEqual(Object.keys(check), ["name", "status", "evidence"]);
    await page.context().close();
  });

  test("this page's host: the reference's 13 checks as before, then frameline's extension in a list of its own, marked as ours, passing", async () => {
    const { page, errors } = await connected();
    await page.getByRole("button", { name: "Check this page's host" }).click();
    await page.waitForSelector("#conformance-summary:not([hidden]), #alert:not([hidden])", { timeout: 120_000 });
    const rows = await conformanceRows(page);
    assert.deepEqual(
      rows.map((row) => [row.name, row.status]),
      HOST_CHECKS.map((name) => [name, "pass"]),
      "the reference list holds the reference's checks only",
    );
    const part = page.locator("#conformance-extensions");
    assert.equal(await part.locator("h3").textContent(), "frameline extensions");
    assert.match((await part.locator(".note").textContent()) ?? "", /not counted in the verdict/);
    const extensions = await page.$$eval("#conformance-extensions li", (items) =>
      items.map((li) => ({
        name: li.querySelector(".check-name")?.textContent ?? "",
        status: li.getAttribute("data-status"),
        extension: li.hasAttribute("data-extension"),
        origin: li.querySelector(".check-origin")?.textContent?.trim(),
        evidence: li.querySelector(".evidence")?.textContent ?? "",
      })),
    );
    assert.deepEqual(
      extensions.map(({ evidence: _, ...row }) => row),
      [{ name: "host-content-binding", status: "pass", extension: true, origin: "frameline extension" }],
    );
    assert.match(
      extensions[0]!.evidence,
      /invalid \(content_mismatch\), excluded \(content_mismatch\) \[D1, §3\.6; frameline extension\]$/,
      "signed and re-hashed in the host Worker",
    );
    const summary = (await page.textContent("#conformance-summary")) ?? "";
    assert.match(summary, /^Conformant\. 13 passed, 0 failed, 0 skipped of 13 checks against frameline Host/);
    assert.match(summary, / frameline extensions: 1 of 1 passed \(not reference checks, not counted above\)\.$/);
    assert.equal(await page.getAttribute("#conformance-summary", "data-passed"), "true");
    assert.equal(await page.getAttribute("#conformance-summary", "data-extensions-passed"), "true");
    assert.deepEqual(errors, []);
    assert.deepEqual(await accessibilityProblems(page), [], "the panel with the extensions' list");
    await screenshot(page, "conformance-host-extension", true);

    const files = await downloads(
      page,
      () => page.getByRole("button", { name: "Export the report (JSON)" }).click(),
      1,
    );
    const report = JSON.parse(Object.values(files)[0]!);
    assert.deepEqual(Object.keys(report), ["target", "checks", "extensions"]);
    assert.deepEqual(report.checks, rows, "the reference part of the report is exactly the reference list");
    assert.deepEqual(
      report.extensions.map((check: { name: string; status: string }) => [check.name, check.status]),
      [["host-content-binding", "pass"]],
    );

    await page.getByRole("button", { name: "Run conformance" }).click();
    await page.waitForSelector("#conformance-summary:not([hidden])", { timeout: 120_000 });
    assert.deepEqual(
      await page.$$eval("#conformance-extensions li", (items) => items.map((li) => li.getAttribute("data-check"))),
      ["http-attestation"],
      "a provider run over HTTP after it lists its own extension only",
    );
    assert.equal(await page.getAttribute("#conformance-summary", "data-extensions-passed"), "true");
    await page.context().close();
  });

  test("the in-page provider runs as a stream: the wire-level probes run too, and every check that applies passes", async (t) => {
    const { page } = await connected();
    await connectInPage(page);
    const { summary, ms } = await runConformancePanel(page);
    t.diagnostic(`a full run against the in-page provider (three sessions over MessagePorts) took ${ms} ms`);
    const rows = await conformanceRows(page);
    assert.deepEqual(statuses(rows), IN_PAGE, JSON.stringify(rows, null, 1));
    assert.match(
      summary,
      /^Conformant — 2 of 14 checks skipped: provenance-fixture-consistency, embedding-fingerprint \(each says why below\)\. 12 passed, 0 failed, 2 skipped of 14 checks against the in-page provider/,
    );
    assert.match(
      rows.find((row) => row.name === "attestation")!.evidence,
      /\d+ attestations and \d+ inclusion proofs valid under the published key/,
      "the countersigned frames checked (WebCrypto Ed25519)",
    );
    await page.context().close();
  });

  test("a misbehaving Worker (MISBEHAVE=lying-costs) fails budget-honesty with the B1 evidence, and is not conformant", async () => {
    const { page } = await connected();
    await connectTo(page, `${liar.url.origin}/contextgraph`);
    const { summary } = await runConformancePanel(page);
    const rows = await conformanceRows(page);
    assert.deepEqual(statuses(rows), { ...OVER_HTTP, "budget-honesty": "fail" });
    assert.match(
      rows.find((row) => row.name === "budget-honesty")!.evidence,
      /B1: declared cost \d+ exceeds max_tokens/,
    );
    assert.match(summary, /^Not conformant: budget-honesty failed\. 8 passed, 1 failed, 5 skipped/);
    assert.equal(await page.getAttribute("#conformance-summary", "data-passed"), "false");
    await screenshot(page, "conformance-failing", true);
    assert.deepEqual(await accessibilityProblems(page), [], "the panel with a failing check");
    await page.context().close();
  });

  test("a provider that went away: the run ends with the handshake failing and every other check skipped", async () => {
    const gone = await serveApps({ "/contextgraph": createProviderApp(briefProvider(), { allowedOrigins: "*" }) });
    const { page } = await connected();
    await connectTo(page, `${gone.origin}/contextgraph`);
    await gone.close();
    const { summary } = await runConformancePanel(page, 60_000);
    const rows = await conformanceRows(page);
    assert.equal(rows.length, PROVIDER_CHECKS.length);
    assert.deepEqual(
      rows.map((row) => row.status),
      ["fail", ...PROVIDER_CHECKS.slice(1).map(() => "skipped")],
    );
    assert.match(summary, /^Not conformant: handshake failed\. 0 passed, 1 failed, 13 skipped/);
    await page.context().close();
  });

  test("evidence quoting what a provider sent stays text: a provider named with markup changes nothing but the text", async () => {
    const hostile = '<img src=x onerror="alert(1)"><b id="injected">bold</b>';
    const server = await serveApps({
      "/contextgraph": createProviderApp(briefProvider(hostile), { allowedOrigins: "*" }),
    });
    const context = await browser.newContext();
    const { page, consoleErrors, dialogs } = await openPlayground(context, origin);
    await connectTo(page, `${server.origin}/contextgraph`);
    await runConformancePanel(page);
    const handshake = (await conformanceRows(page)).find((row) => row.name === "handshake")!;
    assert.ok(handshake.evidence.includes('"<img src=x'), handshake.evidence);
    assert.equal(await page.locator("#conformance img, #conformance b, #injected").count(), 0, "no element from it");
    assert.deepEqual(dialogs, []);
    assert.deepEqual(consoleErrors, []);
    await context.close();
    await server.close();
  });

  test("a provider behind a bearer token: the suite sends it in the Authorization header only, never in the panel or the report", async () => {
    const token = "cgp-conformance-token-9b2d41";
    const server = await serveApps({
      "/contextgraph": createProviderApp(briefProvider("guarded"), { allowedOrigins: "*", bearerToken: token }),
    });
    const context = await browser.newContext({ acceptDownloads: true });
    const sent: { authorization?: string; url: string; body: string }[] = [];
    context.on("request", (r) => {
      if (r.method() === "POST")
        sent.push({ authorization: r.headers().authorization, url: r.url(), body: r.postData() ?? "" });
    });
    const { page } = await openPlayground(context, origin);
    await connectTo(page, `${server.origin}/contextgraph`, { token });
    const before = sent.length;
    await runConformancePanel(page);
    assert.equal((await conformanceRows(page))[0]!.status, "pass", "the handshake got through with the token");
    const suite = sent.slice(before);
    assert.ok(suite.length > 5 && suite.every((r) => r.authorization === `Bearer ${token}`));
    assert.ok(suite.every((r) => !r.url.includes(token) && !r.body.includes(token)));
    const files = await downloads(
      page,
      () => page.getByRole("button", { name: "Export the report (JSON)" }).click(),
      1,
    );
    assert.ok(!Object.values(files)[0]!.includes(token), "not in the report");
    assert.ok(!((await page.textContent("#conformance")) ?? "").includes(token), "not in the panel");
    await context.close();
    await server.close();
  });

  test("a cancelled run stops at once: what never finished is marked, no summary, and the button runs again", async () => {
    const { page } = await connected();
    await connectTo(page, `${slow.origin}/contextgraph`);
    await page.getByRole("button", { name: "Run conformance" }).click();
    await page.waitForSelector('#conformance-checks li[data-check="frame-validity"][data-status="running"]');
    assert.ok(await page.getByRole("button", { name: "Run conformance" }).isDisabled(), "one run at a time");
    await page.getByRole("button", { name: "Cancel the run" }).click();
    assert.equal(await page.textContent("#conformance-progress"), "Cancelled.");
    const rows = await conformanceRows(page);
    assert.deepEqual(
      rows.map((row) => row.status),
      ["pass", "pass", ...PROVIDER_CHECKS.slice(2).map(() => "not run")],
    );
    assert.ok(await page.getByRole("button", { name: "Run conformance" }).isEnabled());
    assert.ok(await page.getByRole("button", { name: "Export the report (JSON)" }).isDisabled(), "no report to export");
    assert.ok(await page.locator("#conformance-summary").isHidden());
    assert.equal(await page.locator("#alert").isHidden(), true, "a cancellation is not an error");
    await page.context().close();
  });

  test("connecting elsewhere mid-run drops that run: the next run is the only one shown", async () => {
    const { page } = await connected();
    await connectTo(page, `${slow.origin}/contextgraph`);
    await page.getByRole("button", { name: "Run conformance" }).click();
    await page.waitForSelector('#conformance-checks li[data-check="frame-validity"][data-status="running"]');
    await connectTo(page, `${origin}/contextgraph`);
    assert.deepEqual(await conformanceRows(page), [], "the panel is emptied for the new provider");
    const seen = await watchConformance(page);
    await runConformancePanel(page);
    assert.deepEqual(statuses(await conformanceRows(page)), OVER_HTTP, "the slow run left nothing behind");
    assert.deepEqual(
      await seen(),
      PROVIDER_CHECKS.flatMap((name) => [`${name}:running`, `${name}:${OVER_HTTP[name]}`]),
    );
    const files = await downloads(
      page,
      () => page.getByRole("button", { name: "Export the report (JSON)" }).click(),
      1,
    );
    assert.equal(JSON.parse(Object.values(files)[0]!).target, `${origin}/contextgraph`);
    await page.context().close();
  });
});

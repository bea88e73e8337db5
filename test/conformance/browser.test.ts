// The conformance suite in real Chromium (Playwright, the system build): a small page bundled by esbuild
// runs the provider suite against an in-page provider, a Web Worker on a stream pair and an HTTP provider
// on 127.0.0.1, and the host suite against its own Host; provenance is skipped there (no file source).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import type { Browser } from "playwright-core";
import {
  createProviderApp,
  docsProvider,
  PROVIDER_EXTENSION_NAMES,
  readCorpus,
  signerFromSeed,
} from "../support/lib.ts";
import { launchChromium } from "../support/browser/chromium.ts";
import { bundleForBrowser, modulePage, pageResults } from "../support/browser/page-results.ts";
import { serveForBrowser } from "../support/browser/serve.ts";
import { bundleCli, type CliBundle } from "../support/conformance/cli-bundle.ts";
import { PROVIDER_CHECKS, WIRE_CHECKS } from "../support/conformance/expected.ts";

type Check = { name: string; status: string; evidence: string };
type Run = {
  report: { checks: Check[]; extensions?: Check[] };
  events: string[];
  passed: boolean;
};

const statusOf = (run: Run) => Object.fromEntries(run.report.checks.map((check) => [check.name, check.status]));

describe("the conformance suite in Chromium", () => {
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof serveForBrowser>> | undefined;
  let cli: CliBundle | undefined;
  let results: Record<string, Run> = {};

  before(async () => {
    cli = await bundleCli();
    const corpusText = await readFile(cli.corpus, "utf8");
    const signer = await signerFromSeed("2a".repeat(32), { keyId: "http", attesterId: "docs" });
    const [page, worker] = await Promise.all([
      bundleForBrowser(new URL("./browser-page.ts", import.meta.url)),
      bundleForBrowser(new URL("./browser-worker.ts", import.meta.url)),
    ]);
    server = await serveForBrowser(
      {
        "/": modulePage("conformance"),
        "/page.js": { body: page, type: "text/javascript" },
        "/worker.js": { body: worker, type: "text/javascript" },
        "/corpus.json": { body: corpusText, type: "application/json" },
      },
      "/contextgraph",
      createProviderApp(docsProvider(readCorpus(JSON.parse(corpusText)), { signer })),
    );
    browser = await launchChromium();
    results = await pageResults<Record<string, Run>>(browser, `${server.origin}/`, 60_000);
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    await cli?.cleanup();
  });

  test("in the page: every check that can run passes, the wire-level ones and provenance are skipped", () => {
    const status = statusOf(results.inPage!);
    assert.equal(results.inPage!.passed, true);
    assert.deepEqual(
      Object.keys(status).filter((name) => status[name] === "skipped"),
      ["provenance-fixture-consistency", ...WIRE_CHECKS],
    );
    assert.match(results.inPage!.report.checks[8]!.evidence, /cannot re-read file:\/\/ bytes/);
  });

  test("progress streams one started and one finished event per check, in report order (over HTTP, the extension last)", () => {
    for (const name of ["inPage", "inPageLiar", "worker", "workerLift", "http"]) {
      const checks = name === "http" ? [...PROVIDER_CHECKS, ...PROVIDER_EXTENSION_NAMES] : PROVIDER_CHECKS;
      assert.deepEqual(
        results[name]!.events,
        checks.flatMap((check) => [`+${check}`, `-${check}`]),
      );
    }
  });

  test("a misbehaving in-page provider is caught in the browser too", () => {
    assert.equal(results.inPageLiar!.passed, false);
    assert.equal(statusOf(results.inPageLiar!)["budget-honesty"], "fail");
  });

  test("a Web Worker on a stream pair gets the wire-level probes, and passes them", () => {
    const status = statusOf(results.worker!);
    assert.equal(results.worker!.passed, true, JSON.stringify(results.worker!.report, null, 1));
    for (const name of ["malformed-input-tolerance", "correlation", "attestation", "shutdown-clean"])
      assert.equal(status[name], "pass", name);
  });

  test("a Web Worker lifting a signature fails attestation in the browser (WebCrypto Ed25519)", () => {
    const status = statusOf(results.workerLift!);
    assert.equal(status.attestation, "fail");
    assert.match(results.workerLift!.report.checks.at(-1)!.evidence, /CommitmentMismatch/);
  });

  test("over HTTP from the page: every check that runs over HTTP passes", () => {
    const status = statusOf(results.http!);
    assert.equal(results.http!.passed, true, JSON.stringify(results.http!.report, null, 1));
    for (const name of WIRE_CHECKS) assert.equal(status[name], "skipped", name);
  });

  test("the host suite runs in the page and frameline's host passes all 13 checks, and its extension after them", () => {
    assert.equal(results.host!.passed, true, JSON.stringify(results.host!.report, null, 1));
    assert.equal(results.host!.report.checks.length, 13);
    assert.deepEqual(
      results.host!.report.extensions?.map((check) => [check.name, check.status]),
      [["host-content-binding", "pass"]],
      JSON.stringify(results.host!.report.extensions, null, 1),
    );
    assert.deepEqual(results.host!.events.slice(-2), ["+host-content-binding", "-host-content-binding"]);
  });
});

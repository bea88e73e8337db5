// The mode-to-check matrix over HTTP (spec §5.2): the real Worker (worker/index.ts) in workerd through
// Miniflare, one Worker per mode with `MISBEHAVE` set, all in one workerd, each run through the whole
// provider suite over the HTTP binding. Only modes whose check runs over HTTP are here (the wire-level
// ones are covered in-page, where they must make nothing fail). Runs go four at a time.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Miniflare } from "miniflare";
import { runConformance } from "../support/lib.ts";
import { fileSource } from "../support/node-lib.ts";
import { assertCaught, assertWellBehaved } from "../support/conformance/assert-report.ts";
import { TEST_SEED } from "../support/conformance/cli-bundle.ts";
import { MODES, WIRE_CHECKS } from "../support/conformance/expected.ts";
import { bundleWorker, type WorkerBundle } from "../support/worker/bundle.ts";
import { bundledWorker, ENDPOINT } from "../support/worker/http.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

const files = fileSource({ root: PROJECT_ROOT });
const OVER_HTTP = MODES.filter((expected) => !WIRE_CHECKS.includes(expected.trips));
const WELL_BEHAVED = "well-behaved";
const AUTHORIZED = "lying-costs-with-token";
const UNKNOWN_MODE = "unknown-mode";

/** One Worker per mode: its name, and the `MISBEHAVE` (and other) bindings it runs with. */
function workers(bundle: WorkerBundle) {
  const worker = (name: string, bindings: Record<string, string>) => ({
    name,
    ...bundledWorker(bundle),
    bindings: { ATTESTATION_SEED: TEST_SEED, ...bindings },
  });
  return [
    worker(WELL_BEHAVED, {}),
    ...OVER_HTTP.map((expected) => worker(expected.mode, { MISBEHAVE: expected.mode })),
    worker(AUTHORIZED, { MISBEHAVE: "lying-costs", BEARER_TOKEN: "a-token-for-the-test-only" }),
    worker(UNKNOWN_MODE, { MISBEHAVE: "no-such-mode" }),
  ];
}

describe("the conformance matrix over HTTP (the Worker in workerd)", { concurrency: 4 }, () => {
  let bundle: WorkerBundle;
  let mf: Miniflare;
  before(async () => {
    bundle = await bundleWorker();
    mf = new Miniflare({
      host: "127.0.0.1",
      workers: workers(bundle),
      // The crash modes throw on purpose: workerd's report of each uncaught exception is expected noise.
      handleRuntimeStdio: (stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) => {
        stdout.resume();
        stderr.resume();
      },
    });
    await mf.ready;
  });
  after(async () => {
    await mf?.dispose();
    await bundle?.cleanup();
  });

  /** The Worker named `name` as an HTTP target. */
  async function target(name: string) {
    const worker = await mf.getWorker(name);
    const send = ((input: RequestInfo | URL, init?: RequestInit) =>
      worker.fetch(input as never, init as never)) as typeof fetch;
    return { kind: "http" as const, url: ENDPOINT, fetch: send };
  }

  test("the well-behaved Worker passes every check that runs over HTTP", async () => {
    assertWellBehaved(await runConformance(await target(WELL_BEHAVED), { files }), false, []);
  });

  for (const expected of OVER_HTTP) {
    test(`MISBEHAVE=${expected.mode} is caught by ${expected.trips}, and by nothing else`, async () => {
      assertCaught(await runConformance(await target(expected.mode), { files }), expected, false);
    });
  }

  test("a misbehaving Worker keeps the app's own rules: no bearer token, 401, and the mode never runs", async () => {
    const worker = await mf.getWorker(AUTHORIZED);
    const body = JSON.stringify({ type: "handshake", protocol_version: "contextgraph/1.0" });
    const response = await worker.fetch(ENDPOINT, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    assert.equal(response.status, 401);
    await response.arrayBuffer();
  });

  test("MISBEHAVE naming no mode fails every request instead of serving an honest provider", async () => {
    const worker = await mf.getWorker(UNKNOWN_MODE);
    const body = JSON.stringify({ type: "handshake", protocol_version: "contextgraph/1.0" });
    // Miniflare hands the Worker's uncaught exception to the caller (deployed, the client gets a 500).
    await assert.rejects(
      worker.fetch(ENDPOINT, { method: "POST", headers: { "content-type": "application/json" }, body }),
      /MISBEHAVE names no mode; it must be one of lying-costs, /,
    );
  });
});

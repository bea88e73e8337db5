// frameline's provider extension `http-attestation` (issue 21.4): over HTTP the reference suite checks no
// signature (its `attestation` check is a stream probe), so the extension verifies every attestation,
// inclusion proof and root signature of the probe answer under the handshake's keys, content re-hashed.
// The reference verdict stays exactly the reference's: each broken double below is "CGP conformant" by the
// 14 checks, and fails only the extension, with evidence naming the frame and the verdict, never content.
// Against the real docs Worker in workerd: signed passes, unsigned is skipped as unsigned, and every
// attestation misbehave mode fails it.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Miniflare } from "miniflare";
import {
  buildCorpus,
  type ConformanceReport,
  createProviderApp,
  type DocsCorpus,
  docsProvider,
  extensionsPassed,
  passed,
  runConformance,
  signerFromSeed,
} from "../support/lib.ts";
import { defaultCorpusFiles, fileSource } from "../support/node-lib.ts";
import { sha256Hex } from "../docs-provider/support.ts";
import { serveApps } from "../support/browser/serve.ts";
import { CLI_ARGS } from "../support/cli.ts";
import { assertWellBehaved } from "../support/conformance/assert-report.ts";
import { TEST_SEED } from "../support/conformance/cli-bundle.ts";
import { run, userEnv } from "../support/package/processes.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";
import { bundleWorker, type WorkerBundle } from "../support/worker/bundle.ts";
import { bundledWorker, ENDPOINT } from "../support/worker/http.ts";
import {
  alteredContent,
  badRootSignature,
  bentInclusionProof,
  type Changed,
  type Double,
  type FetchApp,
} from "./http-attestation-doubles.ts";

const URL_OF_APP = "http://localhost/contextgraph";
const TAG = /\[§3\.11–§3\.13, §1\.8 #5, D1; frameline extension\]$/;

/** An HTTP target served by `app` in this process. */
function target(app: FetchApp) {
  const send = ((input: RequestInfo | URL, init?: RequestInit) => app.fetch(new Request(input, init))) as typeof fetch;
  return { kind: "http" as const, url: URL_OF_APP, fetch: send };
}

/** The one extension of an HTTP report, after checking it is the only one and is tagged as ours. */
function extensionOf(report: ConformanceReport) {
  assert.deepEqual(
    report.extensions?.map((check) => check.name),
    ["http-attestation"],
  );
  const check = report.extensions![0]!;
  assert.match(check.evidence, TAG);
  return check;
}

/** The evidence quotes no frame's content (a 40-character run of any of them). */
function quotesNoContent(evidence: string, changed: Changed): void {
  assert.ok(changed.frames && changed.frames.length > 1, "the double saw an answer of several frames");
  for (const frame of changed.frames)
    if (frame.content) assert.ok(!evidence.includes(frame.content.slice(0, 40).trim()), `quotes ${frame.id}`);
}

describe("http-attestation, a frameline extension over HTTP", () => {
  let corpus: DocsCorpus;
  let signedApp: FetchApp;
  before(async () => {
    corpus = await buildCorpus(await defaultCorpusFiles(PROJECT_ROOT));
    const signer = await signerFromSeed(TEST_SEED, { keyId: "docs-1", attesterId: "docs" });
    signedApp = createProviderApp(docsProvider(corpus, { signer }));
  });

  test("the signed docs provider passes it, every proof and the root valid and every content bound", async () => {
    const report = await runConformance(target(signedApp));
    assertWellBehaved(report, false, ["provenance-fixture-consistency"]);
    const check = extensionOf(report);
    assert.equal(check.status, "pass", check.evidence);
    assert.match(
      check.evidence,
      /^\d+ frames: 0 attestations and (\d+) inclusion proofs valid under the published key; result_attestation valid over exactly these frames \(F12\); every frame's content hashes to its signed content_digest/,
    );
    assert.ok(passed(report) && extensionsPassed(report));
  });

  test("an unsigned provider is skipped as unsigned, not passed", async () => {
    const report = await runConformance(target(createProviderApp(docsProvider(corpus))));
    const check = extensionOf(report);
    assert.equal(check.status, "skipped");
    assert.match(
      check.evidence,
      /^unsigned: the handshake publishes no attester key and the answer carries no attestation \[/,
    );
  });

  const doubles: [string, (app: FetchApp) => Double, (changed: Changed) => RegExp][] = [
    [
      "a bad root signature",
      badRootSignature,
      (changed) =>
        new RegExp(
          `^frame "${changed.frameId}" inclusion_proof: BadSignature: not signed by the published key; frame "[^"]+" inclusion_proof: BadSignature`,
        ),
    ],
    [
      "content altered after signing",
      alteredContent,
      (changed) =>
        new RegExp(
          `^frame "${changed.frameId}": ContentMismatch: content_digest "${changed.declared!.slice(0, 60)}…" is signed, the content hashes to ${sha256Hex(changed.content!)} \\(§1\\.8 #5, D1\\)`,
        ),
    ],
    [
      "a bent inclusion proof",
      bentInclusionProof,
      (changed) => new RegExp(`^frame "${changed.frameId}" inclusion_proof: CommitmentMismatch: signed "sha256:`),
    ],
  ];

  for (const [what, make, expected] of doubles) {
    test(`${what}: CGP conformant by the 14 checks, and only the extension fails, naming frame and verdict`, async () => {
      const double = make(signedApp);
      const report = await runConformance(target(double.app));
      assertWellBehaved(report, false, ["provenance-fixture-consistency"]);
      assert.ok(passed(report), "the reference verdict is unchanged");
      const check = extensionOf(report);
      assert.equal(check.status, "fail");
      const named = double.changes.filter((changed) => changed.frameId && expected(changed).test(check.evidence));
      assert.equal(named.length > 0, true, `names a change the double made: ${check.evidence}`);
      for (const changed of double.changes) quotesNoContent(check.evidence, changed);
      assert.equal(extensionsPassed(report), false);
    });
  }

  test("frameline inspect http prints it under the extensions' heading, and exits 1 on the altered content", async () => {
    const double = alteredContent(signedApp);
    const signedServer = await serveApps({ "/contextgraph": signedApp });
    const alteredServer = await serveApps({ "/contextgraph": double.app });
    try {
      const inspect = (origin: string) =>
        run(process.execPath, [...CLI_ARGS, "inspect", "http", `${origin}/contextgraph`], {
          cwd: PROJECT_ROOT,
          env: userEnv(),
          timeoutMs: 60_000,
        });
      const [signed, altered] = await Promise.all([inspect(signedServer.origin), inspect(alteredServer.origin)]);
      assert.equal(signed.code, 0, signed.stdout + signed.stderr);
      assert.match(
        signed.stdout,
        /\nframeline extensions \(not reference checks; not counted in CGP conformant\):\n {2}pass http-attestation +/,
      );
      assert.equal(altered.code, 1, altered.stdout + altered.stderr);
      assert.match(altered.stdout, /\nCGP conformant: 14 checks, /);
      assert.match(altered.stdout, /\n {2}FAIL http-attestation +frame ".+": ContentMismatch: /);
      assert.match(
        altered.stdout,
        /\nframeline extensions failed \(http-attestation\): 1 check, 0 passed, 1 failed\n$/,
      );
    } finally {
      await signedServer.close();
      await alteredServer.close();
    }
  });
});

/** The attestation modes of the docs Worker (spec §5.2), each with what the extension's evidence must name. */
const WORKER_MODES: readonly [string, RegExp][] = [
  ["forge-signature", /inclusion_proof: BadSignature: not signed by the published key/],
  ["lift-signature", /~lifted" attestation: CommitmentMismatch/],
  ["truncate-chain", /inclusion_proof: CommitmentMismatch/],
  ["unknown-algorithm", /UnknownAlgorithm "dilithium3"/],
  ["identity-only-signature", /^frame "[^"]+" attestation: ValidIdentityOnly: the frame has no content_digest/],
  ["inline-attestation", /^1 key published, but the answer carries no detached attestation/],
];

describe("http-attestation on the docs Worker in workerd", { concurrency: 4 }, () => {
  let bundle: WorkerBundle;
  let mf: Miniflare;
  before(async () => {
    bundle = await bundleWorker();
    const worker = (name: string, bindings: Record<string, string>) => ({ name, ...bundledWorker(bundle), bindings });
    mf = new Miniflare({
      host: "127.0.0.1",
      workers: [
        worker("signed", { ATTESTATION_SEED: TEST_SEED }),
        worker("unsigned", {}),
        worker("lying-costs", { ATTESTATION_SEED: TEST_SEED, MISBEHAVE: "lying-costs" }),
        ...WORKER_MODES.map(([mode]) => worker(mode, { ATTESTATION_SEED: TEST_SEED, MISBEHAVE: mode })),
      ],
    });
    await mf.ready;
  });
  after(async () => {
    await mf?.dispose();
    await bundle?.cleanup();
  });

  async function reportOf(name: string): Promise<ConformanceReport> {
    const worker = await mf.getWorker(name);
    const send = ((input: RequestInfo | URL, init?: RequestInit) =>
      worker.fetch(input as never, init as never)) as typeof fetch;
    return runConformance({ kind: "http", url: ENDPOINT, fetch: send }, { files: fileSource({ root: PROJECT_ROOT }) });
  }

  test("the signed Worker passes it; the unsigned one is skipped as unsigned", async () => {
    const signed = extensionOf(await reportOf("signed"));
    assert.equal(signed.status, "pass", signed.evidence);
    const unsigned = extensionOf(await reportOf("unsigned"));
    assert.equal(unsigned.status, "skipped");
    assert.match(unsigned.evidence, /^unsigned: /);
  });

  test("a mode that breaks a reference check but no signature (lying-costs) leaves the extension passing", async () => {
    const report = await reportOf("lying-costs");
    assert.equal(passed(report), false);
    assert.equal(extensionOf(report).status, "pass");
  });

  for (const [mode, evidence] of WORKER_MODES) {
    test(`MISBEHAVE=${mode}: nothing of the 14 fails over HTTP, the extension does`, async () => {
      const report = await reportOf(mode);
      assert.deepEqual(
        report.checks.filter((check) => check.status === "fail"),
        [],
      );
      const check = extensionOf(report);
      assert.equal(check.status, "fail");
      assert.match(check.evidence, evidence);
    });
  }
});

// The mode-to-check matrix in-page (spec §5.2): the docs provider and its misbehaving twins called in
// this realm through inPageTransport, each run through the whole provider suite. The four wire-level
// probes are skipped in-page, so a mode only they catch must make nothing fail here.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import {
  buildCorpus,
  type DocsCorpus,
  docsProvider,
  type MisbehaveMode,
  misbehavingDocsProvider,
  runConformance,
  signerFromSeed,
} from "../support/lib.ts";
import { defaultCorpusFiles, fileSource } from "../support/node-lib.ts";
import { assertCaught, assertWellBehaved } from "../support/conformance/assert-report.ts";
import { TEST_SEED } from "../support/conformance/cli-bundle.ts";
import { MODES } from "../support/conformance/expected.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

const files = fileSource({ root: PROJECT_ROOT });

describe("the conformance matrix in-page", () => {
  let corpus: DocsCorpus;
  let signer: Awaited<ReturnType<typeof signerFromSeed>>;
  before(async () => {
    corpus = await buildCorpus(await defaultCorpusFiles(PROJECT_ROOT));
    signer = await signerFromSeed(TEST_SEED, { keyId: "in-page", attesterId: "docs" });
  });

  test("the well-behaved provider passes every check that runs in-page", async () => {
    const target = { kind: "in-page" as const, label: "docs in-page", provider: docsProvider(corpus, { signer }) };
    assertWellBehaved(await runConformance(target, { files }), false, []);
  });

  for (const expected of MODES) {
    test(`${expected.mode}: ${expected.trips} fails in-page, or nothing does when only a wire-level probe can see it`, async () => {
      const provider = misbehavingDocsProvider(corpus, expected.mode as MisbehaveMode, { signer });
      assertCaught(
        await runConformance({ kind: "in-page", label: expected.mode, provider }, { files }),
        expected,
        false,
      );
    });
  }

  test("without a file source (a browser, workerd) provenance-fixture-consistency is skipped with its reason", async () => {
    const provider = misbehavingDocsProvider(corpus, "stale-digest", { signer });
    const report = await runConformance({ kind: "in-page", label: "no files", provider });
    const check = report.checks.find((c) => c.name === "provenance-fixture-consistency")!;
    assert.equal(check.status, "skipped");
    assert.match(check.evidence, /cannot re-read file:\/\/ bytes/);
  });
});

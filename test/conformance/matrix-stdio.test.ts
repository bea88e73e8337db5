// The mode-to-check matrix over stdio (spec §5.2): `frameline serve --stdio` as real child processes,
// well-behaved and in every misbehave mode, each run through the whole provider suite. Runs go two
// at a time; each starts the provider three times (the host-driven checks, the malformed-input probe,
// and the probes that share a connection). The matrix's wall time is reported as a diagnostic.
import { test } from "node:test";
import { runConformance } from "../support/lib.ts";
import { fileSource } from "../support/node-lib.ts";
import { assertCaught, assertWellBehaved } from "../support/conformance/assert-report.ts";
import { bundleCli } from "../support/conformance/cli-bundle.ts";
import { MODES } from "../support/conformance/expected.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

const files = fileSource({ root: PROJECT_ROOT });

test("the conformance matrix over stdio", { concurrency: 2 }, async (t) => {
  const bundle = await bundleCli();
  try {
    const started = performance.now();
    await Promise.all([
      t.test(
        "the well-behaved provider, signing, passes every check; only embedding-fingerprint is skipped (no fingerprint)",
        async () =>
          assertWellBehaved(await runConformance(bundle.target(), { files }), true, ["embedding-fingerprint"]),
      ),
      ...MODES.map((expected) =>
        t.test(`--misbehave ${expected.mode} is caught by ${expected.trips}, and by nothing else`, async () =>
          assertCaught(await runConformance(bundle.target(expected.mode), { files }), expected, true),
        ),
      ),
    ]);
    t.diagnostic(`${MODES.length + 1} runs over stdio in ${Math.round(performance.now() - started)} ms`);
  } finally {
    await bundle.cleanup();
  }
});

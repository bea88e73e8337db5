// The conformance suites run inside workerd (Miniflare): the same code as in Node and the browser, with
// no file system, so provenance re-reading is skipped there, and every other check that can run passes.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { build } from "esbuild";
import type { ConformanceReport } from "../support/lib.ts";
import { WORKERD_BUILD } from "../support/worker/bundle.ts";
import { startWorker } from "../support/worker/http.ts";

const statuses = (report: ConformanceReport) =>
  Object.fromEntries(report.checks.map((check) => [check.name, check.status]));

test("the provider and host suites run in workerd", async () => {
  const dir = await mkdtemp(join(tmpdir(), "frameline-workerd-conformance-"));
  const scriptPath = join(dir, "worker.mjs");
  await build({
    ...WORKERD_BUILD,
    entryPoints: [new URL("./workerd-entry.ts", import.meta.url).pathname],
    outfile: scriptPath,
  });
  const mf = await startWorker({ dir, scriptPath }, {});
  try {
    const response = await mf.dispatchFetch("http://localhost/");
    assert.equal(response.status, 200);
    const { inPage, stream, liar, host } = (await response.json()) as Record<string, ConformanceReport>;
    const page = statuses(inPage!);
    assert.ok(!Object.values(page).includes("fail"), JSON.stringify(inPage, null, 1));
    assert.equal(page["provenance-fixture-consistency"], "skipped", "no file source in workerd");
    const wire = statuses(stream!);
    assert.ok(!Object.values(wire).includes("fail"), JSON.stringify(stream, null, 1));
    for (const name of ["malformed-input-tolerance", "correlation", "shutdown-clean"])
      assert.equal(wire[name], "pass", name);
    assert.equal(statuses(liar!)["budget-honesty"], "fail");
    assert.ok(
      host!.checks.length === 13 && host!.checks.every((check) => check.status === "pass"),
      JSON.stringify(host, null, 1),
    );
    assert.deepEqual(
      host!.extensions?.map((check) => [check.name, check.status]),
      [["host-content-binding", "pass"]],
      "frameline's extension runs and passes in workerd too (signing and re-hashing there)",
    );
  } finally {
    await mf.dispose();
    await rm(dir, { recursive: true, force: true });
  }
});

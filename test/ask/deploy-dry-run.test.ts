// `wrangler deploy --dry-run -c wrangler.ask.toml`: wrangler's own bundling of the ask Worker (the MCP SDK
// included) succeeds offline, fits the edge's limits, and the very bundle it would upload answers /ask and
// /mcp in workerd next to the docs Worker.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { gzipSync } from "node:zlib";
import { Miniflare } from "miniflare";
import { DOCS_KEY_ID, DOCS_SEED } from "../support/ask/miniflare.ts";
import { bundledWorker } from "../support/worker/http.ts";
import { type Run, run } from "../support/package/processes.ts";
import { bundleWorker, type WorkerBundle } from "../support/worker/bundle.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

const WRANGLER = join(PROJECT_ROOT, "node_modules", ".bin", "wrangler");
/** Cloudflare's limit for a Worker on the free plan is 3 MiB gzipped; this keeps us well inside it. */
const GZIP_LIMIT = 1024 * 1024;

describe("wrangler deploy --dry-run -c wrangler.ask.toml", () => {
  let dir: string;
  let result: Run;
  let script: string;
  let docs: WorkerBundle;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "frameline-ask-dry-run-"));
    result = await run(WRANGLER, ["deploy", "--dry-run", "-c", "wrangler.ask.toml", "--outdir", join(dir, "out")], {
      cwd: PROJECT_ROOT,
      timeoutMs: 120_000,
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: "false",
        WRANGLER_HIDE_BANNER: "true",
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        WRANGLER_LOG_PATH: join(dir, "logs"),
      },
    });
    script = result.code === 0 ? readFileSync(join(dir, "out", "index.js"), "utf8") : "";
    docs = await bundleWorker();
  });

  after(async () => {
    await docs?.cleanup();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("wrangler bundles the ask Worker offline, within the edge's size limit, with no Node built-in left", (t) => {
    assert.equal(result.code, 0, result.stderr + result.stdout);
    assert.match(result.stdout, /env\.DOCS \(frameline-docs\)/);
    const gzipped = gzipSync(script).length;
    t.diagnostic(`bundle ${script.length} bytes, ${gzipped} gzipped`);
    assert.ok(gzipped < GZIP_LIMIT, `${gzipped} bytes gzipped`);
    assert.doesNotMatch(script, /\bfrom\s*"node:|require\("node:/);
  });

  test("the bundle wrangler would upload answers /ask and /mcp in workerd, behind a service binding", async () => {
    assert.equal(result.code, 0);
    const mf = new Miniflare({
      host: "127.0.0.1",
      workers: [
        {
          name: "ask",
          ...bundledWorker({ dir: join(dir, "out"), scriptPath: join(dir, "out", "index.js") }),
          bindings: { PROVIDERS: [{ name: "docs", service: "DOCS", consent: { egress: true } }] },
          serviceBindings: { DOCS: "docs" },
        },
        {
          name: "docs",
          ...bundledWorker(docs),
          bindings: { ATTESTATION_SEED: DOCS_SEED },
        },
      ],
    });
    try {
      const answer = await mf.dispatchFetch("http://127.0.0.1/ask", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ goal: "how is an answer signed?", budget_tokens: 500 }),
      });
      const json = (await answer.json()) as any;
      assert.equal(answer.status, 200);
      assert.ok(json.frames.length > 0);
      assert.ok(
        json.frames.every((f: any) => f.attestation.state === "attested" && f.attestation.key_id === DOCS_KEY_ID),
      );
      const mcp = await mf.dispatchFetch("http://127.0.0.1/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      assert.equal(mcp.status, 200);
      assert.deepEqual(
        ((await mcp.json()) as any).result.tools.map((tool: any) => tool.name),
        ["search_context"],
      );
    } finally {
      await mf.dispose();
    }
  });
});

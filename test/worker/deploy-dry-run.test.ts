// `wrangler deploy --dry-run`: wrangler.toml's [build] step (the corpus) and wrangler's own bundling
// of worker/index.ts succeed offline, and the bundle is a plausible size for the edge.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { gzipSync } from "node:zlib";
import { type Run, run as runGroup } from "../support/package/processes.ts";

import { sha256Digest } from "../support/worker/http.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

const WRANGLER = join(PROJECT_ROOT, "node_modules", ".bin", "wrangler");
const RUN_TIMEOUT_MS = 120_000;

describe("wrangler deploy --dry-run", () => {
  let dir: string;
  let outdir: string;
  let logs: string;
  let run: Run;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "frameline-dry-run-"));
    outdir = join(dir, "out");
    logs = join(dir, "logs");
    run = await runGroup(WRANGLER, ["deploy", "--dry-run", "--outdir", outdir], {
      cwd: PROJECT_ROOT,
      timeoutMs: RUN_TIMEOUT_MS,
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: "false",
        WRANGLER_HIDE_BANNER: "true",
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        // Wrangler's debug log goes here instead of ~/.config/.wrangler/logs, and is read below.
        WRANGLER_LOG_PATH: logs,
      },
    });
  });
  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("runs the [build] step and exits 0 offline, without a Cloudflare API request", (t) => {
    t.diagnostic(`wrangler deploy --dry-run took ${(run.ms / 1000).toFixed(1)} s`);
    assert.equal(run.timedOut, false, `wrangler did not finish within ${RUN_TIMEOUT_MS} ms`);
    assert.equal(run.code, 0, `exit ${run.code} (${run.signal})\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`);
    assert.match(run.stdout, /\[custom build\] Running: node --import tsx src\/node\/cli\.ts index --refresh/);
    // The corpus is rebuilt, or found already built from the same files by the same code and left as it is.
    assert.match(
      run.stdout,
      /\[custom build\] frameline: (indexed|worker\/corpus\.json is up to date:) \d+ documents, \d+ chunks/,
    );
    assert.match(run.stdout, /\[custom build\] frameline: built the playground in web\/dist/);
    assert.match(
      run.stdout,
      /Read \d+ files from the assets directory .*web\/dist/,
      "the playground is the Worker's assets",
    );
    assert.match(run.stdout, /--dry-run: exiting now\./);
    const logFiles = existsSync(logs) ? readdirSync(logs).filter((name) => name.endsWith(".log")) : [];
    assert.equal(logFiles.length, 1, "wrangler wrote its debug log where WRANGLER_LOG_PATH says");
    const log = readFileSync(join(logs, logFiles[0]!), "utf8");
    assert.match(log, /--dry-run: exiting now\./, "the log is this run's");
    assert.doesNotMatch(log, /START CF API REQUEST/, "no request to the Cloudflare API");
  });

  test("the output dir holds the bundled Worker, with a fresh corpus and no Node built-ins; gzipped size is plausible", (t) => {
    assert.equal(run.code, 0);
    const script = join(outdir, "index.js");
    assert.ok(existsSync(script), `index.js in ${readdirSync(outdir).join(", ")}`);
    const bytes = readFileSync(script);
    const text = bytes.toString("utf8");
    const gzipped = gzipSync(bytes).length;
    const upload = /Total Upload: ([\d.]+ KiB) \/ gzip: ([\d.]+ KiB)/.exec(run.stdout);
    t.diagnostic(
      `bundle ${script.slice(outdir.length + 1)}: ${bytes.length} bytes, gzip ${gzipped} bytes (${(gzipped / 1024).toFixed(2)} KiB)`,
    );
    if (upload) t.diagnostic(`wrangler reports Total Upload ${upload[1]} / gzip ${upload[2]}`);
    assert.ok(gzipped > 10 * 1024, `gzip ${gzipped} B > 10 KiB`);
    assert.ok(gzipped < 1024 * 1024, `gzip ${gzipped} B < 1 MiB`);

    assert.match(text, /export\s*\{[^}]*\bdefault\b/, "an ES module with a default export");
    // Statements at the start of a line, and dynamic imports: the corpus's own text quotes Node examples.
    assert.doesNotMatch(
      text,
      /^\s*(?:import|export)\b[^\n]*\bfrom\s*["']node:/m,
      "no node: imports in the edge bundle",
    );
    assert.doesNotMatch(text, /\bimport\(\s*["']node:/, "no dynamic node: import in the edge bundle");
    // The [build] step ran just now: worker/corpus.json hashes the files it was built from, and the bundle embeds it.
    const { dir: recorded } = JSON.parse(readFileSync(join(PROJECT_ROOT, "worker", "corpus.source.json"), "utf8")) as {
      dir: string | null;
    };
    const sourceRoot = recorded === null ? PROJECT_ROOT : resolve(PROJECT_ROOT, recorded);
    const corpus = JSON.parse(readFileSync(join(PROJECT_ROOT, "worker", "corpus.json"), "utf8")) as {
      format: string;
      documents: { path: string; digest: string }[];
    };
    assert.ok(text.includes(corpus.format), "the corpus format tag is in the bundle");
    assert.ok(corpus.documents.length > 0);
    for (const document of corpus.documents) {
      assert.equal(
        document.digest,
        sha256Digest(readFileSync(join(sourceRoot, ...document.path.split("/")))),
        `${document.path} on disk`,
      );
      assert.ok(text.includes(document.digest), `${document.path}'s digest is bundled`);
    }
  });
});

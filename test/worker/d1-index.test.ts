// `frameline index DIR --d1 NAME` for real: the CLI in a temp project whose wrangler.toml binds DOCS_DB,
// writing wrangler's local D1 (what `wrangler dev` serves) through `wrangler d1 execute`, then again after
// an edit (only the edited document is rewritten), then with nothing changed (nothing is). The rows are
// read back through wrangler itself (not the CLI's own query code) and compared with the files, byte for
// byte, by node:crypto digests.
//
// Every wrangler here runs with its own state: its config folder (metrics.json, logs, the dev registry),
// cache and temp folder are inside this test's folder, never the ones shared with every other wrangler on
// the machine (other suites, other checkouts); metrics and the `Request.cf` fetch are off, the test's own
// queries included. A failed run's assertion carries its stderr and wrangler's debug logs (when it wrote any).
import assert from "node:assert/strict";
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { CLI_ARGS } from "../support/cli.ts";
import { type Run, run as runGroup, userEnv } from "../support/package/processes.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";
import { sha256Digest } from "../support/worker/http.ts";

const RUN_TIMEOUT_MS = 120_000;
/** `wrangler d1 execute` on the project's local database, as `frameline index --d1 test-docs` runs it. */
const D1_EXECUTE = [
  join(PROJECT_ROOT, "node_modules", "wrangler", "bin", "wrangler.js"),
  "d1",
  "execute",
  "test-docs",
  "--local",
];
const WRANGLER_TOML = `name = "d1-index-test"
main = "worker.js"
compatibility_date = "2026-05-01"
d1_databases = [{ binding = "DOCS_DB", database_name = "test-docs" }]
`;
const PAGES: Record<string, string> = {
  "guide.md":
    '# Guide\n\nSee [the reference](ref.md); it\'s where "quotes"; and semicolons live.\r\n\n## Setup\n\nRun it.\n',
  "ref.md": "# Reference\n\nA NUL \u0000 byte, café, 🦀.\n",
};

/** A child's exit as a test failure message: its stderr, then the debug logs wrangler wrote in this test. */
function failure(run: Run, logs: string): string {
  const written = existsSync(logs) ? readdirSync(logs).sort() : [];
  const texts = written.map((name) => `--- ${name}\n${readFileSync(join(logs, name), "utf8")}`);
  return `exit ${run.code} (${run.signal}${run.timedOut ? ", timed out" : ""})\n${run.stderr}\n${texts.join("\n")}`;
}

describe("frameline index DIR --d1 NAME", () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const logs = () => join(dir, "wrangler-logs");
  /** Runs `file args` in the project, in its own process group, ended if it outlives RUN_TIMEOUT_MS; fails on a non-zero exit. */
  const succeed = async (file: string, args: readonly string[]): Promise<Run> => {
    const run = await runGroup(file, args, { cwd: dir, env, timeoutMs: RUN_TIMEOUT_MS });
    if (run.code !== 0) assert.fail(failure(run, logs()));
    return run;
  };
  /** The CLI, from its sources. */
  const cli = (args: readonly string[]) => succeed(process.execPath, [...CLI_ARGS, ...args]);
  /** The stored chunks, read by wrangler itself. */
  const rows = async (): Promise<{ id: string; path: string; text: string; digest: string }[]> => {
    const sql = "SELECT id, path, text, digest FROM docs_chunks ORDER BY path, ord";
    const run = await succeed(process.execPath, [...D1_EXECUTE, "--json", "--command", sql]);
    return JSON.parse(run.stdout)[0].results;
  };

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "frameline-d1-index-"));
    for (const folder of ["config", "wrangler-cache", "tmp"]) await mkdir(join(dir, folder));
    env = userEnv({
      WRANGLER_SEND_METRICS: "false",
      WRANGLER_HIDE_BANNER: "true",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      XDG_CONFIG_HOME: join(dir, "config"),
      WRANGLER_LOG_PATH: logs(),
      WRANGLER_CACHE_DIR: join(dir, "wrangler-cache"),
      TMPDIR: join(dir, "tmp"),
    });
    await writeFile(join(dir, "wrangler.toml"), WRANGLER_TOML);
    await writeFile(join(dir, "package.json"), "{}\n");
    await writeFile(join(dir, "worker.js"), "export default { fetch() { return new Response('') } }\n");
    await symlink(join(PROJECT_ROOT, "node_modules"), join(dir, "node_modules"), "junction");
    await mkdir(join(dir, "handbook"));
    for (const [path, text] of Object.entries(PAGES)) await writeFile(join(dir, "handbook", path), text);
  });
  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("writes every chunk into the local D1 database exactly, leaves the bundle empty, records the choice and links the folder", async () => {
    const run = await cli(["index", "handbook", "--d1", "test-docs"]);
    assert.match(run.stderr, /local D1 database test-docs: 2 documents written \(3 chunks\), 0 removed, 0 unchanged/);
    assert.doesNotMatch(run.stderr, /warning/);
    const stored = await rows();
    assert.deepEqual(
      stored.map((row) => row.id),
      ["guide.md#guide", "guide.md#setup", "ref.md#reference"],
    );
    for (const row of stored) {
      assert.ok(PAGES[row.path]!.includes(row.text), row.id);
      assert.equal(row.digest, sha256Digest(row.text), row.id);
    }
    assert.ok(stored.some((row) => row.text.includes("\u0000")));
    const bundle = JSON.parse(readFileSync(join(dir, "worker", "corpus.json"), "utf8"));
    assert.deepEqual([bundle.documents, bundle.chunks], [[], []]);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, "worker", "corpus.source.json"), "utf8")), {
      dir: "handbook",
      d1: "test-docs",
    });
    const link = join(dir, "worker", "corpus-dir");
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.equal(resolve(join(dir, "worker"), readlinkSync(link)), join(dir, "handbook"));
  });

  test("--refresh after an edit rewrites only the edited document; with nothing changed, nothing", async () => {
    const edited = PAGES["ref.md"]!.replace("café", "thé");
    await writeFile(join(dir, "handbook", "ref.md"), edited);
    const run = await cli(["index", "--refresh"]);
    assert.match(run.stderr, /local D1 database test-docs: 1 document written \(1 chunk\), 0 removed, 1 unchanged/);
    const ref = (await rows()).find((row) => row.id === "ref.md#reference");
    assert.equal(ref?.digest, sha256Digest(edited));
    const again = await cli(["index", "--refresh"]);
    assert.match(again.stderr, /0 documents written \(0 chunks\), 0 removed, 2 unchanged/);
  });

  test("indexing into the bundle while wrangler.toml binds DOCS_DB warns that the Worker serves D1", async () => {
    const run = await cli(["index", "handbook"]);
    assert.match(
      run.stderr,
      /warning: wrangler.toml binds DOCS_DB, so the Worker serves that D1 database, not this bundle/,
    );
    const bundle = JSON.parse(readFileSync(join(dir, "worker", "corpus.json"), "utf8"));
    assert.equal(bundle.chunks.length, 3);
    assert.ok(bundle.index, "the bundled corpus carries its search index");
  });
});

// `frameline index DIR --d1 NAME` for real: the CLI in a temp project whose wrangler.toml binds DOCS_DB,
// writing wrangler's local D1 (what `wrangler dev` serves) through `wrangler d1 execute`, then again after
// an edit (only the edited document is rewritten), then with nothing changed (nothing is). The rows are
// read back through wrangler and compared with the files, byte for byte, by node:crypto digests.
import assert from "node:assert/strict";
import { lstatSync, readFileSync, readlinkSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { queryD1 } from "../../src/node/wrangler-d1.ts";
import { CLI_ARGS } from "../support/cli.ts";
import { type Run, run as runGroup } from "../support/package/processes.ts";

import { sha256Digest } from "../support/worker/http.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

const RUN_TIMEOUT_MS = 120_000;
const ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};
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

/** Runs the CLI in `cwd` in its own process group, ended if it outlives RUN_TIMEOUT_MS. */
function cli(args: readonly string[], cwd: string): Promise<Run> {
  return runGroup(process.execPath, [...CLI_ARGS, ...args], { cwd, env: ENV, timeoutMs: RUN_TIMEOUT_MS });
}

describe("frameline index DIR --d1 NAME", () => {
  let dir: string;
  const target = () => ({ database: "test-docs", remote: false, projectRoot: dir });
  const rows = () =>
    queryD1<{ id: string; path: string; text: string; digest: string }>(
      target(),
      "SELECT id, path, text, digest FROM docs_chunks ORDER BY path, ord",
    );

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "frameline-d1-index-"));
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
    const run = await cli(["index", "handbook", "--d1", "test-docs"], dir);
    assert.equal(run.code, 0, run.stderr);
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
    const run = await cli(["index", "--refresh"], dir);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /local D1 database test-docs: 1 document written \(1 chunk\), 0 removed, 1 unchanged/);
    const ref = (await rows()).find((row) => row.id === "ref.md#reference");
    assert.equal(ref?.digest, sha256Digest(edited));
    const again = await cli(["index", "--refresh"], dir);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /0 documents written \(0 chunks\), 0 removed, 2 unchanged/);
  });

  test("indexing into the bundle while wrangler.toml binds DOCS_DB warns that the Worker serves D1", async () => {
    const run = await cli(["index", "handbook"], dir);
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stderr,
      /warning: wrangler.toml binds DOCS_DB, so the Worker serves that D1 database, not this bundle/,
    );
    const bundle = JSON.parse(readFileSync(join(dir, "worker", "corpus.json"), "utf8"));
    assert.equal(bundle.chunks.length, 3);
    assert.ok(bundle.index, "the bundled corpus carries its search index");
  });
});

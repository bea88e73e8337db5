// `frameline index` as a real child process, from this checkout: counts said right, `--json` as its
// --help documents it, a corpus already built from the same Markdown and code left as it is (wrangler
// dev runs the build step twice as it starts), and the warning when the Worker would pass a Workers
// plan's size limit, naming --d1. Sizes are checked against zlib and the file on disk, not the CLI.
import assert from "node:assert/strict";
import { readFileSync, statSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { gzipSync } from "node:zlib";
import { sizeWarning } from "../support/node-lib.ts";
import { CLI_ARGS } from "../support/cli.ts";
import { run, userEnv } from "../support/package/processes.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";
import { seededRandom } from "../support/random.ts";

const MIB = 1024 * 1024;
/** The allowance for the Worker's own code the estimate adds (bundle-size.ts), as documented there. */
const CODE_ALLOWANCE = 128 * 1024;

const frameline = (args: string[], cwd: string, cli: readonly string[] = CLI_ARGS) =>
  run(process.execPath, [...cli, ...args], { cwd, env: userEnv(), timeoutMs: 60_000 });

/** Markdown of `sections` sections, each `lines` lines of 80 random lowercase letters and digits: words too long
 * to be searched, so the index stays small while the corpus barely compresses. */
function incompressible(sections: number, lines: number, random: () => number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const word = () => Array.from({ length: 80 }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
  return Array.from(
    { length: sections },
    (_, s) => `# Part ${s}\n\n${Array.from({ length: lines }, word).join("\n")}\n\n`,
  ).join("");
}

describe("frameline index", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "frameline-index-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test("counts one document and one chunk in the singular, then leaves the same corpus as it is", async () => {
    const project = join(dir, "single");
    await mkdir(join(project, "docs"), { recursive: true });
    await writeFile(join(project, "docs", "one.md"), "# One\n\nA single section.\n");
    const first = await frameline(["index", "docs"], project);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.stderr, "frameline: indexed 1 document, 1 chunk from docs\n");
    const corpusFile = join(project, "worker", "corpus.json");
    const written = await readFile(corpusFile, "utf8");
    const writtenAt = statSync(corpusFile).mtimeMs;

    const second = await frameline(["index", "docs"], project);
    assert.equal(second.stderr, "frameline: worker/corpus.json is up to date: 1 document, 1 chunk from docs\n");
    assert.equal(statSync(corpusFile).mtimeMs, writtenAt, "the file was not rewritten");

    await writeFile(join(project, "docs", "two.md"), "# Two\n\nFirst.\n\n## Second\n\nAnd more.\n");
    const edited = await frameline(["index", "docs"], project);
    assert.equal(edited.stderr, "frameline: indexed 2 documents, 3 chunks from docs\n");

    await writeFile(corpusFile, written); // the corpus file no longer matches what was recorded
    const repaired = await frameline(["index", "docs"], project);
    assert.equal(repaired.stderr, "frameline: indexed 2 documents, 3 chunks from docs\n");
  });

  test("a record that is not JSON is rewritten by a run given the folder, and refused in one line by --refresh", async () => {
    const project = join(dir, "broken-record");
    await mkdir(join(project, "docs"), { recursive: true });
    await mkdir(join(project, "worker"));
    await writeFile(join(project, "docs", "one.md"), "# One\n\nA single section.\n");
    await writeFile(join(project, "worker", "corpus.source.json"), "{ half");
    const refresh = await frameline(["index", "--refresh"], project);
    assert.equal(refresh.code, 1);
    assert.equal(
      refresh.stderr,
      "frameline index: worker/corpus.source.json: not JSON, so --refresh cannot repeat the last run: give the folder to index\n",
    );
    const given = await frameline(["index", "docs"], project);
    assert.equal(given.code, 0, given.stderr);
    assert.equal(given.stderr, "frameline: indexed 1 document, 1 chunk from docs\n");
    assert.equal(JSON.parse(await readFile(join(project, "worker", "corpus.source.json"), "utf8")).dir, "docs");
  });

  test("a change to frameline's own code rebuilds a corpus built from the same Markdown", async () => {
    // A copy of the checkout's code (with its node_modules linked), so its code can change here.
    const copy = join(dir, "checkout-copy");
    await mkdir(copy);
    await cp(join(PROJECT_ROOT, "src"), join(copy, "src"), { recursive: true });
    await cp(join(PROJECT_ROOT, "package.json"), join(copy, "package.json"));
    await symlink(join(PROJECT_ROOT, "node_modules"), join(copy, "node_modules"));
    const cli = [CLI_ARGS[0]!, CLI_ARGS[1]!, join(copy, "src", "node", "cli.ts")];
    const project = join(dir, "code-change");
    await mkdir(join(project, "docs"), { recursive: true });
    await writeFile(join(project, "docs", "one.md"), "# One\n\nA single section.\n");
    assert.match((await frameline(["index", "docs"], project, cli)).stderr, /^frameline: indexed /);
    assert.match((await frameline(["index", "docs"], project, cli)).stderr, /is up to date/);
    await writeFile(join(copy, "src", "docs-provider", "corpus.ts"), "\n// changed\n", { flag: "a" });
    assert.match((await frameline(["index", "docs"], project, cli)).stderr, /^frameline: indexed /);
  });

  test("--json prints the documented object on stdout, and the warnings on stderr too", async () => {
    const project = join(dir, "json");
    await mkdir(project);
    const result = await frameline(["index", "--json"], project);
    assert.equal(result.code, 0, result.stderr);
    const text = await readFile(join(project, "worker", "corpus.json"));
    const gzip = gzipSync(text).length;
    const empty = "no Markdown files in README.md and docs/; the corpus is empty";
    assert.deepEqual(JSON.parse(result.stdout), {
      source: "README.md and docs/",
      documents: 0,
      bundle: {
        file: "worker/corpus.json",
        chunks: 0,
        unchanged: false,
        bytes: text.length,
        gzip_bytes: gzip,
        worker_gzip_bytes_estimate: gzip + CODE_ALLOWANCE,
      },
      d1: null,
      warnings: [empty],
    });
    assert.equal(result.stderr, `frameline: warning: ${empty}\n`);
  });

  test("past the free plan's 3 MiB gzipped, it warns and names --d1, in text and in --json (issue 21.5)", async (t) => {
    const project = join(dir, "large");
    await mkdir(join(project, "docs"), { recursive: true });
    const random = seededRandom(21);
    for (let i = 0; i < 8; i++) await writeFile(join(project, "docs", `part-${i}.md`), incompressible(40, 180, random));
    const result = await frameline(["index", "docs", "--json"], project);
    assert.equal(result.code, 0, result.stderr);
    const gzip = gzipSync(readFileSync(join(project, "worker", "corpus.json"))).length;
    const estimate = gzip + CODE_ALLOWANCE;
    assert.ok(
      estimate > 3 * MIB && estimate < 10 * MIB,
      `${estimate} bytes: the corpus made is not between the limits`,
    );
    const warning = `the Worker would be about ${(estimate / MIB).toFixed(1)} MiB gzipped with this corpus, past the 3 MiB limit of the Workers free plan (10 MiB on a paid plan): keep the corpus in a D1 database instead: frameline index DIR --d1 DATABASE`;
    const json = JSON.parse(result.stdout);
    assert.deepEqual(json.warnings, [warning]);
    assert.equal(json.bundle.worker_gzip_bytes_estimate, estimate);
    assert.equal(result.stderr, `frameline: warning: ${warning}\n`);
    t.diagnostic(
      `index of ${json.documents} files, ${json.bundle.chunks} chunks, ${json.bundle.bytes} bytes: ${Math.round(result.ms)} ms`,
    );

    const again = await frameline(["index", "docs"], project);
    assert.equal(
      again.stderr,
      `frameline: warning: ${warning}\nframeline: worker/corpus.json is up to date: 8 documents, ${json.bundle.chunks} chunks from docs\n`,
      "the warning stands while the corpus is left as it is",
    );
  });
});

describe("the size warning's limits", () => {
  test("none up to 3 MiB; the free plan's past it; the paid plan's past 10 MiB", () => {
    assert.equal(sizeWarning(3 * MIB), undefined);
    assert.match(
      sizeWarning(3 * MIB + 1) ?? "",
      /past the 3 MiB limit of the Workers free plan \(10 MiB on a paid plan\): .*--d1/,
    );
    assert.match(sizeWarning(10 * MIB) ?? "", /past the 3 MiB limit of the Workers free plan/);
    assert.equal(
      sizeWarning(10 * MIB + 1),
      "the Worker would be about 10.0 MiB gzipped with this corpus, past the 10 MiB limit of a paid Workers plan: keep the corpus in a D1 database instead: frameline index DIR --d1 DATABASE",
    );
  });
});

// `frameline inspect` and `frameline serve --misbehave` as real child processes, run from the sources (as
// test/support/cli.ts runs the CLI): exit statuses 0 (conformant), 1 (not), 2 (usage), the --json form,
// plain output off a terminal, and no seed or bearer token ever printed. The providers they inspect are
// the bundled CLI (fast to start); the inspector is the code under test.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createProviderApp, docsProvider, readCorpus } from "../support/lib.ts";
import { serveForBrowser } from "../support/browser/serve.ts";
import { CLI_ARGS } from "../support/cli.ts";
import { bundleCli, type CliBundle, TEST_SEED } from "../support/conformance/cli-bundle.ts";
import { MODES, PROVIDER_CHECKS } from "../support/conformance/expected.ts";
import { run, userEnv } from "../support/package/processes.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

const TOKEN = "cli-test-bearer-token-0123456789";

function frameline(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  return run(process.execPath, [...CLI_ARGS, ...args], { cwd: PROJECT_ROOT, env: userEnv(env), timeoutMs: 60_000 });
}

describe("frameline inspect and serve --misbehave, as child processes", { concurrency: 4 }, () => {
  let bundle: CliBundle;
  let server: Awaited<ReturnType<typeof serveForBrowser>>;
  let guarded: Awaited<ReturnType<typeof serveForBrowser>>;
  let folder: string;
  before(async () => {
    bundle = await bundleCli();
    folder = await mkdtemp(join(tmpdir(), "frameline-cli-test-"));
    const corpus = readCorpus(JSON.parse(await readFile(bundle.corpus, "utf8")));
    server = await serveForBrowser({}, "/contextgraph", createProviderApp(docsProvider(corpus)));
    guarded = await serveForBrowser(
      {},
      "/contextgraph",
      createProviderApp(docsProvider(corpus), { bearerToken: TOKEN }),
    );
  });
  after(async () => {
    await server?.close();
    await guarded?.close();
    await bundle?.cleanup();
    await rm(folder, { recursive: true, force: true });
  });

  const provider = (mode?: string) => [
    "--pass-env",
    "FRAMELINE_TEST_SEED",
    "--",
    process.execPath,
    ...bundle.serveArgs(mode),
  ];

  test("inspect stdio --json on the signing provider: exit 0 and the report in the reference form", async () => {
    const result = await frameline(["inspect", "stdio", "--json", "--file-root", ".", ...provider()], {
      FRAMELINE_TEST_SEED: TEST_SEED,
    });
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout);
    assert.deepEqual(Object.keys(report), ["target", "checks"]);
    assert.match(report.target, /cli\.mjs serve --stdio/);
    assert.deepEqual(
      report.checks.map((check: { name: string }) => check.name),
      [...PROVIDER_CHECKS],
    );
    const statuses = Object.fromEntries(report.checks.map((c: { name: string; status: string }) => [c.name, c.status]));
    assert.equal(statuses.attestation, "pass");
    assert.equal(statuses["provenance-fixture-consistency"], "pass", "--file-root . re-reads the project's files");
    assert.ok(!result.stdout.includes(TEST_SEED) && !result.stderr.includes(TEST_SEED), "the seed is never printed");
  });

  test("inspect stdio on a misbehaving provider: exit 1, the failing check in plain text lines, no colour off a terminal", async () => {
    const result = await frameline(["inspect", "stdio", ...provider("lying-costs")], {
      FRAMELINE_TEST_SEED: TEST_SEED,
    });
    assert.equal(result.code, 1, result.stderr);
    const lines = result.stdout.trimEnd().split("\n");
    assert.match(lines[0]!, /^frameline inspect stdio -- /);
    assert.equal(lines.length, 16);
    assert.match(lines.find((line) => line.includes("budget-honesty"))!, /^ {2}FAIL budget-honesty +B1: declared cost/);
    assert.match(lines.at(-1)!, /^not conformant: 14 checks, \d+ passed, 1 failed, \d+ skipped$/);
    assert.ok(!result.stdout.includes("\u001b"), "no ANSI escapes when stdout is not a terminal");
  });

  test("inspect http --json on the provider at a loopback URL: exit 0, the wire-level probes skipped", async () => {
    const result = await frameline(["inspect", "http", "--json", `${server.origin}/contextgraph`]);
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout);
    assert.equal(report.target, `${server.origin}/contextgraph`);
    const skipped = report.checks
      .filter((c: { status: string }) => c.status === "skipped")
      .map((c: { name: string }) => c.name);
    assert.deepEqual(skipped, [
      "provenance-fixture-consistency",
      "malformed-input-tolerance",
      "embedding-fingerprint",
      "correlation",
      "attestation",
    ]);
  });

  test("inspect http --token-env: the token from the environment gets in, and is printed nowhere", async () => {
    const url = `${guarded.origin}/contextgraph`;
    const denied = await frameline(["inspect", "http", "--json", url]);
    assert.equal(denied.code, 1, "without the token the handshake is refused");
    assert.match(JSON.parse(denied.stdout).checks[0].evidence, /unauthorized/);
    const result = await frameline(["inspect", "http", "--json", "--token-env", "PROVIDER_TOKEN", url], {
      PROVIDER_TOKEN: TOKEN,
    });
    assert.equal(result.code, 0, result.stdout);
    assert.ok(!`${result.stdout}${result.stderr}`.includes(TOKEN));
  });

  test("inspect host --json: frameline's own host passes all 13 checks and its extension, listed apart, exit 0", async () => {
    const result = await frameline(["inspect", "host", "--json"]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const report = JSON.parse(result.stdout);
    assert.deepEqual(Object.keys(report), ["target", "checks", "extensions"]);
    assert.equal(report.checks.length, 13);
    assert.ok(report.checks.every((check: { status: string }) => check.status === "pass"));
    assert.deepEqual(
      report.extensions.map((check: { name: string; status: string }) => [check.name, check.status]),
      [["host-content-binding", "pass"]],
    );
    assert.match(report.extensions[0].evidence, /\[D1, §3\.6; frameline extension\]$/);
  });

  test("inspect host: the extension under a heading of its own after the 13, counted apart from CGP conformant", async () => {
    const result = await frameline(["inspect", "host"]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const lines = result.stdout.trimEnd().split("\n");
    assert.equal(lines[0], "frameline inspect host");
    assert.equal(lines.length, 1 + 13 + 2 + 2, result.stdout);
    assert.ok(lines.slice(1, 14).every((line) => /^ {2}pass (host|composition)-/.test(line)));
    assert.equal(lines[14], "frameline extensions (not reference checks; not counted in CGP conformant):");
    assert.match(lines[15]!, /^ {2}pass host-content-binding +twin: frames \(3\)/);
    assert.equal(lines[16], "CGP conformant: 13 checks, 13 passed, 0 failed, 0 skipped");
    assert.equal(lines[17], "frameline extensions: 1 check, 1 passed, 0 failed");
  });

  test("usage errors exit 2 with one line naming the problem", async () => {
    const cases: [string[], RegExp][] = [
      [["inspect"], /^frameline inspect: say what to inspect: http <url>, stdio -- <command>, or host/],
      [["inspect", "nothing"], /say what to inspect/],
      [["inspect", "stdio"], /^frameline inspect stdio: give the provider's command after --/],
      [["inspect", "http"], /^frameline inspect http: missing an argument/],
      [["inspect", "http", "not a url"], /^frameline inspect http: "not a url" is not a URL/],
      [["inspect", "http", "ftp://127.0.0.1/x"], /ftp: URLs are not served over HTTP/],
      [["inspect", "stdio", "--bogus", "--", "x"], /unknown option '--bogus'/],
      [
        ["inspect", "http", "--token-env", "FRAMELINE_UNSET_TOKEN", "http://127.0.0.1:9/"],
        /FRAMELINE_UNSET_TOKEN is not set/,
      ],
      [["serve", "--stdio", "--misbehave", "nope"], /--misbehave must be one of lying-costs, /],
      [["serve", "--stdio", "--misbehave", "lift-signature", "--corpus", "docs"], /needs a signing key/],
    ];
    const results = await Promise.all(cases.map(([args]) => frameline(args)));
    cases.forEach(([args, message], i) => {
      const result = results[i]!;
      assert.equal(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
      assert.match(result.stderr.trim(), message, args.join(" "));
      assert.equal(result.stderr.trim().split("\n").length, 1, args.join(" "));
    });
  });

  test("serve --stdio with a bad seed file or an unset variable fails with exit 1, never printing the seed", async () => {
    const file = join(folder, "seed");
    await writeFile(file, "NOT-A-SEED-but-secret-text\n");
    const bad = await frameline(["serve", "--stdio", "--corpus", "docs", "--seed-file", file]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /not a signing seed \(32 bytes as 64 lowercase hex characters\)/);
    assert.ok(!bad.stderr.includes("secret-text"));
    const unset = await frameline(["serve", "--stdio", "--corpus", "docs", "--seed-env", "FRAMELINE_UNSET_SEED"]);
    assert.equal(unset.code, 1);
    assert.match(unset.stderr, /the environment variable FRAMELINE_UNSET_SEED is not set/);
  });

  test("serve --help lists every misbehave mode with the check it trips, as spec §5.2 names them", async () => {
    const result = await frameline(["serve", "--help"]);
    assert.equal(result.code, 0);
    const listed = [...result.stdout.matchAll(/^ +([a-z-]+): .* \(trips (.+)\)$/gm)].map((match) => [
      match[1],
      [...match[2]!.matchAll(/`([a-z-]+)`/g)].map((check) => check[1]),
    ]);
    assert.deepEqual(
      listed.map(([mode]) => mode),
      MODES.map((expected) => expected.mode),
    );
    for (const [mode, trips] of listed)
      assert.ok((trips as string[]).includes(MODES.find((expected) => expected.mode === mode)!.trips), String(mode));
  });
});

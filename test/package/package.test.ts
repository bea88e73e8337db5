// frameline as a user installs it: the packed tarball (never the repo's sources) installed into a fresh
// project in a temp folder, then used from plain Node 20, Deno, Bun, workerd, Chromium, TypeScript 5.9
// and the installed CLI; and `frameline init`'s project installed, tested and served, and the README's
// Install section followed (init-suite.ts, readme-install-suite.ts). One pack and one install of the
// consumer per run; the init projects have their own installs (from the npm cache, offline).
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, type TestContext, test } from "node:test";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { type AttesterKey, decodeLine, verifyResultAttestations } from "../support/lib.ts";
import { launchChromium } from "../support/browser/chromium.ts";
import { bundleForBrowser, modulePage, pageResults } from "../support/browser/page-results.ts";
import { serveForBrowser } from "../support/browser/serve.ts";
import { runtimeExports } from "../support/package/api-names.ts";
import { initSuites } from "./init-suite.ts";
import { type Consumer, packAndInstall } from "../support/package/consumer.ts";
import { type Run, run, userEnv } from "../support/package/processes.ts";
import { WORKERD_BUILD } from "../support/worker/bundle.ts";
import { publicKeyOfSeed, startWorker } from "../support/worker/http.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

const MANIFEST = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as {
  version: string;
  devDependencies: Record<string, string>;
};
/** The seed the consumer scripts sign with (test/package/consumer/roundtrip-core.mjs). */
const CONSUMER_SEED = "2a".repeat(32);
const RUN_TIMEOUT_MS = 60_000;
const BIN = (name: string) => join(PROJECT_ROOT, "node_modules", ".bin", name);

/** What the round trip must report in every runtime: keys, frames and states known here, not computed by the package. */
function assertRoundTrip(outcome: Record<string, unknown>, subpaths: readonly string[]): void {
  const expected = runtimeExports();
  const exports = outcome.exports as Record<string, string[]>;
  assert.deepEqual(Object.keys(exports).sort(), [...subpaths].sort());
  for (const subpath of subpaths) assert.deepEqual(exports[subpath], expected[subpath], `${subpath} exports`);
  assert.deepEqual(outcome.publishedKeys, [publicKeyOfSeed(CONSUMER_SEED)]);
  assert.deepEqual(outcome.frames, ["a", "b"]);
  assert.equal(outcome.result, "attested");
  assert.deepEqual(outcome.frameStates, ["attested", "attested"]);
}

/** Runs the consumer's roundtrip.mjs with `file args`; returns its one JSON line, parsed. */
async function roundTripIn(t: TestContext, consumer: Consumer, file: string, args: string[], env = userEnv()) {
  const runtime = file === process.execPath ? "Node" : (file.split("/").pop() ?? file);
  assert.ok(
    existsSync(file),
    `${file} is missing: it comes from this repo's devDependencies (npm ci), whose install step unpacks the binary`,
  );
  const result = await run(file, [...args, "roundtrip.mjs"], { cwd: consumer.dir, env, timeoutMs: RUN_TIMEOUT_MS });
  assert.equal(result.code, 0, `${file} failed:\n${result.stderr}`);
  t.diagnostic(`${runtime}: roundtrip.mjs in ${Math.round(result.ms)} ms`);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

const NODE_SUBPATHS = Object.keys(runtimeExports());
const WEB_SUBPATHS = NODE_SUBPATHS.filter((subpath) => subpath !== "frameline/node");

describe("frameline installed from its tarball", () => {
  let consumer: Consumer;
  let nodeOutcome: Record<string, unknown>;

  /** The two consumer type-checks take ~10 s of CPU each (valibot's and the DOM's declarations are
   * checked too, with skipLibCheck off), so they start as soon as the package is installed and run
   * alongside the other cases; their test awaits them. */
  let typeChecks: Promise<[Run, Run, Run]>;

  before(async () => {
    consumer = await packAndInstall();
    const tsc = join(consumer.dir, "node_modules", "typescript", "bin", "tsc");
    const check = (args: string[]) => run(process.execPath, [tsc, ...args], { cwd: consumer.dir, timeoutMs: 180_000 });
    typeChecks = Promise.all([
      check(["--version"]),
      check(["-p", "tsconfig.nodenext.json"]),
      check(["-p", "tsconfig.bundler.json"]),
    ]);
    typeChecks.catch(() => undefined); // awaited (and reported) by its test
  });

  after(() => consumer?.cleanup());

  describe("the tarball", () => {
    test("holds only dist/, the CLI, the init template, README, LICENSE and package.json", (t) => {
      t.diagnostic(`${consumer.size} bytes, ${consumer.files.length} files; pack ${Math.round(consumer.packMs)} ms`);
      const allowed =
        /^(package\.json|README\.md|LICENSE|bin\/frameline\.mjs|dist\/.+\.(js|d\.ts|js\.map)|templates\/init\/.+)$/;
      assert.deepEqual(
        consumer.files.map((file) => file.path).filter((path) => !allowed.test(path)),
        [],
      );
      const forbidden =
        /^(test|bench|\.ci|src|scripts|worker)\/|node_modules\/|tsconfig\.(base|lib|worker|build)\.json|\.dev\.vars|corpus(\.source)?\.json/;
      assert.deepEqual(
        consumer.files.map((file) => file.path).filter((path) => forbidden.test(path)),
        [],
      );
    });

    test("ships a module, its declarations and its source map for every source file, and nothing else in dist/", () => {
      const sources = (dir: string): string[] =>
        readdirSync(join(PROJECT_ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory()
            ? sources(`${dir}/${entry.name}`)
            : entry.name.endsWith(".ts")
              ? [`${dir}/${entry.name}`]
              : [],
        );
      const expected = sources("src").flatMap((path) => {
        const base = `dist/${path.slice("src/".length, -".ts".length)}`;
        return [`${base}.d.ts`, `${base}.js`, `${base}.js.map`];
      });
      const shipped = consumer.files.map((file) => file.path).filter((path) => path.startsWith("dist/"));
      assert.deepEqual(shipped.sort(), expected.sort());
    });

    test("ships the init template exactly as it is in the repo", () => {
      const template = (dir: string): string[] =>
        readdirSync(join(PROJECT_ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? template(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
        );
      const shipped = consumer.files.map((file) => file.path).filter((path) => path.startsWith("templates/"));
      assert.deepEqual(shipped.sort(), template("templates/init").sort());
    });
  });

  describe("in a fresh project", () => {
    test("the project has only the package's runtime dependencies (and TypeScript 5.9), no tsx", () => {
      const installed = readdirSync(join(consumer.dir, "node_modules")).filter((name) => !name.startsWith("."));
      const scoped = installed.flatMap((name) =>
        name.startsWith("@")
          ? readdirSync(join(consumer.dir, "node_modules", name)).map((inner) => `${name}/${inner}`)
          : [name],
      );
      const runtime = Object.keys(
        (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { dependencies: object }).dependencies,
      );
      assert.deepEqual(scoped.sort(), ["frameline", "typescript", ...runtime].sort());
    });

    test("plain Node 20 (no loader) imports every subpath and completes a signed round trip", async (t) => {
      nodeOutcome = await roundTripIn(t, consumer, process.execPath, []);
      assertRoundTrip(nodeOutcome, NODE_SUBPATHS);
      assert.deepEqual(nodeOutcome.indexedDocuments, ["guide.md"]);
    });

    test("Deno runs the same script with the same result", async (t) => {
      const env = userEnv({ DENO_NO_UPDATE_CHECK: "1", DENO_DIR: join(consumer.root, "deno-dir") });
      const outcome = await roundTripIn(t, consumer, BIN("deno"), ["run", "--allow-read", "--no-prompt"], env);
      assertRoundTrip(outcome, NODE_SUBPATHS);
      assert.deepEqual(outcome, nodeOutcome);
    });

    test("Bun runs the same script with the same result", async (t) => {
      const outcome = await roundTripIn(t, consumer, BIN("bun"), ["--no-install", "run"]);
      assertRoundTrip(outcome, NODE_SUBPATHS);
      assert.deepEqual(outcome, nodeOutcome);
    });

    test("in workerd, a Worker bundled from the installed package answers a signed query", async (t) => {
      const started = performance.now();
      const outdir = join(consumer.root, "worker-bundle");
      await build({
        ...WORKERD_BUILD,
        absWorkingDir: consumer.dir,
        entryPoints: ["worker.mjs"],
        outfile: join(outdir, "worker.mjs"),
      });
      const seed = "5c".repeat(32);
      const mf = await startWorker({ dir: outdir, scriptPath: join(outdir, "worker.mjs") }, { SEED: seed });
      try {
        const post = async (body: unknown) => {
          const response = await mf.dispatchFetch("http://localhost/contextgraph", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          });
          return decodeLine(await response.text());
        };
        const ack = await post({ type: "handshake", protocol_version: "contextgraph/1.0" });
        assert.equal(ack.type, "handshake_ack");
        const pinned: AttesterKey = { key_id: "worker-1", algorithm: "ed25519", public_key: publicKeyOfSeed(seed) };
        assert.deepEqual(ack.attester_keys, [pinned]);
        const answer = await post({
          type: "query",
          query: { goal: "how is every answer signed?", max_frames: 2, max_tokens: 500 },
        });
        assert.equal(answer.type, "frames");
        assert.ok(answer.result.frames.length > 0);
        assert.ok(answer.result.frames.every((frame) => frame.uri === "file:///guide.md"));
        const report = await verifyResultAttestations(answer.result, ack.provider.name, [pinned]);
        assert.equal(report.result.state, "attested");
        assert.ok(report.frames.every((frame) => frame.state === "attested"));
      } finally {
        await mf.dispose();
      }
      t.diagnostic(`workerd (bundle + Miniflare + two requests): ${Math.round(performance.now() - started)} ms`);
    });

    test("in Chromium, a page bundled with esbuild from the installed package verifies a signed answer", async (t) => {
      const started = performance.now();
      const server = await serveForBrowser(
        {
          "/": modulePage("consumer"),
          "/page.js": {
            body: await bundleForBrowser(pathToFileURL(join(consumer.dir, "browser-entry.mjs"))),
            type: "text/javascript",
          },
        },
        "/contextgraph",
        { fetch: () => new Response(null, { status: 404 }) },
      );
      const browser = await launchChromium();
      try {
        const outcome = await pageResults<Record<string, unknown>>(browser, `${server.origin}/`, 30_000);
        assertRoundTrip(outcome, WEB_SUBPATHS);
        assert.equal(outcome.engine, "webcrypto");
      } finally {
        await browser.close();
        await server.close();
      }
      t.diagnostic(`Chromium (bundle + launch + page): ${Math.round(performance.now() - started)} ms`);
    });
  });

  describe("the installed CLI, from the consumer folder", () => {
    const npx = (args: string[], input?: string) =>
      run("npx", ["frameline", ...args], {
        cwd: consumer.dir,
        timeoutMs: RUN_TIMEOUT_MS,
        ...(input === undefined ? {} : { input }),
      });

    test("npx frameline --help prints the usage on stdout and exits 0; --version prints the version", async () => {
      const help = await npx(["--help"]);
      assert.equal(help.code, 0, help.stderr);
      assert.match(help.stdout, /^usage: frameline <command>/);
      for (const command of ["init", "serve", "index", "dev-key", "decode", "demo"])
        assert.match(help.stdout, new RegExp(`^ {2}frameline ${command}\\b`, "m"));
      const version = await npx(["--version"]);
      assert.equal(version.stdout, `frameline ${MANIFEST.version}\n`);
    });

    test("frameline index ./docs writes the corpus into the consumer's worker/, not into the package", async () => {
      const result = await npx(["index", "./docs"]);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stderr, "frameline: indexed 1 document, 1 chunk from docs\n");
      const corpus = JSON.parse(await readFile(join(consumer.dir, "worker", "corpus.json"), "utf8"));
      assert.deepEqual(
        corpus.documents.map((document: { path: string }) => document.path),
        ["guide.md"],
      );
      assert.equal(existsSync(join(consumer.dir, "node_modules", "frameline", "worker")), false);
    });

    test("frameline serve --stdio answers a handshake and a query over the folder's README and docs/", async () => {
      const input = [
        { type: "handshake", protocol_version: "contextgraph/1.0" },
        { type: "query", id: "q", query: { goal: "installing from a tarball", max_frames: 3, max_tokens: 500 } },
        { type: "shutdown" },
      ]
        .map((envelope) => `${JSON.stringify(envelope)}\n`)
        .join("");
      const result = await npx(["serve", "--stdio"], input);
      assert.equal(result.code, 0, result.stderr);
      const [ack, frames, ...rest] = result.stdout.trimEnd().split("\n").map(decodeLine);
      assert.deepEqual(rest, []);
      assert.equal(ack?.type, "handshake_ack");
      assert.equal(frames?.type, "frames");
      const uris = frames.result.frames.map((frame) => frame.uri);
      assert.ok(uris.includes("file:///docs/guide.md"), uris.join(", "));
    });

    test("a usage error names the argument and exits 2; a missing folder is one line and exits 1", async () => {
      const usage = await npx(["index", "--outfile", "x"]);
      assert.equal(usage.code, 2);
      assert.equal(usage.stderr, "frameline index: unknown option '--outfile' (see frameline index --help)\n");
      const missing = await npx(["index", "./nowhere"]);
      assert.equal(missing.code, 1);
      assert.equal(missing.stderr, "frameline index: nowhere: no such file or directory\n");
    });
  });

  initSuites(() => consumer);

  describe("in TypeScript", () => {
    test("TypeScript 5.9 type-checks a strict consumer under nodenext and bundler resolution, skipLibCheck off", async (t) => {
      const [version, nodenext, bundler] = await typeChecks;
      assert.match(version.stdout, /^Version 5\.9\.3/);
      assert.equal(nodenext.code, 0, nodenext.stdout);
      assert.equal(bundler.code, 0, bundler.stdout);
      t.diagnostic(
        `tsc 5.9: nodenext ${Math.round(nodenext.ms)} ms, bundler ${Math.round(bundler.ms)} ms (alongside the other cases)`,
      );
    });
  });
});

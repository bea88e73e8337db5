// `frameline init` as a user runs it from the installed tarball (test/package/package.test.ts calls
// these suites with its one consumer): the project depends on a copy of the installed frameline packed
// into it (0.1.0 is not a registry release), and installs and passes its own `npm test` with npm
// offline; its Worker type-checks and stays within the size `frameline index` estimates; an installed
// frameline that `npm publish` built depends on the registry's version instead. Then the README's
// Install section, followed as written: `npm start` serves signed answers and edits, with one index
// build and no call out (no `Request.cf` ENOTFOUND).
import assert from "node:assert/strict";
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { join, relative } from "node:path";
import { before, describe, test } from "node:test";
import type { Consumer } from "../support/package/consumer.ts";
import { run, userEnv } from "../support/package/processes.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";
import { readmeInstallSuite } from "./readme-install-suite.ts";

const MANIFEST = JSON.parse(await readFile(join(PROJECT_ROOT, "package.json"), "utf8")) as {
  version: string;
  devDependencies: Record<string, string>;
};
const TARBALL = `frameline-${MANIFEST.version}.tgz`;
/** npm never reaches the registry: every package but frameline comes from the npm cache. */
const OFFLINE = { npm_config_offline: "true" };
/** wrangler as the repo runs it: no metrics, no banner, no fetch of `Request.cf`. */
const QUIET_WRANGLER = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/** Every file under `dir`, relative to it. */
function files(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name), root) : [relative(root, join(dir, entry.name))],
  );
}

/** The `init` project suites, over the consumer that installed the tarball. */
export function initSuites(consumerOf: () => Consumer): void {
  describe("frameline init", () => {
    let project: string;
    let initOut: string;
    let initErr: string;

    before(async () => {
      const result = await run("npx", ["frameline", "init", "my-docs"], {
        cwd: consumerOf().dir,
        env: userEnv(OFFLINE),
        timeoutMs: 120_000,
      });
      assert.equal(result.code, 0, result.stderr);
      [initOut, initErr] = [result.stdout, result.stderr];
      project = join(consumerOf().dir, "my-docs");
    });

    test("writes the project and a copy of the installed frameline, which it depends on, saying so", async () => {
      const installed = join(consumerOf().dir, "node_modules", "frameline");
      assert.equal(initErr, `frameline: packing frameline ${MANIFEST.version} from ${installed} (npm pack) …\n`);
      assert.equal(
        initOut.split("\n").slice(0, 3).join("\n"),
        [
          "frameline: created my-docs (12 files)",
          `frameline: ${MANIFEST.version} is not a registry release: my-docs depends on a copy of this frameline, packed into ${TARBALL} (from ${installed}; --from-registry or --frameline-spec SPEC choose otherwise)`,
          "Next:",
        ].join("\n"),
      );
      assert.deepEqual(files(project).sort(), [
        ".gitignore",
        "README.md",
        "docs/index.md",
        TARBALL,
        "package.json",
        "scripts/dev.mjs",
        "scripts/ensure-deps.mjs",
        "test/smoke.test.mjs",
        "tsconfig.json",
        "worker/index.ts",
        "worker/json-modules.d.ts",
        "wrangler.toml",
      ]);
      const manifest = JSON.parse(await readFile(join(project, "package.json"), "utf8"));
      assert.deepEqual(manifest.dependencies, { frameline: `file:${TARBALL}` });
      assert.deepEqual(manifest.devDependencies, { wrangler: MANIFEST.devDependencies.wrangler });
      // The copy is the installed package as the tarball shipped it, file for file.
      const copy = await run("tar", ["-tzf", join(project, TARBALL)], { cwd: project, timeoutMs: 30_000 });
      const shipped = consumerOf().files.map((file) => `package/${file.path}`);
      assert.deepEqual(copy.stdout.trimEnd().split("\n").sort(), shipped.sort());
      const toml = await readFile(join(project, "wrangler.toml"), "utf8");
      assert.match(toml, /^name = "my-docs"$/m);
      const date = /^compatibility_date = "(\d{4}-\d{2}-\d{2})"$/m.exec(toml)?.[1] ?? "";
      assert.ok(date !== "" && date <= "2026-05-03", `compatibility_date ${date}`);
      for (const file of files(project).filter((path) => path !== TARBALL))
        assert.doesNotMatch(await readFile(join(project, file), "utf8"), /\{\{/, `${file} has an unfilled placeholder`);
    });

    test("its npm test, as the first command and with npm offline, installs it and verifies a signed answer", async (t) => {
      const result = await run("npm", ["test"], { cwd: project, env: userEnv(OFFLINE), timeoutMs: 300_000 });
      const output = `${result.stdout}\n${result.stderr}`;
      assert.equal(result.code, 0, output);
      assert.match(output, /^# pass 1$/m);
      assert.match(output, /^# fail 0$/m);
      assert.equal(statSync(join(project, ".dev.vars")).mode & 0o777, 0o600);
      const lock = JSON.parse(await readFile(join(project, "package-lock.json"), "utf8"));
      assert.equal(lock.packages["node_modules/frameline"].resolved, `file:${TARBALL}`);
      t.diagnostic(
        `npm test in the init project (offline npm install + wrangler dev + query): ${Math.round(result.ms)} ms`,
      );
    });

    test("its worker type-checks against the published declarations (TypeScript 5.9)", async (t) => {
      const tsc = join(consumerOf().dir, "node_modules", "typescript", "bin", "tsc");
      const result = await run(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: project, timeoutMs: 120_000 });
      assert.equal(result.code, 0, result.stdout);
      t.diagnostic(`tsc 5.9 on the init project: ${Math.round(result.ms)} ms`);
    });

    test("wrangler's own gzipped size of its Worker is within what frameline index estimates", async (t) => {
      const index = await run("npx", ["frameline", "index", "docs", "--json"], {
        cwd: project,
        env: userEnv(OFFLINE),
        timeoutMs: 60_000,
      });
      assert.equal(index.code, 0, index.stderr);
      const estimate = JSON.parse(index.stdout).bundle.worker_gzip_bytes_estimate as number;
      const wrangler = join(project, "node_modules", "wrangler", "bin", "wrangler.js");
      const outdir = await mkdtemp(join(consumerOf().root, "dry-run-"));
      const dryRun = await run(process.execPath, [wrangler, "deploy", "--dry-run", "--outdir", outdir], {
        cwd: project,
        env: userEnv(QUIET_WRANGLER),
        timeoutMs: 120_000,
      });
      assert.equal(dryRun.code, 0, dryRun.stderr);
      const gzip = /Total Upload: [\d.]+ KiB \/ gzip: ([\d.]+) KiB/.exec(dryRun.stdout)?.[1];
      assert.ok(gzip, dryRun.stdout);
      const actual = Number(gzip) * 1024;
      assert.ok(actual <= estimate, `wrangler's ${actual} bytes past the estimate of ${estimate}`);
      t.diagnostic(`Worker gzipped: wrangler ${Math.round(actual)} bytes, frameline index's estimate ${estimate}`);
    });

    test("run from an installed frameline that npm publish built, it depends on that version from the registry", async () => {
      const installed = join(consumerOf().dir, "node_modules", "frameline");
      const stamp = await run(
        process.execPath,
        [join(PROJECT_ROOT, "scripts", "release-stamp.mjs"), join(installed, "dist")],
        {
          cwd: consumerOf().dir,
          env: userEnv({ npm_command: "publish" }),
          timeoutMs: 30_000,
        },
      );
      assert.equal(stamp.code, 0, stamp.stderr);
      try {
        const result = await run("npx", ["frameline", "init", "released", "--json"], {
          cwd: consumerOf().dir,
          env: userEnv(OFFLINE),
          timeoutMs: 60_000,
        });
        assert.equal(result.code, 0, result.stderr);
        assert.deepEqual(JSON.parse(result.stdout).frameline, {
          spec: MANIFEST.version,
          source: "registry",
          tarball: null,
          packed_from: null,
        });
        const manifest = JSON.parse(await readFile(join(consumerOf().dir, "released", "package.json"), "utf8"));
        assert.deepEqual(manifest.dependencies, { frameline: MANIFEST.version });
        assert.equal(existsSync(join(consumerOf().dir, "released", TARBALL)), false);
      } finally {
        await rm(join(installed, "dist", "registry-release.json"));
      }
    });
  });

  readmeInstallSuite(consumerOf);
}

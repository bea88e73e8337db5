// `frameline init` run from this checkout, as a real child process: the project it makes depends on a
// copy of this checkout packed into it (frameline 0.1.0 is not a registry release), installs with npm
// offline, and serves its docs from D1 once the template's documented switch is turned; --json,
// --from-registry, --frameline-spec, and the failures (a folder in use, a name too long, no npm) as
// one line each. From the packed tarball, test/package covers the same command as a user gets it.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { isCheckout, isRegistryRelease } from "../support/node-lib.ts";
import { CLI_ARGS } from "../support/cli.ts";
import { withPackLock } from "../support/package/consumer.ts";
import { run, userEnv } from "../support/package/processes.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

const { version: VERSION } = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as {
  version: string;
};
const CHECKOUT = resolve(PROJECT_ROOT);
const TEMPLATE_FILES = [
  ".gitignore",
  "README.md",
  "docs/index.md",
  "package.json",
  "scripts/dev.mjs",
  "scripts/ensure-deps.mjs",
  "test/smoke.test.mjs",
  "tsconfig.json",
  "worker/index.ts",
  "worker/json-modules.d.ts",
  "wrangler.toml",
];
const NEXT = [
  "  npm start   # installs, indexes docs/, serves http://127.0.0.1:8787/contextgraph",
  "  npm test    # one signed query, verified",
];

const frameline = (args: string[], cwd: string, env = userEnv(), timeoutMs = 60_000) =>
  run(process.execPath, [...CLI_ARGS, ...args], { cwd, env, timeoutMs });

/** The file names in a .tgz, by the system's tar. */
async function tarballFiles(file: string): Promise<string[]> {
  const listed = await run("tar", ["-tzf", file], { cwd: tmpdir(), timeoutMs: 30_000 });
  assert.equal(listed.code, 0, listed.stderr);
  return listed.stdout.trimEnd().split("\n");
}

/** `text` with `from` replaced by `to`, exactly once. */
function replaceOnce(text: string, from: string, to: string): string {
  assert.equal(text.split(from).length, 2, `expected exactly one ${JSON.stringify(from)}`);
  return text.replace(from, to);
}

describe("frameline init, from this checkout", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "frameline-init-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test("packs this checkout into the project, which installs offline, and serves from D1 once switched", async (t) => {
    const init = await withPackLock(() => frameline(["init", "My Docs"], dir, userEnv(), 300_000));
    assert.equal(init.code, 0, init.stderr);
    assert.equal(
      init.stderr,
      `frameline: packing frameline ${VERSION} from ${CHECKOUT} (npm pack, which builds it) …\n`,
    );
    const tarball = `frameline-${VERSION}.tgz`;
    assert.equal(
      init.stdout,
      [
        "frameline: created my-docs in My Docs (12 files)",
        `frameline: ${VERSION} is not a registry release: my-docs depends on a copy of this frameline, packed into ${tarball} (from ${CHECKOUT}; --from-registry or --frameline-spec SPEC choose otherwise)`,
        "Next:",
        '  cd "My Docs"',
        ...NEXT,
        "",
      ].join("\n"),
    );
    const project = join(dir, "My Docs");
    const manifest = JSON.parse(await readFile(join(project, "package.json"), "utf8"));
    assert.deepEqual(manifest.dependencies, { frameline: `file:${tarball}` });
    const packed = await tarballFiles(join(project, tarball));
    for (const file of ["package/package.json", "package/dist/node/cli.js", "package/templates/init/wrangler.toml"])
      assert.ok(packed.includes(file), file);
    assert.deepEqual(
      packed.filter((file) => /^package\/(src|test)\/|registry-release/.test(file)),
      [],
    );
    t.diagnostic(`init with npm pack of the checkout: ${Math.round(init.ms)} ms`);

    // The template's documented switch (wrangler.toml, README "Larger docs"): the binding and the --d1 build.
    const toml = join(project, "wrangler.toml");
    let text = await readFile(toml, "utf8");
    text = replaceOnce(text, "# d1_databases = [", "d1_databases = [");
    text = replaceOnce(text, '\ncommand = "npx --no frameline index docs"\n', "\n");
    text = replaceOnce(
      text,
      '# command = "npx --no frameline index docs --d1 my-docs"',
      'command = "npx --no frameline index docs --d1 my-docs"',
    );
    await writeFile(toml, text);

    const tested = await run("npm", ["test"], {
      cwd: project,
      env: userEnv({ npm_config_offline: "true" }),
      timeoutMs: 300_000,
    });
    const output = `${tested.stdout}\n${tested.stderr}`;
    assert.equal(tested.code, 0, output);
    assert.match(output, /^# pass 1$/m);
    assert.ok(existsSync(join(project, ".wrangler", "state", "v3", "d1")), "wrangler dev's local D1 holds the corpus");
    const bundled = JSON.parse(await readFile(join(project, "worker", "corpus.json"), "utf8"));
    assert.deepEqual(bundled.documents, [], "the Worker found its frames in D1, not in the bundle");
    t.diagnostic(
      `npm test in the project (offline install + wrangler dev over D1 + query): ${Math.round(tested.ms)} ms`,
    );
  });

  test("--json prints the documented object, and only that, on stdout", async () => {
    const result = await frameline(["init", "scripted", "--frameline-spec", "^9.9.9", "--json"], dir);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, "");
    assert.deepEqual(JSON.parse(result.stdout), {
      name: "scripted",
      dir: "scripted",
      files: TEMPLATE_FILES,
      frameline: { spec: "^9.9.9", source: "given", tarball: null, packed_from: null },
    });
    const manifest = JSON.parse(await readFile(join(dir, "scripted", "package.json"), "utf8"));
    assert.deepEqual(manifest.dependencies, { frameline: "^9.9.9" });
  });

  test("--from-registry depends on this version; the folder's name is not repeated when it is the project's", async () => {
    const result = await frameline(["init", "my-site", "--from-registry"], dir);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(
      result.stdout,
      [
        "frameline: created my-site (11 files)",
        `frameline: my-site depends on frameline ${VERSION} from the registry`,
        "Next:",
        "  cd my-site",
        ...NEXT,
        "",
      ].join("\n"),
    );
    const manifest = JSON.parse(await readFile(join(dir, "my-site", "package.json"), "utf8"));
    assert.deepEqual(manifest.dependencies, { frameline: VERSION });
  });

  test("contradictory or empty choices are usage errors, and nothing is written", async () => {
    const cases: [string[], string][] = [
      [
        ["init", "both", "--from-registry", "--frameline-spec", "1.0.0"],
        "frameline init: give --frameline-spec or --from-registry, not both (see frameline init --help)\n",
      ],
      [
        ["init", "empty", "--frameline-spec", " "],
        "frameline init: --frameline-spec must not be empty (see frameline init --help)\n",
      ],
    ];
    for (const [args, stderr] of cases) {
      const result = await frameline(args, dir);
      assert.equal(result.code, 2, args.join(" "));
      assert.equal(result.stderr, stderr);
      assert.equal(existsSync(join(dir, args[1]!)), false);
    }
  });

  test("a folder in use, or a file in its place, is refused in one line, exit 1", async () => {
    await mkdir(join(dir, "used"));
    await writeFile(join(dir, "used", "notes.md"), "mine\n");
    await writeFile(join(dir, "a-file"), "");
    for (const [target, why] of [
      ["used", "exists and is not empty"],
      ["a-file", "exists and is not a folder"],
    ]) {
      const result = await frameline(["init", target!, "--from-registry"], dir);
      assert.equal(result.code, 1);
      assert.equal(result.stderr, `frameline init: ${target}: ${why}\n`);
    }
    assert.deepEqual(readdirSync(join(dir, "used")), ["notes.md"]);
  });

  test("a 300-character name is one line naming the problem, exit 1, not a stack trace (issue 24.10)", async () => {
    const name = "d".repeat(300);
    const result = await frameline(["init", name], dir);
    assert.equal(result.code, 1);
    assert.equal(result.stderr, `frameline init: ${name}: file name too long\n`);
    assert.equal(result.stdout, "");
  });

  test("without npm to pack with, init fails in one line, leaves nothing behind, and says what to give instead", async () => {
    const bin = join(dir, "node-only-bin");
    await mkdir(bin);
    await symlink(process.execPath, join(bin, "node"));
    const result = await frameline(["init", "no-npm"], dir, userEnv({ PATH: bin }));
    assert.equal(result.code, 1);
    assert.equal(
      result.stderr,
      `frameline: packing frameline ${VERSION} from ${CHECKOUT} (npm pack, which builds it) …\n` +
        `frameline init: could not pack frameline from ${CHECKOUT} (spawn npm ENOENT); give --frameline-spec SPEC or --from-registry\n`,
    );
    assert.equal(existsSync(join(dir, "no-npm")), false);
    await mkdir(join(dir, "kept-empty"));
    const into = await frameline(["init", "kept-empty"], dir, userEnv({ PATH: bin }));
    assert.equal(into.code, 1);
    assert.deepEqual(readdirSync(join(dir, "kept-empty")), [], "the empty folder given is left, empty");
  });
});

describe("which frameline is a registry release", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "frameline-release-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const stamp = (dist: string, npmCommand: string) =>
    run(process.execPath, [join(PROJECT_ROOT, "scripts", "release-stamp.mjs"), dist], {
      cwd: dir,
      env: userEnv({ npm_command: npmCommand }),
      timeoutMs: 30_000,
    });

  test("prepack's stamp marks the build as this version's release under npm publish only", async () => {
    const dist = join(dir, "dist");
    await mkdir(dist);
    assert.equal((await stamp(dist, "pack")).code, 0);
    assert.deepEqual(readdirSync(dist), []);
    const published = await stamp(dist, "publish");
    assert.equal(published.code, 0, published.stderr);
    assert.deepEqual(JSON.parse(await readFile(join(dist, "registry-release.json"), "utf8")), { version: VERSION });
    assert.equal((await stamp(dist, "pack")).code, 0);
    assert.deepEqual(readdirSync(dist), [], "a later npm pack of the same folder removes the mark");
  });

  test("an installed package is a release when stamped with its own version, a checkout never", async () => {
    const installed = join(dir, "installed");
    await mkdir(join(installed, "dist"), { recursive: true });
    assert.equal(isRegistryRelease(installed, "1.2.3"), false, "no stamp");
    await writeFile(join(installed, "dist", "registry-release.json"), '{"version":"1.2.3"}\n');
    assert.equal(isRegistryRelease(installed, "1.2.3"), true);
    assert.equal(isRegistryRelease(installed, "1.2.4"), false, "stamped for another version");
    await mkdir(join(installed, "src", "node"), { recursive: true });
    await writeFile(join(installed, "src", "node", "cli.ts"), "");
    assert.equal(isCheckout(installed), true);
    assert.equal(isRegistryRelease(installed, "1.2.3"), false, "a checkout's sources are no release");
  });
});

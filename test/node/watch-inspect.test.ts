// `frameline inspect stdio --watch` as a provider's author uses it: a real CLI child watching a folder
// with a provider file in it, the file edited (saved as editors save: written aside, renamed over) to
// break a rule and then fixed, each report read off the child's stdout as it comes; no sleeps, every
// step waits on the line that says it happened.
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CLI_ARGS } from "../support/cli.ts";
import { providerDoubleSource } from "../support/stdio-provider-double.ts";

/** The lines a stream writes, waited for one pattern at a time. */
class Lines {
  readonly #lines: string[] = [];
  #read = 0;
  #wake: (() => void) | undefined;
  #ended = false;

  constructor(stream: NodeJS.ReadableStream) {
    let partial = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const parts = (partial + chunk).split("\n");
      partial = parts.pop() ?? "";
      this.#lines.push(...parts);
      this.#wake?.();
    });
    stream.on("end", () => {
      this.#ended = true;
      this.#wake?.();
    });
  }

  /** Every line since the last call, up to and including the first that matches `pattern`. */
  async until(pattern: RegExp): Promise<string[]> {
    for (;;) {
      const at = this.#lines.findIndex((line, i) => i >= this.#read && pattern.test(line));
      if (at !== -1) {
        const taken = this.#lines.slice(this.#read, at + 1);
        this.#read = at + 1;
        return taken;
      }
      assert.ok(!this.#ended, `the stream ended before a line matching ${pattern}:\n${this.#lines.join("\n")}`);
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
  }

  all(): string {
    return this.#lines.join("\n");
  }
}

/** Saves `text` as `file` the way editors do: written to a hidden file beside it, then renamed over it. */
async function save(file: string, text: string): Promise<void> {
  const aside = join(file, "..", ".saving");
  await writeFile(aside, text);
  await rename(aside, file);
}

function watching(cwd: string, extra: readonly string[] = []) {
  const child = spawn(
    process.execPath,
    [...CLI_ARGS, "inspect", "stdio", "--watch", ...extra, "--", process.execPath, "provider.mjs"],
    { cwd, timeout: 120_000 },
  );
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal })),
  );
  return { child, out: new Lines(child.stdout), err: new Lines(child.stderr), exited };
}

const VERDICT = /^(CGP conformant|not conformant): /;
const WATCHING = /^frameline inspect: watching the files under \. \((\d+) folders?\) for changes; Ctrl-C stops$/;

describe("frameline inspect stdio --watch (issue 21.10)", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "frameline-watch-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test("a save that breaks F1 fails frame-validity by that rule, the fix passes again, Ctrl-C ends it", async () => {
    const folder = join(dir, "author");
    await mkdir(folder);
    const provider = join(folder, "provider.mjs");
    await writeFile(provider, providerDoubleSource(0.5));
    const { child, out, err, exited } = watching(folder);
    try {
      assert.match((await out.until(VERDICT)).at(-1)!, /^CGP conformant: 14 checks, 8 passed, 0 failed/);
      await err.until(WATCHING);

      await save(provider, providerDoubleSource(1.5));
      await err.until(/^frameline inspect: provider\.mjs changed; checking again$/);
      const broken = await out.until(/^not conformant: /);
      assert.equal(broken[0], "", "a blank line sets the new run apart off a terminal");
      assert.match(broken[1]!, /^frameline inspect stdio -- /);
      assert.deepEqual(
        broken.filter((line) => line.includes("FAIL")).map((line) => line.replace(/ +/g, " ")),
        [
          ' FAIL frame-validity F1 frame "double-1" score: score must be within [0, 1] [follows 2.0.0 + later revision F17]',
        ],
      );
      await err.until(WATCHING);

      await save(provider, providerDoubleSource(0.5));
      const fixed = await out.until(/^CGP conformant: /);
      assert.ok(!fixed.some((line) => line.includes("FAIL")), fixed.join("\n"));
      await err.until(WATCHING);

      child.kill("SIGINT");
      assert.deepEqual(await exited, { code: 130, signal: null });
      assert.doesNotMatch(err.all(), /Error|\n\s+at /);
    } finally {
      stop(child);
    }
  });

  test("folders: node_modules and hidden ones are left out, a new one is watched as it appears", async () => {
    const folder = join(dir, "tree");
    for (const sub of ["lib", "node_modules/dep", ".git/objects"]) await mkdir(join(folder, sub), { recursive: true });
    await writeFile(join(folder, "provider.mjs"), providerDoubleSource(0.5));
    const { child, out, err } = watching(folder);
    try {
      await out.until(VERDICT);
      assert.equal(WATCHING.exec((await err.until(WATCHING)).at(-1)!)?.[1], "2", "the folder and lib/");
      await mkdir(join(folder, "lib", "more"));
      await err.until(/^frameline inspect: lib\/more changed; checking again$/);
      assert.equal(WATCHING.exec((await err.until(WATCHING)).at(-1)!)?.[1], "3");
      await writeFile(join(folder, "lib", "more", "helper.mjs"), "export const x = 1;\n");
      await err.until(/^frameline inspect: lib\/more\/helper\.mjs changed; checking again$/);
      await out.until(VERDICT);
    } finally {
      stop(child);
    }
  });

  test("its stdout closed, it ends at the next run's first line: exit 0, nothing on stderr but its own lines", async () => {
    const folder = join(dir, "closed");
    await mkdir(folder);
    await writeFile(join(folder, "provider.mjs"), providerDoubleSource(0.5));
    const { child, out, err, exited } = watching(folder);
    try {
      await out.until(VERDICT);
      await err.until(WATCHING);
      child.stdout.destroy();
      await save(join(folder, "provider.mjs"), providerDoubleSource(0.5));
      assert.deepEqual(await exited, { code: 0, signal: null });
      assert.match(
        err.all(),
        /^frameline inspect: watching .*\nframeline inspect: provider\.mjs changed; checking again$/,
      );
    } finally {
      stop(child);
    }
  });

  test("its stdout a file in the folder it watches (> report.txt): writing the report is no change", async () => {
    const folder = join(dir, "redirected");
    await mkdir(folder);
    await writeFile(join(folder, "provider.mjs"), providerDoubleSource(0.5));
    const report = openSync(join(folder, "report.txt"), "w");
    const child = spawn(
      process.execPath,
      [...CLI_ARGS, "inspect", "stdio", "--watch", "--", process.execPath, "provider.mjs"],
      { cwd: folder, stdio: ["ignore", report, "pipe"], timeout: 120_000 },
    );
    closeSync(report);
    const err = new Lines(child.stderr!);
    try {
      await err.until(WATCHING);
      await save(join(folder, "provider.mjs"), providerDoubleSource(0.5));
      // Had the first run's own report counted, the next run would have started at once, for report.txt.
      assert.deepEqual(await err.until(/changed; checking again$/), [
        "frameline inspect: provider.mjs changed; checking again",
      ]);
      await err.until(WATCHING);
      assert.equal((await readFile(join(folder, "report.txt"), "utf8")).match(/^CGP conformant: /gm)?.length, 2);
    } finally {
      stop(child);
    }
  });

  test("--watch with --json is a usage error: exit 2, one line", async () => {
    const { err, exited } = watching(dir, ["--json"]);
    assert.deepEqual(await exited, { code: 2, signal: null });
    assert.equal(
      err.all(),
      "frameline inspect stdio: --watch reports each change for a person to read; --json is for one run (see frameline inspect stdio --help)",
    );
  });
});

/** Ends a child the test started, if it is still running (a failed assertion must not leave it behind). */
function stop(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

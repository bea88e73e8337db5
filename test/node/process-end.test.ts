// The CLI in a pipe whose reader goes away, as a real child process: `frameline … | head -n 1` in bash,
// a real pipe and a real `head`, for the commands whose output can be made to come after head has
// gone (decode reading stdin or a FIFO, inspect http and stdio waiting on a gate the test opens); and
// for the rest, a stdout whose reader is closed before the CLI starts. Either way the command ends at
// its next write, quietly, with exit status 0 (process-end.ts).
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { closeSync, constants, createWriteStream, existsSync, openSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { serveForBrowser } from "../support/browser/serve.ts";
import { CLI_ARGS } from "../support/cli.ts";
import { createProviderApp } from "../support/lib.ts";
import { echoProvider } from "../support/providers.ts";
import { providerDoubleSource } from "../support/stdio-provider-double.ts";

const HEAD_GONE = "head has exited and closed the pipe";
const STATUS = /^frameline exited with (\d+)$/m;

/**
 * `frameline args | head -n 1` in bash. Once head has exited (its subshell's stdin closed too, so nothing
 * reads the pipe any more), `afterHead` makes the CLI write again. Resolves with what head printed, the
 * CLI's exit status (bash's PIPESTATUS) and its stderr.
 */
function throughHead(
  args: readonly string[],
  options: { cwd: string; afterHead: (stdin: NodeJS.WritableStream) => void; input?: string },
): Promise<{ stdout: string; status: number; stderr: string }> {
  const pipeline = `"$@" | { head -n 1; exec 0<&-; echo "${HEAD_GONE}" >&2; }; echo "frameline exited with \${PIPESTATUS[0]}" >&2`;
  const child = spawn("bash", ["-c", pipeline, "bash", process.execPath, ...CLI_ARGS, ...args], {
    cwd: options.cwd,
    timeout: 60_000,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    if (stderr.includes(HEAD_GONE) && chunk.includes(HEAD_GONE)) options.afterHead(child.stdin);
  });
  if (options.input !== undefined) child.stdin.write(options.input);
  return new Promise((resolve) =>
    child.on("close", () => {
      const status = STATUS.exec(stderr);
      assert.ok(status, stderr);
      const own = stderr.replace(`${HEAD_GONE}\n`, "").replace(STATUS, "").trim();
      resolve({ stdout, status: Number(status[1]), stderr: own });
    }),
  );
}

/** `frameline args` with a stdout whose reader is closed before it starts (stderr apart, or the same closed pipe). */
function closedFromTheStart(
  args: readonly string[],
  options: { cwd: string; stderrToo?: boolean; input?: string },
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  const [file, argv] = options.stderrToo
    ? ["bash", ["-c", 'exec "$@" 2>&1', "bash", process.execPath, ...CLI_ARGS, ...args]]
    : [process.execPath, [...CLI_ARGS, ...args]];
  const child = spawn(file, argv, { cwd: options.cwd, timeout: 60_000 });
  child.stdout.destroy();
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  child.stdin.on("error", () => undefined);
  child.stdin.end(options.input ?? "");
  return new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal, stderr })));
}

/** A loopback server whose every request waits until `open()`: what the gated provider waits on. */
async function gate(): Promise<{ url: string; open(): void; close(): Promise<void> }> {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const server: Server = createServer((_, response) => void opened.then(() => response.end("open")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, open, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const REPORT_LINE = /^ {3}1 {2}ok {4}shutdown$/;

describe("a closed stdout ends every command quietly, exit 0", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "frameline-pipe-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test("decode | head -n 1: the line after head has gone ends decode, exit 0, nothing on stderr", async () => {
    const result = await throughHead(["decode"], {
      cwd: dir,
      input: '{"type":"shutdown"}\n',
      afterHead: (stdin) => stdin.end('{"type":"shutdown"}\n'),
    });
    assert.match(result.stdout.trimEnd(), REPORT_LINE);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stderr, "");
  });

  test("decode FILE | head -n 1, the file a FIFO the test writes: the same", async () => {
    const fifo = join(dir, "transcript.fifo");
    assert.equal(spawnSync("mkfifo", [fifo]).status, 0);
    // Opening a FIFO for writing waits for its reader: decode, once it has started.
    const writer = createWriteStream(fifo);
    writer.write('{"type":"shutdown"}\n');
    const result = await throughHead(["decode", "transcript.fifo"], {
      cwd: dir,
      afterHead: () => writer.end('{"type":"shutdown"}\n'),
    });
    // Had decode never opened the FIFO, the open for writing would wait forever: a reader of our own ends it.
    if (writer.pending) closeSync(openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK));
    assert.match(result.stdout.trimEnd(), REPORT_LINE);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stderr, "");
  });

  test("inspect http | head -n 1: the first check's line, written after head has gone, ends it, exit 0", async () => {
    const held = await gate();
    const app = createProviderApp(echoProvider());
    const server = await serveForBrowser({}, "/contextgraph", {
      fetch: async (request) => (await fetch(held.url), app.fetch(request)),
    });
    try {
      const url = `${server.origin}/contextgraph`;
      const result = await throughHead(["inspect", "http", url], { cwd: dir, afterHead: () => held.open() });
      assert.equal(result.stdout, `frameline inspect ${url}\n`);
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stderr, "");
    } finally {
      held.open();
      await server.close();
      await held.close();
    }
  });

  test("inspect stdio | head -n 1: the first check's line, written after head has gone, ends it mid-run, exit 0", async () => {
    const held = await gate();
    const provider = join(dir, "provider.mjs");
    await writeFile(provider, providerDoubleSource(0.5));
    try {
      const result = await throughHead(["inspect", "stdio", "--", process.execPath, provider, held.url], {
        cwd: dir,
        afterHead: () => held.open(),
      });
      assert.match(result.stdout, /^frameline inspect stdio -- .*provider\.mjs http:/);
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stderr, "");
    } finally {
      held.open();
      await held.close();
    }
  });

  const fromTheStart: [string, string[]][] = [
    ["demo", ["demo"]],
    ["decode --json", ["decode", "--json"]],
    ["inspect host", ["inspect", "host"]],
    ["inspect stdio --json", ["inspect", "stdio", "--json", "--", process.execPath, "provider.mjs"]],
    ["--help", ["--help"]],
    ["decode --help", ["decode", "--help"]],
  ];
  for (const [name, args] of fromTheStart)
    test(`${name}, its stdout's reader gone before it starts: exit 0, nothing on stderr`, async () => {
      await writeFile(join(dir, "provider.mjs"), providerDoubleSource(0.5));
      const result = await closedFromTheStart(args, { cwd: dir, input: '{"type":"shutdown"}\n' });
      assert.deepEqual([result.code, result.signal], [0, null], result.stderr);
      assert.equal(result.stderr, "");
    });

  test("index 2>&1 into a closed pipe: its warnings are dropped, the corpus is still written, exit 0", async () => {
    await mkdir(join(dir, "notes"));
    await writeFile(join(dir, "notes", "good.md"), "# Good\n\nSome text.\n");
    await writeFile(join(dir, "notes", "bad.md"), Buffer.from([0xff, 0xfe, 0x00]));
    const result = await closedFromTheStart(["index", "notes", "--out", "notes.json"], { cwd: dir, stderrToo: true });
    assert.deepEqual([result.code, result.signal], [0, null]);
    const corpus = JSON.parse(await readFile(join(dir, "notes.json"), "utf8"));
    assert.equal(corpus.documents.length, 1);
  });

  test("a stdout that cannot be written (a full disk) is one line on stderr, exit 1", async () => {
    assert.ok(existsSync("/dev/full"));
    const full = openSync("/dev/full", "w");
    const result = spawnSync(process.execPath, [...CLI_ARGS, "demo"], {
      cwd: dir,
      stdio: ["ignore", full, "pipe"],
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(result.status, 1);
    assert.equal(result.stderr, "frameline: stdout: no space left on device\n");
  });
});

// docs/providers.md followed as written, from the packed tarball in a fresh project (issue 21.3), and the
// stdio host path of docs/host.md (issue 21.2). Every code block of the page is used: each `js <file>` block
// is written verbatim into a folder of the project; each line of a `sh` block is run there in order (a line
// that starts a server, `node`/`deno`/`bun`, is started in the background until it prints `serving <url>`,
// and stopped when the next one starts); each `text` block's lines must be lines of the output of the
// command before it. Two things differ from a user's terminal, and only these: `npm install frameline`
// is this run's tarball (frameline is not on the registry yet), and a server listens on the free port
// PORT=0 gives it instead of 8787 (a fixed port could be taken on a shared machine), so the `inspect http`
// line is sent to the URL the server printed. deno and bun are the repo's devDependencies.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, type TestContext, test } from "node:test";
import { fencedBlocks } from "../support/examples/fences.ts";
import { type Consumer, packAndInstall } from "../support/package/consumer.ts";
import { type Run, run, type Started, start, userEnv } from "../support/package/processes.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

const PAGE = readFileSync(join(PROJECT_ROOT, "docs", "providers.md"), "utf8");
const DOC_URL = "http://127.0.0.1:8787/contextgraph";
const TIMEOUT_MS = 120_000;
const BIN = (name: string) => join(PROJECT_ROOT, "node_modules", ".bin", name);

/** The environment a server runs with: the user's, with a free port, and Deno told not to phone home. */
function serverEnv(folder: string): NodeJS.ProcessEnv {
  return userEnv({ PORT: "0", DENO_NO_UPDATE_CHECK: "1", DENO_DIR: join(folder, "..", "deno-dir") });
}

/** What running the page has done so far. */
interface Walk {
  server?: Started;
  url?: string;
  /** The output of the last command run to its end, for the `text` block after it. */
  last?: Run;
  /** The `npx frameline inspect` lines run, with their exit status. */
  inspections: string[];
  /** How each node server ended when it was stopped (SIGTERM: a graceful close exits 0). */
  nodeExits: (number | null)[];
}

async function stopServer(walk: Walk): Promise<void> {
  if (!walk.server) return;
  const node = walk.server.child.spawnargs[0] === "node";
  await walk.server.stop();
  if (node) walk.nodeExits.push(walk.server.child.exitCode);
  walk.server = undefined;
}

/** Starts the server a line names (`node …`, `deno …`, `bun …`), deno and bun from the repo's devDependencies. */
async function startServer(walk: Walk, folder: string, line: string): Promise<void> {
  await stopServer(walk);
  const [command, ...args] = line.split(/\s+/);
  const file = command === "node" ? "node" : BIN(command!);
  walk.server = await start(file, args, {
    cwd: folder,
    env: serverEnv(folder),
    ready: /^serving (https?:\/\/\S+)$/m,
    timeoutMs: TIMEOUT_MS,
  });
  walk.url = walk.server.match[1]!;
}

/** Runs one line of a `sh` block. */
async function runLine(t: TestContext, walk: Walk, folder: string, line: string): Promise<void> {
  if (line === "npm install frameline") return;
  if (/^(node|deno|bun) /.test(line)) return startServer(walk, folder, line);
  let command = line;
  if (line.startsWith("npx frameline inspect http ")) {
    assert.ok(line.endsWith(DOC_URL) && walk.url, `${line}: a server runs, at the URL the page names`);
    command = `${line.slice(0, -DOC_URL.length)}${walk.url}`;
  }
  const result = await run("sh", ["-c", command], { cwd: folder, env: userEnv(), timeoutMs: TIMEOUT_MS });
  assert.equal(result.code, 0, `${line}\n${result.stdout}\n${result.stderr}`);
  if (line.startsWith("npx frameline inspect ")) walk.inspections.push(line);
  t.diagnostic(`${line}: ${Math.round(result.ms)} ms`);
  walk.last = result;
}

/** Each line of a `text` block is a line of what the command before it printed. */
function checkOutput(walk: Walk, text: string): void {
  assert.ok(walk.last, "a text block follows a command");
  const printed = walk.last.stdout.split("\n");
  for (const line of text.trimEnd().split("\n"))
    assert.ok(printed.includes(line), `"${line}" in:\n${walk.last.stdout}`);
}

describe("docs/providers.md, followed as written from the packed tarball", () => {
  let consumer: Consumer;
  let folder: string;
  before(async () => {
    consumer = await packAndInstall();
    folder = join(consumer.dir, "notes-provider");
    await mkdir(folder);
  });
  after(() => consumer?.cleanup());

  test("every block: files written, commands run, outputs as shown; conformant over stdio and HTTP, signed and not", async (t) => {
    const page = fencedBlocks(PAGE);
    assert.deepEqual(
      page.filter((block) => !/^(js \S+\.mjs|sh|text)$/.test(block.info)).map((block) => block.info),
      [],
      "every block is a file, commands or output",
    );
    const walk: Walk = { inspections: [], nodeExits: [] };
    try {
      for (const block of page) {
        if (block.info.startsWith("js ")) await writeFile(join(folder, block.info.slice(3)), block.text);
        else if (block.info === "text") checkOutput(walk, block.text);
        else for (const line of block.text.trimEnd().split("\n")) await runLine(t, walk, folder, line);
      }
    } finally {
      await stopServer(walk);
    }
    assert.deepEqual(walk.inspections, [
      "npx frameline inspect stdio -- node serve-stdio.mjs",
      `npx frameline inspect http ${DOC_URL}`,
      `npx frameline inspect http ${DOC_URL}`,
      "npx frameline inspect stdio -- node serve-stdio.mjs",
      `npx frameline inspect http ${DOC_URL}`,
      `npx frameline inspect http ${DOC_URL}`,
    ]);
    assert.deepEqual(walk.nodeExits, [0, 0], "serveHttp's close on SIGTERM lets node exit 0");
  });

  test("docs/host.md: host.add takes stdioTransport(...) itself, a real child; the old { transport, child } is a TypeError", async () => {
    const result = await run(process.execPath, ["host-stdio.mjs", folder], {
      cwd: consumer.dir,
      env: userEnv(),
      timeoutMs: TIMEOUT_MS,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), {
      provider: "notes",
      first: "kettle",
      refused: {
        name: "TypeError",
        message:
          'host.add("old", provider): provider must be a transport (streamTransport, httpTransport, inPageTransport, stdioTransport) or a connection; got an object with members transport, child; its `transport` is a transport: pass that',
      },
      childEnded: { code: 0, signal: null },
    });
  });
});

// The host-side stdio child (spec §4.4): a provider as a child process in its own process group, with an
// environment of PATH and HOME (and what the caller passes on), ended by SIGKILL to the whole group when
// the connection gives up on it after the close grace.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { spawnStdioChild, stdioTransport } from "../support/node-lib.ts";
import { CLI_ARGS } from "../support/cli.ts";
import { connect, Host } from "../support/lib.ts";
import { within } from "../support/host/stdio.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

const node = (script: string) => [process.execPath, ["-e", script]] as const;

async function output(readable: ReadableStream<Uint8Array>): Promise<string> {
  let text = "";
  for await (const chunk of readable) text += new TextDecoder().decode(chunk);
  return text;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the stdio child", () => {
  test("its environment is PATH and HOME only, plus the variables passed on", async () => {
    const [command, args] = node("process.stdout.write(JSON.stringify(Object.keys(process.env).sort()))");
    const child = spawnStdioChild(command, args, { env: { FRAMELINE_PASSED: "1" } });
    const keys = JSON.parse(await output(child.readable));
    assert.deepEqual(
      keys.filter((key: string) => !["PATH", "HOME", "FRAMELINE_PASSED"].includes(key)),
      [],
    );
    assert.ok(keys.includes("PATH") && keys.includes("FRAMELINE_PASSED"));
    assert.deepEqual(await child.ended, { code: 0, signal: null });
  });

  test("terminate kills its whole process group, grandchildren too", async () => {
    // The grandchild shares the child's stdout and writes its own pid there: the stdout ends only once
    // no process holds it, so its end is the grandchild's exit (alive, it would hold it for 60 s).
    const grandchild = "process.stdout.write(process.pid + '\\n'); setTimeout(() => {}, 60000);";
    const [command, args] = node(
      `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: ['ignore', 'inherit', 'ignore'] }); setTimeout(() => {}, 60000);`,
    );
    const child = spawnStdioChild(command, args);
    const reader = child.readable.getReader();
    const pid = Number(new TextDecoder().decode((await reader.read()).value));
    assert.ok(pid !== child.pid && alive(pid));
    child.terminate();
    assert.deepEqual(await within(child.ended, 5_000, "the child ends"), { code: null, signal: "SIGKILL" });
    assert.deepEqual(await within(reader.read(), 5_000, "the grandchild ends"), { done: true, value: undefined });
  });

  test("a provider that ignores shutdown is killed after the close grace", async () => {
    const ack =
      '{"type":"handshake_ack","protocol_version":"contextgraph/1.0","provider":{"name":"stubborn","version":"1","data_flow":{}},"capabilities":{}}';
    const [command, args] = node(
      `process.stdin.once('data', () => process.stdout.write(${JSON.stringify(`${ack}\n`)})); setInterval(() => {}, 1000);`,
    );
    const transport = stdioTransport(command, args);
    const connection = await within(connect(transport, { closeGraceMs: 200 }), 10_000, "handshake");
    assert.equal(connection.provider.name, "stubborn");
    await within(connection.close(), 5_000, "close");
    assert.deepEqual(await within(transport.child.ended, 5_000, "the child ends"), { code: null, signal: "SIGKILL" });
  });

  test("host.add takes it as it is (docs/host.md): a real serve --stdio child answers, and closing ends it", async () => {
    const host = new Host();
    const transport = stdioTransport(process.execPath, [...CLI_ARGS, "serve", "--stdio"], { cwd: PROJECT_ROOT });
    try {
      const connection = await within(host.add("faq", transport), 30_000, "handshake");
      assert.equal(connection.provider.name, "docs");
      assert.ok(transport.child.pid !== undefined && alive(transport.child.pid));
      const answer = await host.query("faq", { goal: "stdio transport", max_frames: 2, max_tokens: 500 });
      assert.ok(answer.outcome === "frames" && answer.frames.length > 0, answer.outcome);
    } finally {
      await within(host.close(), 10_000, "close");
    }
    assert.deepEqual(await within(transport.child.ended, 5_000, "the child ends"), { code: 0, signal: null });
  });

  test("a program that does not exist ends at once, saying why", async () => {
    const child = spawnStdioChild("/nonexistent/provider", []);
    assert.deepEqual(await within(child.ended, 5_000, "the end"), {
      code: null,
      signal: null,
      problem: "it could not be started (ENOENT)",
    });
  });

  test("its stderr is kept, the last 8 KiB of it", async () => {
    const [command, args] = node("process.stderr.write('x'.repeat(20000) + 'END')");
    const child = spawnStdioChild(command, args);
    await child.ended;
    assert.equal(child.stderr().length, 8 * 1024);
    assert.ok(child.stderr().endsWith("END"));
  });
});

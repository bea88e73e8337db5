// The lock packs of this repo take turns on (test/support/package/turn-lock.ts): one holder at a time, the
// next let in when the holder lets go or dies (no polling), a dead holder's socket file taken over, and a
// wait that ends with an error when the holder keeps it too long. The other process holding it is a plain
// listener on the socket, as a holder is, that says when a waiter connects.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { within } from "../support/host/stdio.ts";
import { type Started, start } from "../support/package/processes.ts";
import { withTurnLock } from "../support/package/turn-lock.ts";

/** Another process holding the lock at `path` the way withTurnLock does: listening there. */
const HOLDER = `const server = require("node:net").createServer(() => process.stdout.write("waited on\\n"));
server.listen(process.argv[1], () => process.stdout.write("held\\n"));`;

function holder(path: string, dir: string): Promise<Started> {
  return start(process.execPath, ["-e", HOLDER, path], { cwd: dir, ready: /held\n/, timeoutMs: 10_000 });
}

describe("the turn lock", () => {
  let dir = "";
  let n = 0;
  const lockPath = () => join(dir, `lock-${++n}.sock`);
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "frameline-turn-lock-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test("holders take turns: never two at once, each after the one before let go", async () => {
    const path = lockPath();
    let inside = 0;
    let most = 0;
    const turn = (i: number) =>
      withTurnLock(path, 10_000, async () => {
        most = Math.max(most, ++inside);
        await new Promise((resolve) => setImmediate(resolve)); // the others' attempts run meanwhile
        inside -= 1;
        return i;
      });
    // Each waiter is let in by the one before it letting go: a waiter left waiting fails at its 10 s bound.
    assert.deepEqual(await Promise.all([1, 2, 3, 4, 5].map(turn)), [1, 2, 3, 4, 5]);
    assert.equal(most, 1, "one holder at a time");
    assert.equal(existsSync(path), false, "the last holder removed the socket file");
  });

  test("a waiter gets its turn as soon as the holder dies", async () => {
    const path = lockPath();
    const held = await holder(path, dir);
    try {
      const waited = held.printed(/waited on\n/, 5_000);
      const taken = withTurnLock(path, 60_000, async () => "taken");
      await waited;
      process.kill(-held.child.pid!, "SIGKILL");
      assert.equal(await within(taken, 5_000, "the turn after the holder died"), "taken");
    } finally {
      await held.stop();
    }
  });

  test("the socket file of a holder that died is taken over", async () => {
    const path = lockPath();
    const held = await holder(path, dir);
    process.kill(-held.child.pid!, "SIGKILL");
    await held.stop();
    assert.ok(existsSync(path), "the dead holder left its socket file");
    assert.equal(
      await within(
        withTurnLock(path, 60_000, async () => "taken"),
        5_000,
        "the turn",
      ),
      "taken",
    );
  });

  test("a wait longer than its bound fails, naming the lock", async () => {
    const path = lockPath();
    const held = await holder(path, dir);
    try {
      await assert.rejects(
        withTurnLock(path, 100, async () => "taken"),
        {
          message: `another process has held ${path} for 100 ms`,
        },
      );
    } finally {
      await held.stop();
    }
  });
});

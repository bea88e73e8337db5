// The lock-step mutex (spec §4.3): sections run one at a time, in arrival order, whatever the earlier ones did.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Lock } from "../../support/lib.ts";

test("sections run one at a time in the order they arrived, and a failing one does not block the next", async () => {
  const lock = new Lock();
  const events: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const first = lock.run(async () => {
    events.push("first starts");
    await gate;
    events.push("first ends");
    return 1;
  });
  const second = lock.run(async () => {
    events.push("second runs");
    throw new Error("second fails");
  });
  const third = lock.run(async () => {
    events.push("third runs");
    return 3;
  });
  await Promise.resolve();
  assert.deepEqual(events, ["first starts"]);
  release();
  assert.equal(await first, 1);
  await assert.rejects(second, /second fails/);
  assert.equal(await third, 3);
  assert.deepEqual(events, ["first starts", "first ends", "second runs", "third runs"]);
});

// messagePortStreams at its edges (spec §4.4): a queue of exactly maxQueuedBytes is fine and one byte more
// errors in words; an aborted writable ends the peer's readable as a close does; end() after the peer has
// already closed is quiet; a write after end() fails in words. Node's MessageChannel stands in for the browser's.
import assert from "node:assert/strict";
import { test } from "node:test";
import { portPair } from "../../support/host/ports.ts";
import { settlesWithin } from "../../support/host/turns.ts";

test("exactly maxQueuedBytes unread is kept; one byte more errors the readable, naming the limit", async (t) => {
  const exact = portPair({ maxQueuedBytes: 8 });
  t.after(exact.close);
  await exact.near.writable.getWriter().write(new Uint8Array(8).fill(0x61));
  await settlesWithin(exact.farReceived(1)); // all 8 bytes wait unread
  const { value } = await exact.far.readable.getReader().read();
  assert.equal(value?.byteLength, 8);

  const over = portPair({ maxQueuedBytes: 8 });
  t.after(over.close);
  const writer = over.near.writable.getWriter();
  await writer.write(new Uint8Array(5));
  await writer.write(new Uint8Array(4));
  await settlesWithin(over.farReceived(2)); // 9 bytes arrived, none read
  const reader = over.far.readable.getReader();
  await assert.rejects(
    reader.read(),
    (error: unknown) => error instanceof RangeError && error.message === "more than 8 bytes arrived unread",
  );
});

test("aborting the writable ends the peer's readable, as closing it does", async (t) => {
  const { near, far, close } = portPair();
  t.after(close);
  await near.writable.getWriter().abort(new Error("gave up"));
  // Bounded in event-loop turns: a readable left open fails the test instead of hanging it.
  const read = far.readable.getReader().read();
  await settlesWithin(read);
  assert.deepEqual(await read, { done: true, value: undefined });
});

test("end() after the peer has closed is quiet, and a write after end() fails in words", async (t) => {
  const { near, far, close } = portPair();
  t.after(close);
  await near.writable.getWriter().close();
  assert.equal((await far.readable.getReader().read()).done, true);
  assert.doesNotThrow(() => far.end());
  await assert.rejects(
    far.writable.getWriter().write(new Uint8Array(1)),
    (error: unknown) => error instanceof Error && error.message === "the port's peer is gone",
  );
});

// messagePortStreams at its edges (spec §4.4): a queue of exactly maxQueuedBytes is fine and one byte more
// errors in words; an aborted writable ends the peer's readable as a close does; end() after the peer has
// already closed is quiet; a write after end() fails in words. Node's MessageChannel stands in for the browser's.
import assert from "node:assert/strict";
import { test } from "node:test";
import { portPair } from "../support/host/ports.ts";

/** Lets the ports deliver what was posted. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 20));

test("exactly maxQueuedBytes unread is kept; one byte more errors the readable, naming the limit", async () => {
  const exact = portPair({ maxQueuedBytes: 8 });
  await exact.near.writable.getWriter().write(new Uint8Array(8).fill(0x61));
  await delivered();
  const { value } = await exact.far.readable.getReader().read();
  assert.equal(value?.byteLength, 8);
  exact.close();

  const over = portPair({ maxQueuedBytes: 8 });
  const writer = over.near.writable.getWriter();
  await writer.write(new Uint8Array(5));
  await writer.write(new Uint8Array(4));
  await delivered();
  const reader = over.far.readable.getReader();
  await assert.rejects(
    reader.read(),
    (error: unknown) => error instanceof RangeError && error.message === "more than 8 bytes arrived unread",
  );
  over.close();
});

test("aborting the writable ends the peer's readable, as closing it does", async () => {
  const { near, far, close } = portPair();
  await near.writable.getWriter().abort(new Error("gave up"));
  // Bounded: a readable left open would otherwise hang the test instead of failing it.
  const still = new Promise<"still open">((resolve) => setTimeout(() => resolve("still open"), 2_000).unref());
  const outcome = await Promise.race([far.readable.getReader().read(), still]);
  assert.deepEqual(outcome, { done: true, value: undefined });
  close();
});

test("end() after the peer has closed is quiet, and a write after end() fails in words", async () => {
  const { near, far, close } = portPair();
  await near.writable.getWriter().close();
  assert.equal((await far.readable.getReader().read()).done, true);
  assert.doesNotThrow(() => far.end());
  await assert.rejects(
    far.writable.getWriter().write(new Uint8Array(1)),
    (error: unknown) => error instanceof Error && error.message === "the port's peer is gone",
  );
  close();
});

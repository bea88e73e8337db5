// The table of waiting requests on a stream connection (spec §4.3, H4): which waiter a reply reaches, that a
// waiter is served once, that forgetting removes only the waiter forgotten, and that a failed table refuses.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type Envelope, HostError, PendingTable, type Waiter } from "../../support/lib.ts";

/** A waiter recording what it was given. */
function waiter(): Waiter & { got: string[] } {
  const got: string[] = [];
  return {
    got,
    resolve: (reply) => got.push(`reply:${reply.type}`),
    reject: (error) => got.push(`error:${error.kind}`),
  };
}

const frames = (id?: string) =>
  ({ type: "frames", ...(id ? { id } : {}), result: { frames: [], truncated: false } }) as Envelope;
const error = (id?: string) => ({ type: "error", ...(id ? { id } : {}), code: "internal", message: "m" }) as Envelope;
const verified = { type: "verified", response: { verdicts: [] } } as Envelope;

describe("deliver", () => {
  test("frames and errors with an id reach the waiter of that id; anything without one the lock-step slot", () => {
    const table = new PendingTable();
    const [a, b, step] = [waiter(), waiter(), waiter()];
    table.register("a", a);
    table.register("b", b);
    table.register(undefined, step);
    assert.equal(table.deliver(error("b")), true);
    assert.equal(table.deliver(frames("a")), true);
    assert.equal(table.deliver(verified), true);
    assert.deepEqual([a.got, b.got, step.got], [["reply:frames"], ["reply:error"], ["reply:verified"]]);
  });

  test("a waiter is served once: a second reply for it is dropped", () => {
    const table = new PendingTable();
    const [a, step] = [waiter(), waiter()];
    table.register("a", a);
    table.register(undefined, step);
    table.deliver(frames("a"));
    table.deliver(frames());
    assert.deepEqual([table.deliver(frames("a")), table.deliver(frames())], [false, false]);
    assert.equal(table.has("a"), false);
    assert.deepEqual([a.got, step.got], [["reply:frames"], ["reply:frames"]]);
  });
});

describe("forget", () => {
  test("forgets the waiter named, so its late reply is dropped", () => {
    const table = new PendingTable();
    const [a, step] = [waiter(), waiter()];
    table.register("a", a);
    table.register(undefined, step);
    table.forget("a", a);
    table.forget(undefined, step);
    assert.deepEqual([table.deliver(frames("a")), table.deliver(verified)], [false, false]);
    assert.deepEqual([a.got, step.got], [[], []]);
  });

  test("leaves a newer waiter under the same id, or in the lock-step slot, alone", () => {
    const table = new PendingTable();
    const [old, current, oldStep, step] = [waiter(), waiter(), waiter(), waiter()];
    table.register("a", current);
    table.register(undefined, step);
    table.forget("a", old);
    table.forget(undefined, oldStep);
    assert.deepEqual([table.deliver(frames("a")), table.deliver(verified)], [true, true]);
    assert.deepEqual([current.got, step.got], [["reply:frames"], ["reply:verified"]]);
  });
});

test("a failed table rejects every waiter and every newcomer with the first failure", () => {
  const table = new PendingTable();
  const [a, step, late] = [waiter(), waiter(), waiter()];
  table.register("a", a);
  table.register(undefined, step);
  table.failAll(new HostError("wire", "first"));
  table.failAll(new HostError("closed", "second"));
  table.register("b", late);
  assert.deepEqual([a.got, step.got, late.got], [["error:wire"], ["error:wire"], ["error:wire"]]);
  assert.equal(table.failure?.message, "first");
});

// Promptness without a wall clock: with node:test's mock timers holding every setTimeout, a promise that
// settles within a few turns of the event loop (setImmediate, which those mocks leave alone) settled without
// waiting on any timer, and one still pending after them is waiting on one (or on nothing at all).
import assert from "node:assert/strict";

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Lets `turns` turns of the event loop pass: whatever can happen without a timer firing has happened. */
export async function passTurns(turns = 100): Promise<void> {
  for (let i = 0; i < turns; i++) await turn();
}

/** What `promise` came to within `turns` event-loop turns, or undefined while it is still pending. */
async function within<T>(promise: Promise<T>, turns: number): Promise<PromiseSettledResult<T> | undefined> {
  let outcome: PromiseSettledResult<T> | undefined;
  promise.then(
    (value) => (outcome = { status: "fulfilled", value }),
    (reason: unknown) => (outcome = { status: "rejected", reason }),
  );
  for (let i = 0; i < turns && outcome === undefined; i++) await turn();
  return outcome;
}

/** Asserts `promise` settles within `turns` turns of the event loop (no timer fires meanwhile under mock timers). */
export async function settlesWithin(promise: Promise<unknown>, turns = 100): Promise<void> {
  assert.ok((await within(promise, turns)) !== undefined, `still pending after ${turns} event-loop turns`);
}

/** Asserts `promise` is still pending after `turns` turns of the event loop. */
export async function pendingAfter(promise: Promise<unknown>, turns = 100): Promise<void> {
  const outcome = await within(promise, turns);
  assert.equal(outcome, undefined, `settled early: ${JSON.stringify(outcome?.status)}`);
}

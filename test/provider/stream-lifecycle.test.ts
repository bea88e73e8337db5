// How a stream session ends and how much it takes on (spec §1.11, §4.4): a host closing our output while we
// wait for input ends the session; `shutdown` stops reading an input the host keeps open; no more than
// maxInFlight correlated queries run at once. Each source records whether it was cancelled.
import assert from "node:assert/strict";
import { test } from "node:test";
import { serveStream } from "../support/lib.ts";
import { gate } from "../support/gate.ts";
import { passTurns, pendingAfter, settlesWithin } from "../support/host/turns.ts";
import { candidate, echoProvider } from "../support/providers.ts";

const utf8 = new TextEncoder();
const HANDSHAKE = '{"type":"handshake","protocol_version":"contextgraph/1.0"}\n';
const query = (goal: string, id: string) =>
  `${JSON.stringify({ type: "query", id, query: { goal, max_frames: 2, max_tokens: 100 } })}\n`;

/** An input that gives `lines`, then stays open (as a host keeping stdin open) until `end()`, recording a cancel. */
function heldInput(lines: string[]) {
  const seen = { cancelled: false };
  let next = 0;
  const ended = gate();
  const readable = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const line = lines[next++];
      if (line !== undefined) return controller.enqueue(utf8.encode(line));
      await ended.opened; // nothing more until the test ends the input
      controller.close();
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { readable, seen, end: () => ended.open() };
}

test("the host closing our output while we wait for input ends the session and stops the reading", async (t) => {
  const { readable, seen, end } = heldInput([HANDSHAKE]);
  t.after(end);
  let output!: WritableStreamDefaultController;
  const acked = gate();
  const writable = new WritableStream<Uint8Array>({
    start: (controller) => void (output = controller),
    write: () => acked.open(),
  });
  const session = serveStream(echoProvider(), { readable, writable });
  await settlesWithin(acked.opened);
  await pendingAfter(session); // answered the handshake, and waits for a line that does not come
  output.error(new Error("EPIPE"));
  await settlesWithin(session);
  assert.equal(seen.cancelled, true);
});

test("shutdown stops the reading of an input the host keeps open", async (t) => {
  const { readable, seen, end } = heldInput([HANDSHAKE, '{"type":"shutdown"}\n']);
  t.after(end);
  const writable = new WritableStream<Uint8Array>();
  await settlesWithin(serveStream(echoProvider(), { readable, writable }));
  assert.equal(seen.cancelled, true);
});

/**
 * Serves `count` correlated queries, each held until the round it started in is let go; a round ends once
 * the event loop has had its turns, so every query that may start has started. How many ran at once at
 * most, and how many lines were answered.
 */
async function concurrency(count: number, maxInFlight?: number): Promise<{ most: number; answered: number }> {
  let running = 0;
  let most = 0;
  let round = gate();
  const provider = echoProvider({
    query: async (q) => {
      running += 1;
      most = Math.max(most, running);
      await round.opened;
      running -= 1;
      return [candidate(q.goal, q.goal, { score: 1 })];
    },
  });
  const lines = [HANDSHAKE, ...Array.from({ length: count }, (_, i) => query(`g${i}`, `q${i}`))];
  const readable = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const line of lines) controller.enqueue(utf8.encode(line));
      controller.close();
    },
  });
  let answered = 0;
  const writable = new WritableStream<Uint8Array>({ write: () => void answered++ });
  let done = false;
  const served = serveStream(provider, { readable, writable }, maxInFlight === undefined ? {} : { maxInFlight });
  void served.finally(() => (done = true));
  for (let rounds = 0; !done && rounds <= count; rounds++) {
    await passTurns(20);
    const ending = round;
    round = gate();
    ending.open();
  }
  await settlesWithin(served);
  return { most, answered };
}

test("with maxInFlight 2, no more than two correlated queries run at once", async () => {
  assert.deepEqual(await concurrency(5, 2), { most: 2, answered: 6 });
});

test("by default no more than 64 correlated queries run at once", async () => {
  assert.deepEqual(await concurrency(80), { most: 64, answered: 81 });
});

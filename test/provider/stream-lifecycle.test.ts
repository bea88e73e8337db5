// How a stream session ends and how much it takes on (spec §1.11, §4.4): a host closing our output while we
// wait for input ends the session; `shutdown` stops reading an input the host keeps open; no more than
// maxInFlight correlated queries run at once. Each source records whether it was cancelled.
import assert from "node:assert/strict";
import { test } from "node:test";
import { serveStream } from "../support/lib.ts";
import { within } from "../support/host/stdio.ts";
import { candidate, echoProvider } from "../support/providers.ts";

const utf8 = new TextEncoder();
const HANDSHAKE = '{"type":"handshake","protocol_version":"contextgraph/1.0"}\n';
const query = (goal: string, id: string) =>
  `${JSON.stringify({ type: "query", id, query: { goal, max_frames: 2, max_tokens: 100 } })}\n`;

/** An input that gives `lines`, then stays open (as a host keeping stdin open), recording a cancel. */
function heldInput(lines: string[]) {
  const seen = { cancelled: false };
  let next = 0;
  const readable = new ReadableStream<Uint8Array>({
    pull(controller) {
      const line = lines[next++];
      if (line !== undefined) controller.enqueue(utf8.encode(line));
      else return new Promise(() => {}); // nothing more, ever
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { readable, seen };
}

test("the host closing our output while we wait for input ends the session and stops the reading", async () => {
  const { readable, seen } = heldInput([HANDSHAKE]);
  let output!: WritableStreamDefaultController;
  const writable = new WritableStream<Uint8Array>({
    start: (controller) => void (output = controller),
    write: () => void setTimeout(() => output.error(new Error("EPIPE")), 20),
  });
  await within(serveStream(echoProvider(), { readable, writable }), 3_000, "the session");
  assert.equal(seen.cancelled, true);
});

test("shutdown stops the reading of an input the host keeps open", async () => {
  const { readable, seen } = heldInput([HANDSHAKE, '{"type":"shutdown"}\n']);
  const writable = new WritableStream<Uint8Array>();
  await within(serveStream(echoProvider(), { readable, writable }), 3_000, "the session");
  assert.equal(seen.cancelled, true);
});

/** Serves `count` correlated queries that each take 10 ms; how many ran at once at most, and how many were answered. */
async function concurrency(count: number, maxInFlight?: number): Promise<{ most: number; answered: number }> {
  let running = 0;
  let most = 0;
  const provider = echoProvider({
    query: async (q) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
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
  await serveStream(provider, { readable, writable }, maxInFlight === undefined ? {} : { maxInFlight });
  return { most, answered };
}

test("with maxInFlight 2, no more than two correlated queries run at once", async () => {
  assert.deepEqual(await concurrency(5, 2), { most: 2, answered: 6 });
});

test("by default no more than 64 correlated queries run at once", async () => {
  assert.deepEqual(await concurrency(80), { most: 64, answered: 81 });
});

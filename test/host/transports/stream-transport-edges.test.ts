// streamTransport where the bytes stop (spec §4.4): a write to an input that is gone is provider_crashed in
// words, and abort works with or without a terminate hook (which it calls once when given).
import assert from "node:assert/strict";
import { test } from "node:test";
import { gate } from "../../support/gate.ts";
import { settlesWithin } from "../../support/host/turns.ts";
import { HostError, streamTransport } from "../../support/lib.ts";

const HANDSHAKE = { type: "handshake", protocol_version: "contextgraph/1.0" } as const;

test("a write to a provider input that is gone is provider_crashed, in the host's words", async () => {
  const gone = new WritableStream<Uint8Array>({
    write: () => Promise.reject(new Error("EPIPE on the secret pipe")),
  });
  const transport = streamTransport({ readable: new ReadableStream(), writable: gone });
  await assert.rejects(
    transport.send(HANDSHAKE),
    (error) =>
      error instanceof HostError &&
      error.kind === "provider_crashed" &&
      error.message === "the provider's input is closed",
  );
});

test("abort without a terminate hook ends the streams; with one, it also calls the hook once", async () => {
  let cancelled = 0;
  const reached = gate();
  const plain = streamTransport({
    readable: new ReadableStream({ cancel: () => void (cancelled++, reached.open()) }),
    writable: new WritableStream(),
  });
  await plain.abort?.();
  await settlesWithin(reached.opened); // the cancel reaches the source through the decoder
  assert.equal(cancelled, 1);
  let terminated = 0;
  const hooked = streamTransport(
    { readable: new ReadableStream(), writable: new WritableStream() },
    { terminate: () => void terminated++ },
  );
  await hooked.abort?.();
  assert.equal(terminated, 1);
});

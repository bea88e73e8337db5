// The decoder is linear in its input and bounded in memory, whatever the line length (spec §4.4).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type DecodedItem, NdjsonDecoderStream } from "../support/lib.ts";
import { collect } from "../support/streams.ts";

const KiB = 1024;
const MiB = 1024 * KiB;
const utf8 = new TextEncoder();

/** Bytes of one valid `error` envelope line of exactly `size` bytes including its LF. */
function envelopeLine(size: number): Uint8Array {
  const head = '{"type":"error","message":"';
  const tail = '"}\n';
  return utf8.encode(head + "x".repeat(size - head.length - tail.length) + tail);
}

/** A stream of `bytes` cut into `chunkSize` views, calling `onPull` before each. */
function chunked(bytes: Uint8Array, chunkSize: number, onPull: () => void = () => {}): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      onPull();
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

async function secondsPerByte(bytes: Uint8Array): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    const items = await collect(chunked(bytes, KiB).pipeThrough(new NdjsonDecoderStream()));
    const elapsed = performance.now() - started;
    assert.equal(items.length, 1);
    assert.ok(items[0] && "envelope" in items[0]);
    best = Math.min(best, elapsed);
  }
  return best / bytes.length;
}

describe("decoder linearity and memory", () => {
  test("an 8 MiB line in 1 KiB chunks costs per byte at most ~1.5× a 1 MiB line", async () => {
    const small = await secondsPerByte(envelopeLine(1 * MiB));
    const large = await secondsPerByte(envelopeLine(8 * MiB));
    const ratio = large / small;
    assert.ok(ratio <= 1.5, `per-byte cost ratio 8 MiB / 1 MiB = ${ratio.toFixed(2)}`);
  });

  test("a 64 MiB line against a 16 MiB limit is refused without memory growing past a few times the limit, and the next line decodes", async () => {
    const limit = 16 * MiB;
    const piece = new Uint8Array(MiB).fill(0x78);
    const next = utf8.encode('\n{"type":"shutdown"}\n');
    const baseline = process.memoryUsage().arrayBuffers;
    let peak = 0;
    let sent = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        peak = Math.max(peak, process.memoryUsage().arrayBuffers - baseline);
        if (sent < 64) controller.enqueue(piece);
        else if (sent === 64) controller.enqueue(next);
        else controller.close();
        sent += 1;
      },
    });
    const items: DecodedItem[] = await collect(source.pipeThrough(new NdjsonDecoderStream({ maxLineBytes: limit })));
    assert.deepEqual(
      items.map((item) => ("envelope" in item ? item.envelope.type : item.error.code)),
      ["line_too_long", "shutdown"],
    );
    assert.ok(peak < 3 * limit, `peak growth ${(peak / MiB).toFixed(1)} MiB`);
  });

  test("a single 64 MiB chunk holding an oversized line is refused without copying it", async () => {
    const limit = 16 * MiB;
    const next = utf8.encode('\n{"type":"shutdown"}\n');
    const bytes = new Uint8Array(64 * MiB + next.length).fill(0x78);
    bytes.set(next, 64 * MiB);
    const baseline = process.memoryUsage().arrayBuffers;
    const decoder = new NdjsonDecoderStream({ maxLineBytes: limit });
    const items = await collect(chunked(bytes, bytes.length).pipeThrough(decoder));
    const growth = process.memoryUsage().arrayBuffers - baseline;
    assert.deepEqual(
      items.map((item) => ("envelope" in item ? item.envelope.type : item.error.code)),
      ["line_too_long", "shutdown"],
    );
    assert.ok(growth < limit, `growth ${(growth / MiB).toFixed(1)} MiB`);
  });
});

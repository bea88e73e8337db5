// The decoder is linear in its input and bounded in memory, whatever the line length (spec §4.4). Proved by
// counting the bytes its primitives touch (test/wire/byte-work.ts), which does not depend on the machine's load;
// generous timing guards cover what the count cannot see (JSON.parse, the readers, the repeated-member scan).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type DecodedItem, decodeLine, NdjsonDecoderStream } from "../support/lib.ts";
import { bestCpuMillis } from "../support/cpu-time.ts";
import { collect } from "../support/streams.ts";
import { countByteWork } from "./byte-work.ts";

const KiB = 1024;
const MiB = 1024 * KiB;
const utf8 = new TextEncoder();

/** Bytes of one valid `error` envelope line of exactly `size` bytes including its LF. */
function envelopeLine(size: number): Uint8Array {
  const head = '{"type":"error","message":"';
  const tail = '"}\n';
  return utf8.encode(head + "x".repeat(size - head.length - tail.length) + tail);
}

/** A stream of `bytes` cut into `chunkSize` views. */
function chunked(bytes: Uint8Array, chunkSize: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

/** What each decoded item is: the envelope type or the error code. */
function outcomes(items: DecodedItem[]): string[] {
  return items.map((item) => ("envelope" in item ? item.envelope.type : item.error.code));
}

/** The best CPU time per byte of decoding `bytes` in 1 KiB chunks (one oversized line: one error item). */
async function cpuPerByte(bytes: Uint8Array): Promise<number> {
  const ms = await bestCpuMillis(async () => {
    assert.deepEqual(outcomes(await collect(chunked(bytes, KiB).pipeThrough(new NdjsonDecoderStream()))), ["error"]);
  });
  return ms / bytes.length;
}

describe("decoder linearity and memory", () => {
  test("a 1 MiB and an 8 MiB line in 1 KiB chunks: each byte scanned and decoded once, copied and allocated at most twice", async () => {
    for (const size of [1 * MiB, 8 * MiB]) {
      const bytes = envelopeLine(size);
      const { result, work } = await countByteWork(() =>
        collect(chunked(bytes, KiB).pipeThrough(new NdjsonDecoderStream())),
      );
      assert.deepEqual(outcomes(result), ["error"]);
      // +1: the last chunk's backward look for an LF ends on the LF the forward look already found.
      assert.ok(work.scanned <= size + 1, `${size}: scanned ${work.scanned}`);
      assert.ok(work.decoded <= size, `${size}: decoded ${work.decoded}`);
      // Doubling growth: every byte copied in once, plus at most as much again when the buffer grows.
      assert.ok(work.copied <= 2 * size, `${size}: copied ${work.copied}`);
      assert.ok(work.allocated <= 2 * size, `${size}: allocated ${work.allocated}`);
    }
  });

  test("timing guard: an 8 MiB line costs per byte at most 4× a 1 MiB line, end to end", async () => {
    // A decoder quadratic anywhere (framing, JSON.parse, the readers) would make this ratio about 8. Linear, it is
    // about 1; wall-clock time was seen up to 5.3 on a 2-core machine at load 16, so this measures CPU time, which
    // other processes do not inflate. 4 is half the quadratic signature. The byte-work test above is the precise
    // proof for the framing.
    const small = await cpuPerByte(envelopeLine(1 * MiB));
    const large = await cpuPerByte(envelopeLine(8 * MiB));
    const ratio = large / small;
    assert.ok(ratio <= 4, `per-byte cost ratio 8 MiB / 1 MiB = ${ratio.toFixed(2)}`);
  });

  test("timing guard: the repeated-member scan costs per byte at most 4× as much on a line 8× longer", async () => {
    // Repeated unknown members force the member-by-member scan (spec §1.2), over nesting, escaped quotes and names
    // of every length; the line is accepted. Same margin as above: a quadratic scan would show about 8.
    const segment = (i: number) => String.raw`"x${i % 97}":[{"a":"\\\"\\"},[[${i}]]],"x":1,`;
    const line = (segments: number) =>
      `{${Array.from({ length: segments }, (_, i) => segment(i)).join("")}"type":"shutdown"}`;
    const perByte = async (text: string) =>
      (await bestCpuMillis(() => assert.equal(decodeLine(text).type, "shutdown"))) / text.length;
    const ratio = (await perByte(line(8 * 8192))) / (await perByte(line(8192)));
    assert.ok(ratio <= 4, `per-byte cost ratio = ${ratio.toFixed(2)}`);
  });

  test("a 64 MiB line against a 16 MiB limit is refused after buffering at most the limit, and the next line decodes", async () => {
    const limit = 16 * MiB;
    const piece = new Uint8Array(MiB).fill(0x78);
    const next = utf8.encode('\n{"type":"shutdown"}\n');
    let sent = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent < 64) controller.enqueue(piece);
        else if (sent === 64) controller.enqueue(next);
        else controller.close();
        sent += 1;
      },
    });
    const { result, work } = await countByteWork(() =>
      collect(source.pipeThrough(new NdjsonDecoderStream({ maxLineBytes: limit }))),
    );
    assert.deepEqual(outcomes(result), ["line_too_long", "shutdown"]);
    assert.ok(work.allocated <= 2 * limit, `allocated ${(work.allocated / MiB).toFixed(1)} MiB`);
    assert.ok(work.copied <= 2 * limit, `copied ${(work.copied / MiB).toFixed(1)} MiB`);
    assert.ok(work.decoded <= next.length, `decoded ${work.decoded} bytes`);
    assert.ok(work.scanned <= 64 * MiB + next.length + 1, `scanned ${work.scanned} bytes`);
  });

  test("a single 64 MiB chunk holding an oversized line is refused without copying, allocating or decoding it", async () => {
    const limit = 16 * MiB;
    const next = utf8.encode('\n{"type":"shutdown"}\n');
    const bytes = new Uint8Array(64 * MiB + next.length).fill(0x78);
    bytes.set(next, 64 * MiB);
    const { result, work } = await countByteWork(() =>
      collect(chunked(bytes, bytes.length).pipeThrough(new NdjsonDecoderStream({ maxLineBytes: limit }))),
    );
    assert.deepEqual(outcomes(result), ["line_too_long", "shutdown"]);
    assert.deepEqual({ copied: work.copied, allocated: work.allocated }, { copied: 0, allocated: 0 });
    assert.ok(work.decoded <= next.length, `decoded ${work.decoded} bytes`);
    assert.ok(work.scanned <= bytes.length + 1, `scanned ${work.scanned} bytes`);
  });
});

// The splitter's bookkeeping under the decoder (spec §4.4): line numbers stay right on the line-by-line path
// that invalid UTF-8 takes, and the memory a long line needed is given back once the line is complete.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { LineSplitter, type LineSink } from "../support/lib.ts";

/** What a sink was told, as `<line number>:<what>`. */
function recorder(): { sink: LineSink; seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    sink: {
      line: (text, n) => seen.push(`${n}:${JSON.stringify(text)}`),
      invalidUtf8: (n) => seen.push(`${n}:invalid_utf8`),
      oversized: (n) => seen.push(`${n}:oversized`),
    },
  };
}

test("an empty line that ends a chunk of invalid UTF-8 still counts, so the next line keeps its number", () => {
  const splitter = new LineSplitter(1024);
  const { sink, seen } = recorder();
  splitter.push(Uint8Array.of(0xff, 0x0a, 0x0a), sink);
  splitter.push(new TextEncoder().encode("x\n"), sink);
  assert.deepEqual(seen, ["1:invalid_utf8", '2:""', '3:"x"']);
});

test("after a 1 MiB line split across two chunks, 32 splitters hold well under 1 MiB each", () => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const splitters = Array.from({ length: 32 }, () => new LineSplitter(4 * 1024 * 1024));
  const part = new Uint8Array(1024 * 1024).fill(0x61);
  let lines = 0;
  const sink: LineSink = { line: () => void lines++, invalidUtf8: () => {}, oversized: () => {} };
  gc();
  const before = process.memoryUsage().arrayBuffers;
  for (const splitter of splitters) {
    splitter.push(part, sink);
    splitter.push(Uint8Array.of(0x0a), sink);
  }
  gc();
  const held = process.memoryUsage().arrayBuffers - before;
  assert.equal(lines, 32);
  // Kept buffers would be 32 MiB or more; `part` itself is 1 MiB. 8 MiB leaves room for unrelated allocations.
  assert.ok(
    held < 8 * 1024 * 1024,
    `${(held / 1024 / 1024).toFixed(1)} MiB still held by ${splitters.length} splitters`,
  );
});

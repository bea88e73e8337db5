// The decoder's line limit as a reader sees it (spec §4.4): the smallest limit, the refusal of a nonsensical
// one, and what a line_too_long error says.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type DecodedItem, NdjsonDecoderStream } from "../support/lib.ts";
import { collect, streamOf } from "../support/streams.ts";

async function decode(text: string, maxLineBytes: number): Promise<DecodedItem<string>[]> {
  return collect(streamOf([text]).pipeThrough(new NdjsonDecoderStream({ maxLineBytes, decode: (line) => line })));
}

test("a limit of one byte is a limit: one-byte lines pass, a two-byte line is line_too_long", async () => {
  const items = await decode("a\nbb\nc\n", 1);
  assert.deepEqual(
    items.map((item) => ("envelope" in item ? item.envelope : item.error.code)),
    ["a", "line_too_long", "c"],
  );
});

test("a zero or fractional limit is refused with a RangeError naming maxLineBytes", () => {
  for (const maxLineBytes of [0, 1.5, -1])
    assert.throws(
      () => new NdjsonDecoderStream({ maxLineBytes }),
      (error) => error instanceof RangeError && error.message === "maxLineBytes must be a positive integer",
      String(maxLineBytes),
    );
});

test("line_too_long names the line and the limit", async () => {
  const [, item] = await decode("ok\nmuch too long\n", 8);
  assert.ok(item && "error" in item);
  assert.equal(item.line, 2);
  assert.equal(item.error.message, "line 2 exceeds 8 bytes");
});

// Blank lines between envelopes are skipped (spec §4.4): empty ones, and ones of spaces, tabs or a lone CR;
// a line that only starts with whitespace is still a line to decode.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type DecodedItem, NdjsonDecoderStream } from "../support/lib.ts";
import { collect, streamOf } from "../support/streams.ts";

async function lines(text: string): Promise<string[]> {
  const items: DecodedItem<string>[] = await collect(
    streamOf([text]).pipeThrough(new NdjsonDecoderStream({ decode: (line) => line })),
  );
  return items.map((item) => ("envelope" in item ? item.envelope : item.error.code));
}

test("lines of spaces, of tabs and of a lone CR are skipped", async () => {
  assert.deepEqual(await lines("a\n   \n\t\t\n\r\n\r\r\nb\n"), ["a", "b"]);
});

test("a line that starts with a space but has text is decoded", async () => {
  assert.deepEqual(await lines(" a\n\tb\n"), [" a", "\tb"]);
});

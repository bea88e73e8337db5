// What a WireError says (spec §4.1): its name, a preview of at most 24 characters of the line (an ellipsis
// only when there was more), and the message for a custom decoder's own failure. Expected text is written out.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type DecodedItem, decodeLine, NdjsonDecoderStream, WireError } from "../support/lib.ts";
import { collect, streamOf } from "../support/streams.ts";

function refusal(line: string): WireError {
  try {
    decodeLine(line);
  } catch (error) {
    assert.ok(error instanceof WireError);
    return error;
  }
  assert.fail("decoded");
}

test("a WireError is named WireError", () => {
  const error = new WireError("invalid_json", "m");
  assert.equal(error.name, "WireError");
  assert.equal(String(error), "WireError: m");
});

test("a line of exactly 24 characters is quoted whole, with no ellipsis", () => {
  assert.equal(refusal("y".repeat(24)).message, `line is not JSON: "${"y".repeat(24)}"`);
});

test("a longer line is quoted to its first 24 characters, then an ellipsis", () => {
  assert.equal(refusal("x".repeat(25)).message, `line is not JSON: "${"x".repeat(24)}"…`);
});

test("a custom decoder that throws something else gives invalid_envelope naming the line number", async () => {
  const decode = (text: string) => {
    if (text === "bad") throw new TypeError("not for the message");
    return text;
  };
  const items: DecodedItem<string>[] = await collect(
    streamOf(["ok\nbad\n"]).pipeThrough(new NdjsonDecoderStream({ decode })),
  );
  const failed = items[1];
  assert.ok(failed && "error" in failed);
  assert.equal(failed.error.code, "invalid_envelope");
  assert.equal(failed.error.message, "line 2 could not be decoded");
});

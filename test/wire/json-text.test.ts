// Where strings end in JSON text (RFC 8259 §7), as the exact duplicate-member scan reads it (spec §1.2):
// an escaped quote does not end a string, an escaped backslash before a quote does.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeLine, WireError } from "../support/lib.ts";

test("an escaped quote inside a value does not end it: text that looks like a repeated member is not one", () => {
  // The unknown member x repeats, so the line takes the exact scan; the message only quotes a member.
  const line = String.raw`{"type":"error","message":"x\",\"message\":\"y","x":1,"x":2}`;
  assert.deepEqual(decodeLine(line), { type: "error", message: 'x","message":"y' });
});

test("a value ending in an escaped backslash ends at the quote after it, so a repeat after it is found", () => {
  const line = String.raw`{"type":"error","message":"a\\","message":"b"}`;
  assert.throws(
    () => decodeLine(line),
    (error) => error instanceof WireError && error.message === "envelope.message: member given twice",
  );
});

test("a value with an escaped quote in its middle ends at its own closing quote, so a repeat after it is found", () => {
  const line = String.raw`{"type":"error","message":"a\"b","x":1,"message":"c"}`;
  assert.throws(
    () => decodeLine(line),
    (error) => error instanceof WireError && error.message === "envelope.message: member given twice",
  );
});

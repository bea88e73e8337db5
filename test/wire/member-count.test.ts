// The duplicate check's fast path (spec §1.2): counting the names a line writes against the names JSON.parse
// kept. Equal counts let a line skip the exact scan, so every line without a repeat must count equal, in
// every place a name can sit, and a line with a repeat never does.
import assert from "node:assert/strict";
import { test } from "node:test";
import { repeatsNoName } from "../support/lib.ts";

const noRepeat = (text: string) => repeatsNoName(text, JSON.parse(text));

test("a line with names in nested objects, objects inside lists and lists inside lists counts equal", () => {
  const line =
    '{"type":"frames","id":"1","result":{"frames":[{"id":"a","kind":"doc"},{"id":"b"}],"x":[1,"s",null,true,[{"y":2}]]}}';
  assert.equal(noRepeat(line), true);
});

test("whitespace between a name and its colon, a colon after an escaped quote in a value, and colons inside values count right", () => {
  assert.equal(noRepeat('{"a" \t\r\n:1,"b":{"c"  :  2}}'), true);
  assert.equal(noRepeat(String.raw`{"m":"x\":1","n":"\\"}`), true);
  assert.equal(noRepeat('{"uri":"https://example.com:8443/a","t":"12:30"}'), true);
});

test("a name given twice in one object makes the counts differ, at the top and deep inside", () => {
  assert.equal(noRepeat('{"a":1,"a":2}'), false);
  assert.equal(noRepeat('{"l":[{"k":1},{"k":2,"k":3}]}'), false);
});

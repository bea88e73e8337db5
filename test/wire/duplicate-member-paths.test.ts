// duplicate_member past the first item of a list (spec §1.2): each item of a list of objects is scanned
// against the item's shape, and the path counts the items.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeLine, WireError } from "../support/lib.ts";

const FRAME = '"kind":"doc","title":"t","content":"c","score":0.5,"token_cost":1,"citation_label":"c"';

test("a member given twice in the third frame of a result is refused, naming result.frames[2]", () => {
  const line = `{"type":"frames","result":{"frames":[{"id":"a",${FRAME}},{"id":"b",${FRAME}},{"id":"c","id":"d",${FRAME}}],"truncated":false}}`;
  assert.throws(
    () => decodeLine(line),
    (error) =>
      error instanceof WireError &&
      error.code === "duplicate_member" &&
      error.message === "envelope.result.frames[2].id: member given twice",
  );
});

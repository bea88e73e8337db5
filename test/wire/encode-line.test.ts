// encodeLine's failures (spec §1.1 "Writing"): always a WireError `unencodable`, never the writer's own error.
import assert from "node:assert/strict";
import { test } from "node:test";
import { encodeLine, WireError } from "../support/lib.ts";

test("an envelope whose member cannot even be read is unencodable, and the reader's message is not repeated", () => {
  const envelope = {
    type: "handshake",
    get protocol_version(): string {
      throw new Error("secret getter text");
    },
  };
  assert.throws(
    () => encodeLine(envelope as never),
    (error) => error instanceof WireError && error.code === "unencodable" && error.message === "cannot encode envelope",
  );
});

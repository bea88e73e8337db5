// What the host refuses to send (spec §1.2, §4.1): an envelope of a type it never sends is invalid_request
// under §1.2, the envelope section, before any byte leaves; one of a known type names its own section.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type EnvelopeInit, HostError, inPageTransport } from "../../support/lib.ts";

async function refusal(envelope: unknown): Promise<HostError> {
  let asked = 0;
  const transport = inPageTransport({ handle: async () => (asked++, undefined) });
  try {
    await transport.exchange(envelope as EnvelopeInit, new AbortController().signal);
  } catch (error) {
    assert.equal(asked, 0, "nothing reached the provider");
    assert.ok(error instanceof HostError && error.kind === "invalid_request", String(error));
    return error;
  }
  assert.fail("the envelope was sent");
}

test("an envelope of a type the host never sends is refused under §1.2", async () => {
  assert.equal((await refusal({ type: "gossip" })).details.anchor, "§1.2");
});

test("a query that does not fit its shape is refused under §1.6", async () => {
  assert.equal(
    (await refusal({ type: "query", query: { goal: "g", max_frames: 1.5, max_tokens: 1 } })).details.anchor,
    "§1.6",
  );
});

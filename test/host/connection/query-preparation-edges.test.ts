// What a host does with a query before sending it (spec §1.6, E1, F4), at the edges: no embedding member at
// all when there is no embedding, none sent when neither side declares a fingerprint; a query that does
// not fit its shape is left to the encoder (the checks never see a goal that is not text); the refusal names
// every breach, in words.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type Capabilities, connect, inPageTransport, prepareQuery, type QueryInput } from "../../support/lib.ts";
import { counting, rejectsWith } from "../../support/host/adversaries.ts";
import { echoProvider } from "../../support/providers.ts";

const caps = (extra: Partial<Capabilities> = {}): Capabilities => ({
  query: { kinds: [] },
  correlation: false,
  graph: false,
  verify: false,
  resolve: false,
  ...extra,
});
const Q = { goal: "g", max_frames: 2, max_tokens: 100 };

test("without an embedding the prepared query has no embedding member, even when the fingerprints agree", () => {
  const sent = prepareQuery(Q, caps({ embeddings_fingerprint: "m/3" }), "m/3");
  assert.deepStrictEqual(sent, { goal: "g", max_frames: 2, max_tokens: 100 });
});

test("an embedding is not sent when neither the host nor the provider declares a fingerprint (E1)", () => {
  assert.equal("embedding" in prepareQuery({ ...Q, embedding: [1, 0, 0] }, caps(), undefined), false);
});

test("a goal that is not text is refused by the encoder as invalid_request, not by a check that breaks on it", async () => {
  const provider = counting(echoProvider());
  const connection = await connect(inPageTransport(provider.provider));
  const error = await rejectsWith(connection.query({ ...Q, goal: 42 } as unknown as QueryInput), "invalid_request");
  assert.match(error.message, /^refused to send: /);
  assert.equal(provider.calls("query"), 0);
  await connection.close();
});

test("a refusal names each breach with its anchor, in order", async () => {
  const connection = await connect(inPageTransport(echoProvider()));
  const error = await rejectsWith(
    connection.query({ ...Q, goal: " ", as_of: "2026-07-21 12:34:56Z" }),
    "invalid_request",
  );
  assert.match(error.message, /^refused to send: §1\.6: goal must be non-empty; F4: .+/);
  assert.equal(error.details.anchor, "§1.6");
  await connection.close();
});

// prepareQuery (E1, P5): an embedding goes only to a provider whose fingerprint is exactly this host's;
// only advertised representations are asked for. Checked on the function and on what a provider receives.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type Capabilities,
  connect,
  type Envelope,
  inPageTransport,
  prepareQuery,
  type QueryInput,
} from "../../support/lib.ts";
import { counting } from "../../support/host/adversaries.ts";
import { echoProvider } from "../../support/providers.ts";

const EMBEDDING = [0.5, -0.25, 1];
const Q = { goal: "g", max_frames: 2, max_tokens: 100, embedding: EMBEDDING };

/** Capabilities as a handshake_ack would give them, with `extra` on top. */
function caps(extra: Partial<Capabilities> = {}): Capabilities {
  return { query: { kinds: [] }, correlation: false, graph: false, verify: false, resolve: false, ...extra };
}

describe("prepareQuery: the embedding (E1)", () => {
  test("is sent when the host's fingerprint equals the provider's exactly", () => {
    const sent = prepareQuery(Q, caps({ embeddings_fingerprint: "bge-small-en-v1.5/3/l2" }), "bge-small-en-v1.5/3/l2");
    assert.deepEqual(sent.embedding, EMBEDDING);
  });

  test("is never sent to a provider with another fingerprint, however close", () => {
    for (const theirs of ["bge-small-en-v1.5/3", "BGE-small-en-v1.5/3/l2", "bge-small-en-v1.5/3/l2 ", "other/3/l2"]) {
      const sent = prepareQuery(Q, caps({ embeddings_fingerprint: theirs }), "bge-small-en-v1.5/3/l2");
      assert.equal("embedding" in sent, false, theirs);
    }
  });

  test("is never sent when either side has no fingerprint, or both have the empty one", () => {
    assert.equal("embedding" in prepareQuery(Q, caps(), "m/3"), false, "the provider declared none");
    assert.equal("embedding" in prepareQuery(Q, caps({ embeddings_fingerprint: "m/3" }), undefined), false);
    assert.equal("embedding" in prepareQuery(Q, caps({ embeddings_fingerprint: "" }), ""), false);
  });

  test("leaves everything else of the query as it was", () => {
    const sent = prepareQuery({ ...Q, query_text: "t", kinds: ["doc"], as_of: "2026-07-21T12:34:56Z" }, caps(), "m/3");
    assert.deepEqual(sent, {
      goal: "g",
      max_frames: 2,
      max_tokens: 100,
      query_text: "t",
      kinds: ["doc"],
      as_of: "2026-07-21T12:34:56Z",
    });
  });
});

describe("prepareQuery: representations (P5)", () => {
  test("only advertised representations are asked for, in the caller's order; none advertised means full", () => {
    const wanted: QueryInput = { ...Q, representation_preferences: ["reference", "compact", "full"] };
    const offered = prepareQuery(wanted, caps({ representations: ["full", "compact"] }), undefined);
    assert.deepEqual(offered.representation_preferences, ["compact", "full"]);
    assert.deepEqual(prepareQuery(wanted, caps(), undefined).representation_preferences, ["full"]);
    const none = prepareQuery({ ...Q, representation_preferences: ["reference"] }, caps(), undefined);
    assert.equal("representation_preferences" in none, false);
  });
});

describe("connect: what a provider receives (E1)", () => {
  async function received(providerFingerprint: string, hostFingerprint: string): Promise<Envelope[]> {
    const provider = counting(
      echoProvider({
        capabilities: { query: { kinds: ["doc"] }, correlation: true, embeddings_fingerprint: providerFingerprint },
      }),
    );
    const connection = await connect(inPageTransport(provider.provider), { embeddingsFingerprint: hostFingerprint });
    await connection.query(Q);
    await connection.close();
    return provider.received.filter((e) => e.type === "query");
  }

  test("a provider with another fingerprint receives the query without the embedding", async () => {
    const [query] = await received("minilm/3", "bge/3");
    assert.ok(query?.type === "query");
    assert.equal(query.query.embedding, undefined);
  });

  test("a provider with the same fingerprint receives the embedding", async () => {
    const [query] = await received("bge/3", "bge/3");
    assert.ok(query?.type === "query");
    assert.deepEqual(query.query.embedding, EMBEDDING);
  });
});

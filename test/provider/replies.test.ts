// What the dispatcher answers when it cannot serve (spec §4.13, H1, H3, F4, Q1), message by message, and that
// a provider declaring no kinds (or no query capability at all) serves a query asking for any. Also the
// `handle` a definition gets, the entry point for a binding of one's own. Expected replies are written out.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type CandidateFrame,
  createSession,
  defineProvider,
  type Envelope,
  handleEnvelope,
  type ProviderDefinition,
} from "../support/lib.ts";
import { candidate } from "../support/providers.ts";

const FRAME = candidate("a", "abcd");
const HANDSHAKE: Envelope = { type: "handshake", protocol_version: "contextgraph/1.0" };

function provider(capabilities: ProviderDefinition["capabilities"]) {
  return defineProvider({
    info: { name: "p", version: "1", data_flow: { reads: true } },
    capabilities,
    query: () => [FRAME],
  });
}

const docs = provider({ query: { kinds: ["doc", "snippet"] } });
const query = (extra: Record<string, unknown> = {}): Envelope =>
  ({ type: "query", id: "q", query: { goal: "g", max_frames: 2, max_tokens: 100, ...extra } }) as Envelope;

describe("refusals", () => {
  test("a query or a verify before the handshake: bad_request, handshake first", async () => {
    assert.deepEqual(await handleEnvelope(docs, query(), createSession()), {
      type: "error",
      id: "q",
      code: "bad_request",
      message: "handshake first",
    });
    const verify = { type: "verify", request: { frames: [] } } as unknown as Envelope;
    assert.deepEqual(await handleEnvelope(docs, verify, createSession()), {
      type: "error",
      code: "bad_request",
      message: "handshake first",
    });
  });

  test("another major version: incompatible_version, naming the one this provider speaks", async () => {
    const reply = await handleEnvelope(
      docs,
      { type: "handshake", protocol_version: "contextgraph/2.0" },
      createSession(),
    );
    assert.deepEqual(reply, {
      type: "error",
      code: "incompatible_version",
      message: "this provider speaks contextgraph/1.0",
    });
  });

  test("a malformed as_of: bad_request naming F4 and the rule", async () => {
    assert.deepEqual(await handleEnvelope(docs, query({ as_of: "yesterday" }), createSession({ handshaken: true })), {
      type: "error",
      id: "q",
      code: "bad_request",
      message: "F4: as_of must match the timestamp profile",
    });
  });

  test("kinds none of which is served: unsupported_kind, listing the kinds served", async () => {
    assert.deepEqual(await handleEnvelope(docs, query({ kinds: ["code"] }), createSession({ handshaken: true })), {
      type: "error",
      id: "q",
      code: "unsupported_kind",
      message: "this provider serves doc, snippet",
    });
  });
});

describe("a query the provider cannot answer", () => {
  const failing = (query: ProviderDefinition["query"]) =>
    defineProvider({
      info: { name: "p", version: "1", data_flow: { reads: true } },
      capabilities: {},
      query,
      timeoutMs: 50,
    });

  test("one that takes too long: unavailable, the query took too long", async () => {
    const slow = failing(() => new Promise<CandidateFrame[]>(() => {}));
    assert.deepEqual(await handleEnvelope(slow, query(), createSession({ handshaken: true })), {
      type: "error",
      id: "q",
      code: "unavailable",
      message: "the query took too long",
    });
  });

  test("one whose handler throws: internal, the provider failed to answer (the throw is not quoted)", async () => {
    const broken = failing(() => {
      throw new Error("secret detail");
    });
    assert.deepEqual(await handleEnvelope(broken, query(), createSession({ handshaken: true })), {
      type: "error",
      id: "q",
      code: "internal",
      message: "the provider failed to answer",
    });
  });
});

describe("serving any kind", () => {
  test("kinds of which one is served are served, not refused", async () => {
    const reply = await handleEnvelope(docs, query({ kinds: ["code", "doc"] }), createSession({ handshaken: true }));
    assert.equal(reply?.type, "frames");
  });

  const cases: [string, ProviderDefinition["capabilities"]][] = [
    ["an empty kinds list", { query: { kinds: [] } }],
    ["no query capability", {}],
  ];
  for (const [label, capabilities] of cases) {
    test(`a provider declaring ${label} answers a query asking for kind code with frames`, async () => {
      const reply = await handleEnvelope(
        provider(capabilities),
        query({ kinds: ["code"] }),
        createSession({ handshaken: true }),
      );
      assert.equal(reply?.type, "frames");
    });
  }
});

test("a defined provider's handle answers a handshake with its ack", async () => {
  const reply = await docs.handle(HANDSHAKE, createSession());
  assert.equal(reply?.type, "handshake_ack");
});

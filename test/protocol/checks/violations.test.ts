// What each requirement check says: the anchor, the member's path and the message of every violation,
// and the UTF-8 arithmetic of B3 at each encoding boundary (spec §2). Expected values are written out by hand.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  checkFrame,
  checkHandshakeAck,
  checkKinds,
  checkQuery,
  type HandshakeAck,
  utf8ByteLength,
  checkGoal,
} from "../../support/lib.ts";
import { contextFrame as frame } from "../../support/frame.ts";

const DIGEST = `sha256:${"0a".repeat(32)}`;

describe("utf8ByteLength at every encoding boundary", () => {
  const cases: [string, string, number][] = [
    ["U+007F, the last one-byte unit", "\u007f", 1],
    ["U+0080, the first two-byte unit", "\u0080", 2],
    ["U+07FF, the last two-byte unit", "\u07ff", 2],
    ["U+0800, the first three-byte unit", "\u0800", 3],
    ["U+10000, the first surrogate pair (D800 DC00)", "\ud800\udc00", 4],
    ["U+10FFFF, the last surrogate pair (DBFF DFFF)", "\udbff\udfff", 4],
    ["a three-byte unit before a lone low surrogate", "日\udc00", 6],
    ["a lone high surrogate before a two-byte unit", "\ud800é", 5],
    ["a lone high surrogate at the end", "a\udbff", 4],
  ];
  for (const [name, text, bytes] of cases)
    test(`${name} is ${bytes} bytes`, () => assert.equal(utf8ByteLength(text), bytes));
});

describe("each violation names its anchor, the member and what is wrong", () => {
  test("F1 for a score outside [0, 1], and none at 0 or 1", () => {
    assert.deepEqual(checkFrame(frame({ score: 2 })), [
      { anchor: "F1", message: "score must be within [0, 1]", path: "score" },
    ]);
    assert.deepEqual(checkFrame(frame({ score: 0 })), []);
    assert.deepEqual(checkFrame(frame({ score: 1 })), []);
  });

  test("F2 for a blank title and F3 for a blank citation_label", () => {
    assert.deepEqual(checkFrame(frame({ title: "", citation_label: " " })), [
      { anchor: "F2", message: "title must be non-empty", path: "title" },
      { anchor: "F3", message: "citation_label must be present and non-empty", path: "citation_label" },
    ]);
  });

  test("F4 names the timestamp member", () => {
    assert.deepEqual(checkFrame(frame({ recorded_at: "today" })), [
      { anchor: "F4", message: "recorded_at must match the timestamp profile", path: "recorded_at" },
    ]);
  });

  test("F5 names the provenance link by index, for a bad digest and for a file without one", () => {
    assert.deepEqual(
      checkFrame(
        frame({
          provenance: [
            { type: "episode", digest: "sha256:00" },
            { type: "file", uri: "file:///a" },
          ],
        }),
      ),
      [
        { anchor: "F5", message: "provenance digest must be sha256:<64 lowercase hex>", path: "provenance[0].digest" },
        { anchor: "F5", message: "file provenance must carry a digest", path: "provenance[1].digest" },
      ],
    );
  });

  test("D1 names content_digest", () => {
    assert.deepEqual(checkFrame(frame({ content_digest: "md5:00" })), [
      { anchor: "D1", message: "content_digest must be sha256:<64 lowercase hex>", path: "content_digest" },
    ]);
  });

  test("P1–P3 name the member a representation must or must not carry", () => {
    assert.deepEqual(checkFrame(frame({ canonical_content_hash: DIGEST })), [
      { anchor: "P1", message: "a full frame must not carry canonical_content_hash", path: "canonical_content_hash" },
    ]);
    assert.deepEqual(
      checkFrame(
        frame({
          representation: "reference",
          content: undefined,
          token_cost: 0,
          content_ref: { provider_id: "p", uri: "u" },
          transform: { method: "m", implementation: "i", version: "1" },
        }),
      ),
      [
        {
          anchor: "P3",
          message: "a reference frame must carry canonical_content_hash",
          path: "canonical_content_hash",
        },
        { anchor: "P3", message: "a reference frame must not carry transform", path: "transform" },
      ],
    );
  });

  test("P4 names token_cost on a reference frame that costs more than 0", () => {
    const reference = frame({
      representation: "reference",
      content: undefined,
      token_cost: 3,
      canonical_content_hash: DIGEST,
      content_ref: { provider_id: "p", uri: "u" },
    });
    assert.deepEqual(checkFrame(reference), [
      {
        anchor: "P4",
        message: "a reference frame carries no inline bytes, so its token_cost must be 0",
        path: "token_cost",
      },
    ]);
  });

  test("P5 says whether the provider did not advertise or the query did not ask", () => {
    const reference = frame({
      representation: "reference",
      content: undefined,
      token_cost: 0,
      canonical_content_hash: DIGEST,
      content_ref: { provider_id: "p", uri: "u" },
    });
    assert.deepEqual(checkFrame(reference, { offeredRepresentations: ["full"] }), [
      { anchor: "P5", message: "representation reference was not advertised by the provider", path: "representation" },
    ]);
    assert.deepEqual(checkFrame(reference, { representationPreferences: ["compact"] }), [
      {
        anchor: "P5",
        message: "representation reference was not asked for (only full is a fallback)",
        path: "representation",
      },
    ]);
  });

  test("G1 and G2 name the relation by index", () => {
    const relations = [
      { rel: "doc.documents", target_uri: "file:///a", display_name: "a" },
      { rel: "doc.documents", target_uri: "", display_name: " " },
    ];
    assert.deepEqual(checkFrame(frame({ relations })), [
      { anchor: "G1", message: "relation display_name must be non-blank", path: "relations[1].display_name" },
      { anchor: "G2", message: "relation target_uri must be non-blank", path: "relations[1].target_uri" },
    ]);
  });

  test("Q1 names the frame and the kind that was not asked for", () => {
    assert.deepEqual(checkKinds({ frames: [frame({ id: "x", kind: "vendor:thing" })] }, { kinds: ["doc"] }), [
      { anchor: "Q1", message: 'frame of kind "vendor:thing" was not asked for', path: "kind", frame: "x" },
    ]);
  });

  test("the goal check names goal", () => {
    assert.deepEqual(checkGoal({ goal: " " }), [{ anchor: "§1.6", message: "goal must be non-empty", path: "goal" }]);
  });

  const query = { goal: "g", max_frames: 1, max_tokens: 1, kinds: [], anchors: [], representation_preferences: [] };

  test("F4 on a query names as_of", () => {
    assert.deepEqual(checkQuery({ ...query, as_of: "soon" }), [
      { anchor: "F4", message: "as_of must match the timestamp profile", path: "as_of" },
    ]);
  });

  test("E1 gives both lengths and names embedding", () => {
    assert.deepEqual(checkQuery({ ...query, embedding: [0.5] }, { embeddings_fingerprint: "m/2" }), [
      { anchor: "E1", message: "embedding has 1 elements, the declared fingerprint has 2", path: "embedding" },
    ]);
  });
});

describe("each handshake violation names its anchor, the member and what is wrong", () => {
  function ack(provider: object, capabilities: object = {}, version = "contextgraph/1.0"): HandshakeAck {
    return {
      type: "handshake_ack",
      protocol_version: version,
      provider,
      capabilities: {
        query: { kinds: [] },
        correlation: false,
        graph: false,
        verify: false,
        resolve: false,
        representations: [],
        ...capabilities,
      },
    } as HandshakeAck;
  }
  const local = { reads: true, writes: false, egress: false };

  test("H1 says whether the version is malformed or of another family", () => {
    assert.deepEqual(checkHandshakeAck(ack({ name: "p", version: "1", data_flow: local }, {}, "cgp")), [
      { anchor: "H1", message: "protocol_version does not match the version grammar", path: "protocol_version" },
    ]);
    assert.deepEqual(checkHandshakeAck(ack({ name: "p", version: "1", data_flow: local }, {}, "contextgraph/3.1")), [
      { anchor: "H1", message: "protocol_version is not in the host's major family", path: "protocol_version" },
    ]);
  });

  test("H2 names provider.name and provider.version", () => {
    assert.deepEqual(checkHandshakeAck(ack({ name: "", version: " ", data_flow: local })), [
      { anchor: "H2", message: "provider.name must be non-empty", path: "provider.name" },
      { anchor: "H2", message: "provider.version must be non-empty", path: "provider.version" },
    ]);
  });

  test("C5 tells a malformed scope from an off-machine scope under egress:false, by index", () => {
    const flow = { ...local, egress_scopes: ["local-only", "nocolon", "third-party-model"] };
    assert.deepEqual(checkHandshakeAck(ack({ name: "p", version: "1", data_flow: flow })), [
      {
        anchor: "C5",
        message: "egress scope is neither a base scope nor ns:name",
        path: "provider.data_flow.egress_scopes[1]",
      },
      {
        anchor: "C5",
        message: "off-machine egress scope declared with egress:false",
        path: "provider.data_flow.egress_scopes[2]",
      },
    ]);
  });

  test("a malformed scope is C5 even with egress:true", () => {
    const flow = { ...local, egress: true, egress_scopes: [":x"] };
    assert.deepEqual(
      checkHandshakeAck(ack({ name: "p", version: "1", data_flow: flow })).map((v) => v.message),
      ["egress scope is neither a base scope nor ns:name"],
    );
  });

  test("advertising only full needs no resolve", () => {
    assert.deepEqual(
      checkHandshakeAck(ack({ name: "p", version: "1", data_flow: local }, { representations: ["full"] })),
      [],
    );
  });

  test("§6.4.1 names capabilities.representations", () => {
    assert.deepEqual(
      checkHandshakeAck(ack({ name: "p", version: "1", data_flow: local }, { representations: ["reference"] })),
      [
        {
          anchor: "§6.4.1",
          message: "advertising compact or reference requires resolve:true",
          path: "capabilities.representations",
        },
      ],
    );
  });
});

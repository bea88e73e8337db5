// Requirement checks as pure functions returning named violations (spec §2).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  budgetTokens,
  canonicalTotalCost,
  checkBudget,
  checkFrame,
  checkHandshakeAck,
  checkKinds,
  checkQuery,
  checkTokenCost,
  type ContextFrame,
  decodeLine,
  dishonestCostFrameIds,
  type HandshakeAck,
  respectsBudget,
  respectsFrameLimit,
  totalDeclaredCost,
  utf8ByteLength,
  checkFrameLimit,
  checkTokenLimit,
} from "../support/lib.ts";
import { contextFrame as frame } from "../support/frame.ts";

const DIGEST = `sha256:${"0a".repeat(32)}`;

const anchors = (violations: { anchor: string }[]) => violations.map((v) => v.anchor);

describe("budgetTokens (B3): ceil(UTF-8 bytes / 4)", () => {
  const cases: [string | undefined, number][] = [
    [undefined, 0],
    ["", 0],
    ["a", 1],
    ["abcd", 1],
    ["abcde", 2],
    ["é", 1],
    ["ééé", 2],
    ["日本", 2],
    ["🦀", 1],
    ["🦀a", 2],
    ["\ud800", 1],
  ];
  for (const [content, tokens] of cases)
    test(`${JSON.stringify(content)} costs ${tokens}`, () => assert.equal(budgetTokens(content), tokens));

  test("utf8ByteLength agrees with TextEncoder on mixed text", () => {
    const text = "café — 日本 — 🦀 — \ud800 lone — ascii";
    assert.equal(utf8ByteLength(text), new TextEncoder().encode(text).length);
  });
});

describe("checkFrame: frame validity", () => {
  test("a well-formed full frame has no violations", () => assert.deepEqual(checkFrame(frame()), []));

  const cases: [string, Partial<ContextFrame>, string[]][] = [
    ["score above 1", { score: 1.5 }, ["F1"]],
    ["negative score", { score: -0.1 }, ["F1"]],
    ["blank title", { title: "  " }, ["F2"]],
    ["missing citation_label", { citation_label: undefined }, ["F3"]],
    ["a lowercase-z timestamp", { valid_from: "2026-01-01T00:00:00z" }, ["F4"]],
    ["three bad timestamps", { valid_from: "x", valid_to: "y", recorded_at: "z" }, ["F4", "F4", "F4"]],
    ["file provenance without digest", { provenance: [{ type: "file", uri: "file:///a" }] }, ["F5"]],
    [
      "file provenance with an uppercase digest",
      { provenance: [{ type: "file", digest: DIGEST.toUpperCase() }] },
      ["F5"],
    ],
    ["a short content_digest", { content_digest: "sha256:9f2c3e7a1b" }, ["D1"]],
    [
      "full with transform and content_ref",
      { transform: { method: "m", implementation: "i", version: "1" }, content_ref: { provider_id: "p", uri: "u" } },
      ["P1", "P1"],
    ],
    ["full without content", { content: undefined, token_cost: 0 }, ["P1"]],
    ["compact missing four members", { representation: "compact" }, ["P2", "P2", "P2", "P2"]],
    [
      "reference with content",
      { representation: "reference", canonical_content_hash: DIGEST, content_ref: { provider_id: "p", uri: "u" } },
      ["P3", "P4"],
    ],
    [
      "a blank relation display_name and target",
      { relations: [{ rel: "doc.documents", target_uri: " ", display_name: "" }] },
      ["G1", "G2"],
    ],
    ["a relation without display_name", { relations: [{ rel: "doc.documents", target_uri: "file:///b" }] }, ["G1"]],
  ];
  for (const [name, extra, expected] of cases) {
    test(`${name} → ${expected.join(", ")}`, () => assert.deepEqual(anchors(checkFrame(frame(extra))), expected));
  }

  test("derivation and episode links need no digest", () => {
    assert.deepEqual(
      checkFrame(
        frame({
          provenance: [
            { type: "derivation", method: "summary" },
            { type: "episode", uri: "episode://1" },
          ],
        }),
      ),
      [],
    );
  });

  test("violations carry a path and never the content", () => {
    const [violation] = checkFrame(frame({ content: "secret words", content_digest: "bad" }));
    assert.equal(violation?.path, "content_digest");
    assert.ok(!JSON.stringify(violation).includes("secret"));
  });

  test("P5: a representation the provider did not advertise, or the query did not ask for", () => {
    const compact = frame({
      representation: "compact",
      content_digest: DIGEST,
      canonical_content_hash: DIGEST,
      transform: { method: "m", implementation: "i", version: "1" },
      content_ref: { provider_id: "p", uri: "u" },
    });
    assert.deepEqual(checkFrame(compact), []);
    assert.deepEqual(anchors(checkFrame(compact, { offeredRepresentations: [] })), ["P5"]);
    assert.deepEqual(
      anchors(
        checkFrame(compact, { offeredRepresentations: ["full", "compact"], representationPreferences: ["full"] }),
      ),
      ["P5"],
    );
    assert.deepEqual(
      checkFrame(compact, {
        offeredRepresentations: ["full", "compact"],
        representationPreferences: ["compact", "full"],
      }),
      [],
    );
    assert.deepEqual(checkFrame(frame(), { offeredRepresentations: [], representationPreferences: ["compact"] }), []);
  });
});

describe("budget checks (B1, B3, B4)", () => {
  const result = {
    frames: [frame({ id: "a", content: "abcdefgh", token_cost: 2 }), frame({ id: "b", content: "abc", token_cost: 5 })],
  };

  test("result utilities", () => {
    assert.equal(totalDeclaredCost(result), 7);
    assert.equal(canonicalTotalCost(result), 3);
    assert.ok(respectsBudget(result, 7));
    assert.ok(!respectsBudget(result, 6));
    assert.ok(respectsFrameLimit(result, 2));
    assert.ok(!respectsFrameLimit(result, 1));
    assert.deepEqual(dishonestCostFrameIds(result), ["b"]);
  });

  test("checkTokenCost names the dishonest frame", () => {
    assert.deepEqual(checkTokenCost(result.frames[1] as ContextFrame), [
      { anchor: "B3", message: "token_cost is 5, canonical cost is 1", path: "token_cost", frame: "b" },
    ]);
  });

  test("checkBudget reports B1, B4 and every B3", () => {
    assert.deepEqual(anchors(checkBudget(result, { max_frames: 1, max_tokens: 6 })), ["B1", "B4", "B3"]);
    assert.deepEqual(anchors(checkBudget(result, { max_frames: 2, max_tokens: 7 })), ["B3"]);
  });

  test("checkTokenLimit passes a result declaring exactly max_tokens and names one token over (B1)", () => {
    assert.deepEqual(checkTokenLimit(result, 7), []);
    assert.deepEqual(checkTokenLimit(result, 6), [{ anchor: "B1", message: "declared cost 7 exceeds max_tokens 6" }]);
  });

  test("checkFrameLimit passes exactly max_frames frames and names one frame over (B4)", () => {
    assert.deepEqual(checkFrameLimit(result, 2), []);
    assert.deepEqual(checkFrameLimit(result, 1), [{ anchor: "B4", message: "2 frames exceed max_frames 1" }]);
  });
});

describe("checkKinds (Q1)", () => {
  const result = { frames: [frame({ id: "a", kind: "doc" }), frame({ id: "b", kind: "vendor:thing" })] };
  test("empty kinds means any", () => assert.deepEqual(checkKinds(result, { kinds: [] }), []));
  test("a frame of another kind is named", () => {
    const violations = checkKinds(result, { kinds: ["doc"] });
    assert.deepEqual(anchors(violations), ["Q1"]);
    assert.equal(violations[0]?.frame, "b");
  });
});

describe("checkQuery (F4, E1)", () => {
  const query = { goal: "g", max_frames: 1, max_tokens: 1, kinds: [], anchors: [], representation_preferences: [] };
  test("a bad as_of is F4", () => assert.deepEqual(anchors(checkQuery({ ...query, as_of: "yesterday" })), ["F4"]));
  test("an embedding of the wrong length is E1 when a fingerprint is declared", () => {
    assert.deepEqual(anchors(checkQuery({ ...query, embedding: [0.1, 0.2] }, { embeddings_fingerprint: "m/3/l2" })), [
      "E1",
    ]);
    assert.deepEqual(checkQuery({ ...query, embedding: [0.1, 0.2, 0.3] }, { embeddings_fingerprint: "m/3/l2" }), []);
    assert.deepEqual(checkQuery({ ...query, embedding: [0.1] }), []);
  });
});

describe("checkHandshakeAck (H1, H2, C5, representations ⇒ resolve)", () => {
  function ack(provider: object, capabilities: object = {}, version = "contextgraph/1.0"): HandshakeAck {
    const envelope = decodeLine(
      JSON.stringify({ type: "handshake_ack", protocol_version: version, provider, capabilities }),
    );
    assert.ok(envelope.type === "handshake_ack");
    return envelope;
  }
  const local = { reads: true, writes: false, egress: false };

  test("a consistent ack has no violations", () => {
    assert.deepEqual(
      checkHandshakeAck(ack({ name: "p", version: "1", data_flow: { ...local, egress_scopes: ["local-only"] } })),
      [],
    );
    assert.deepEqual(
      checkHandshakeAck(ack({ name: "p", version: "1", data_flow: local }, {}, "contextgraph/1.0-draft")),
      [],
    );
  });
  test("another family or a malformed version is H1", () => {
    assert.deepEqual(
      anchors(checkHandshakeAck(ack({ name: "p", version: "1", data_flow: local }, {}, "contextgraph/2.0"))),
      ["H1"],
    );
    assert.deepEqual(
      anchors(checkHandshakeAck(ack({ name: "p", version: "1", data_flow: local }, {}, "contextgraph/1"))),
      ["H1"],
    );
  });
  test("a blank name or version is H2", () => {
    assert.deepEqual(anchors(checkHandshakeAck(ack({ name: " ", version: "", data_flow: local }))), ["H2", "H2"]);
  });
  test("an off-machine scope with egress:false, and a malformed scope, are C5", () => {
    const violations = checkHandshakeAck(
      ack({ name: "p", version: "1", data_flow: { ...local, egress_scopes: ["third-party-model", "nocolon"] } }),
    );
    assert.deepEqual(anchors(violations), ["C5", "C5"]);
    assert.deepEqual(
      checkHandshakeAck(
        ack({ name: "p", version: "1", data_flow: { ...local, egress: true, egress_scopes: ["third-party-model"] } }),
      ),
      [],
    );
  });
  test("advertising compact without resolve is flagged", () => {
    const violations = checkHandshakeAck(
      ack({ name: "p", version: "1", data_flow: local }, { representations: ["full", "compact"] }),
    );
    assert.deepEqual(anchors(violations), ["§6.4.1"]);
    assert.deepEqual(
      checkHandshakeAck(
        ack({ name: "p", version: "1", data_flow: local }, { representations: ["full", "compact"], resolve: true }),
      ),
      [],
    );
  });
});

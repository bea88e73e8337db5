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
} from "../support/lib.ts";
import { checkFrameLimit, checkTokenLimit } from "../../src/protocol/checks/budget.ts";
import { checkGoal } from "../../src/protocol/checks/goal.ts";

const DIGEST = `sha256:${"0a".repeat(32)}`;

function frame(extra: Partial<ContextFrame> = {}): ContextFrame {
  return {
    id: "f",
    kind: "doc",
    title: "Title",
    content: "abcd",
    score: 0.5,
    token_cost: 1,
    citation_label: "label",
    ...extra,
  };
}

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
      capabilities: { correlation: false, resolve: false, representations: [], ...capabilities },
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

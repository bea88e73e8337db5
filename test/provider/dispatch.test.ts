// The provider dispatcher: one envelope in, at most one out (spec §2, §4.13, §5.5).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import {
  type CandidateFrame,
  createSession,
  defineProvider,
  handleEnvelope,
  handleLine,
  type ProviderDefinition,
  signerFromSeed,
  verifyResultAttestations,
} from "../support/lib.ts";
import { exchange } from "../support/providers.ts";

const frame = (id: string, content: string, extra: Partial<CandidateFrame> = {}): CandidateFrame => ({
  id,
  kind: "doc",
  title: id,
  content,
  score: 0.5,
  citation_label: id,
  ...extra,
});

const CANDIDATES = [
  frame("a", "alpha alpha alpha"),
  frame("b", "béta — 日本"),
  frame("s", "snippet text", { kind: "snippet" }),
  frame("old", "expired", { valid_from: "2020-01-01T00:00:00Z", valid_to: "2021-01-01T00:00:00Z" }),
  frame("c", "c".repeat(400)),
];

function docs(extra: Partial<ProviderDefinition> = {}) {
  return defineProvider({
    info: { name: "docs", version: "1.0.0", data_flow: { reads: true } },
    capabilities: {
      query: { kinds: ["doc", "snippet"] },
      correlation: true,
      verify: true,
      embeddings_fingerprint: "m/3/l2",
    },
    query: () => CANDIDATES,
    verify: (id) => (id === "a" ? { digest: `sha256:${"aa".repeat(32)}` } : id === "deleted" ? "gone" : undefined),
    ...extra,
  });
}

const HANDSHAKE = '{"type":"handshake","protocol_version":"contextgraph/1.0"}';
const query = (body: Record<string, unknown>, id?: string) =>
  JSON.stringify({
    type: "query",
    ...(id ? { id } : {}),
    query: { goal: "g", max_frames: 8, max_tokens: 4096, ...body },
  });

describe("handshake", () => {
  test("acks with our version, the provider and capabilities (H1, H2)", async () => {
    const [ack] = await exchange(docs(), [HANDSHAKE]);
    assert.ok(ack?.type === "handshake_ack");
    assert.equal(ack.protocol_version, "contextgraph/1.0");
    assert.equal(ack.provider.name, "docs");
    assert.equal(ack.capabilities.correlation, true);
    assert.equal(ack.attester_keys, undefined);
  });

  test("a draft host of the same family is acked; another family gets incompatible_version (H3)", async () => {
    const [draft, other] = await exchange(docs(), [
      '{"type":"handshake","protocol_version":"contextgraph/1.0-draft"}',
      '{"type":"handshake","protocol_version":"contextgraph/2.0"}',
    ]);
    assert.equal(draft?.type, "handshake_ack");
    assert.ok(other?.type === "error" && other.code === "incompatible_version");
  });

  test("publishes the signer's key (attester_keys)", async () => {
    const signer = await signerFromSeed("3c".repeat(32), { keyId: "docs-1", attesterId: "docs" });
    const [ack] = await exchange(docs({ signer }), [HANDSHAKE]);
    assert.ok(ack?.type === "handshake_ack");
    assert.deepEqual(ack.attester_keys, [signer.attesterKey]);
  });
});

describe("query", () => {
  test("before the handshake is refused with bad_request, echoing the id", async () => {
    const [reply] = await exchange(docs(), [query({}, "q1")]);
    assert.ok(reply?.type === "error" && reply.code === "bad_request" && reply.id === "q1");
  });

  test("echoes the id (H4) and stamps exact token_cost and content_digest (B3, D1)", async () => {
    const [, reply] = await exchange(docs(), [HANDSHAKE, query({}, "q7")]);
    assert.ok(reply?.type === "frames");
    assert.equal(reply.id, "q7");
    // Costs by hand, ceil(UTF-8 bytes / 4): a 17 → 5, b 16 (é 2, — 3, 日本 6) → 4, s 12 → 3, old 7 → 2, c 400 → 100.
    // Digests by node:crypto over the same UTF-8 bytes, not by the library.
    const sha256 = (text: string) => `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
    assert.deepEqual(
      reply.result.frames.map((f) => [f.id, f.token_cost, f.content_digest]),
      [
        ["a", 5, sha256("alpha alpha alpha")],
        ["b", 4, sha256("béta — 日本")],
        ["s", 3, sha256("snippet text")],
        ["old", 2, sha256("expired")],
        ["c", 100, sha256("c".repeat(400))],
      ],
    );
  });

  test("packs into max_tokens and max_frames, best first, with honest truncated and dropped_estimate (B1, B4)", async () => {
    // Costs by hand: a = 17 bytes → 5, b = 16 bytes (é 2, — 3, 日本 6) → 4, s = 12 → 3, old = 7 → 2, c = 400 → 100.
    const [, tight] = await exchange(docs(), [HANDSHAKE, query({ max_tokens: 8, max_frames: 8 })]);
    assert.ok(tight?.type === "frames");
    assert.deepEqual(
      tight.result.frames.map((f) => [f.id, f.token_cost]),
      [
        ["a", 5],
        ["s", 3],
      ],
    );
    assert.equal(tight.result.truncated, true);
    assert.equal(tight.result.dropped_estimate, 3);
    const [, few] = await exchange(docs(), [HANDSHAKE, query({ max_frames: 1 })]);
    assert.ok(few?.type === "frames");
    assert.deepEqual(
      few.result.frames.map((f) => f.id),
      ["a"],
    );
    assert.equal(few.result.dropped_estimate, 4);
    const [, all] = await exchange(docs(), [HANDSHAKE, query({})]);
    assert.ok(all?.type === "frames");
    assert.equal(all.result.truncated, false);
    assert.equal(all.result.dropped_estimate, undefined);
  });

  test("filters kinds (Q1) and answers unsupported_kind when none is served", async () => {
    const [, snippets, images] = await exchange(docs(), [
      HANDSHAKE,
      query({ kinds: ["snippet"] }),
      query({ kinds: ["image"] }, "q2"),
    ]);
    assert.ok(snippets?.type === "frames");
    assert.deepEqual(
      snippets.result.frames.map((f) => f.id),
      ["s"],
    );
    assert.ok(images?.type === "error" && images.code === "unsupported_kind" && images.id === "q2");
  });

  test("honours as_of: valid_from ≤ as_of < valid_to (Q2)", async () => {
    const [, then, now] = await exchange(docs(), [
      HANDSHAKE,
      query({ as_of: "2020-06-01T00:00:00Z" }),
      query({ as_of: "2026-06-01T00:00:00Z" }),
    ]);
    assert.ok(then?.type === "frames" && now?.type === "frames");
    assert.ok(then.result.frames.some((f) => f.id === "old"));
    assert.ok(!now.result.frames.some((f) => f.id === "old"));
  });

  test("refuses a malformed as_of and a wrong-length embedding with bad_request (F4, E1)", async () => {
    const [, badTime, badVector] = await exchange(docs(), [
      HANDSHAKE,
      query({ as_of: "yesterday" }, "q1"),
      query({ embedding: [0.1, 0.2] }, "q2"),
    ]);
    assert.ok(badTime?.type === "error" && badTime.code === "bad_request" && badTime.id === "q1");
    assert.ok(badVector?.type === "error" && badVector.code === "bad_request" && badVector.id === "q2");
  });

  test("signs exactly what it returns when a signer is set, verifiable under the published key", async () => {
    const signer = await signerFromSeed("3c".repeat(32), { keyId: "docs-1", attesterId: "docs" });
    const [ack, reply] = await exchange(docs({ signer }), [HANDSHAKE, query({ max_tokens: 8 })]);
    assert.ok(ack?.type === "handshake_ack" && reply?.type === "frames");
    const report = await verifyResultAttestations(reply.result, ack.provider.name, ack.attester_keys ?? []);
    assert.equal(report.result.state, "attested");
    assert.equal(report.frames.length, 2);
    for (const state of report.frames) assert.ok(state.state === "attested" && state.coversContent);
  });

  test("a handler that throws is internal, with the id, and the message does not leak what it threw", async () => {
    const provider = docs({
      query: () => {
        throw new Error("db password is hunter2");
      },
    });
    const [, reply] = await exchange(provider, [HANDSHAKE, query({}, "q9")]);
    assert.ok(reply?.type === "error" && reply.code === "internal" && reply.id === "q9");
    assert.ok(!reply.message.includes("hunter2"));
  });

  test("a handler over its time limit is unavailable, and its signal is aborted", async () => {
    let aborted = false;
    const provider = docs({
      timeoutMs: 50,
      query: (_, { signal }) =>
        new Promise((resolve) => {
          signal.addEventListener("abort", () => {
            aborted = true;
            resolve([]);
          });
        }),
    });
    const [, reply] = await exchange(provider, [HANDSHAKE, query({}, "q3")]);
    assert.ok(reply?.type === "error" && reply.code === "unavailable" && reply.id === "q3");
    assert.ok(aborted);
  });

  test("a handler returning a malformed frame is reported as internal, not crashed on", async () => {
    const provider = docs({ query: () => [frame("x", "y", { score: Number.NaN })] });
    const [, reply] = await exchange(provider, [HANDSHAKE, query({}, "q4")]);
    assert.ok(reply?.type === "error" && reply.code === "internal" && reply.id === "q4");
  });
});

describe("verify (V1–V4, spec §5.5)", () => {
  const identity = (frame_id: string, content_digest?: string) => ({
    provider_id: "provider-under-test",
    frame_id,
    ...(content_digest ? { content_digest } : {}),
  });
  const A = `sha256:${"aa".repeat(32)}`;

  test("valid on an equal digest, stale with the replacement on any other, gone, unknown; identities echoed verbatim", async () => {
    const request = [
      identity("a", A),
      identity("a", "sha256:garbage-contextgraph-conformance-mutated"),
      identity("deleted", A),
      identity("never", A),
      identity("a"),
    ];
    const [, reply] = await exchange(docs(), [
      HANDSHAKE,
      JSON.stringify({ type: "verify", request: { frames: request } }),
    ]);
    assert.ok(reply?.type === "verified");
    assert.deepEqual(
      reply.response.verdicts.map((v) => [v.frame, v.status, v.replacement_digest]),
      [
        [request[0], "valid", undefined],
        [request[1], "stale", A],
        [request[2], "gone", undefined],
        [request[3], "unknown", undefined],
        [request[4], "unknown", undefined],
      ],
    );
  });

  test("a verify handler that throws is internal, the message does not leak what it threw, and the session goes on", async () => {
    const provider = docs({
      verify: () => {
        throw new Error("db password is hunter2");
      },
    });
    const [, reply, ack] = await exchange(provider, [
      HANDSHAKE,
      JSON.stringify({ type: "verify", request: { frames: [identity("a", A)] } }),
      HANDSHAKE,
    ]);
    assert.ok(reply?.type === "error" && reply.code === "internal", JSON.stringify(reply));
    assert.ok(!reply.message.includes("hunter2"));
    assert.equal(ack?.type, "handshake_ack");
  });

  test("without a verify handler every identity is unknown", async () => {
    const [, reply] = await exchange(docs({ verify: undefined }), [
      HANDSHAKE,
      JSON.stringify({ type: "verify", request: { frames: [identity("a", A)] } }),
    ]);
    assert.ok(reply?.type === "verified" && reply.response.verdicts[0]?.status === "unknown");
  });
});

describe("robustness (R1, R2, U1)", () => {
  test("a garbage line gets bad_request without id, and the session goes on", async () => {
    const [garbage, ack] = await exchange(docs(), ["{not json", HANDSHAKE]);
    assert.ok(garbage?.type === "error" && garbage.code === "bad_request" && garbage.id === undefined);
    assert.equal(ack?.type, "handshake_ack");
  });

  test("a malformed request with an id gets bad_request echoing it", async () => {
    const [, reply] = await exchange(docs(), [HANDSHAKE, '{"type":"query","id":"q5","query":{"goal":"g"}}']);
    assert.ok(reply?.type === "error" && reply.code === "bad_request" && reply.id === "q5");
  });

  test("an unknown type is bad_request for a request and ignored as a notification", async () => {
    const [request, notification] = await exchange(docs(), ['{"type":"subscribe","id":"q6"}', '{"type":"subscribe"}']);
    assert.ok(request?.type === "error" && request.code === "bad_request" && request.id === "q6");
    assert.equal(notification, undefined);
  });

  test("envelopes only a provider sends are ignored; shutdown gets no reply and closes the session", async () => {
    const provider = docs();
    const session = createSession({ handshaken: true });
    for (const line of [
      '{"type":"frames","result":{"frames":[],"truncated":false}}',
      '{"type":"error","message":"m"}',
      '{"type":"verified","response":{"verdicts":[]}}',
    ]) {
      assert.equal(await handleLine(provider, line, session), undefined);
    }
    assert.equal(await handleEnvelope(provider, { type: "shutdown" }, session), undefined);
    assert.equal(session.closed, true);
  });
});

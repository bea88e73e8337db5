// The real Worker (worker/index.ts) in workerd through Miniflare: the docs provider over the HTTP
// binding (spec §1.1, §4.13, §5.5). The bundle is built by esbuild from a fresh corpus of README.md +
// docs/; every cost, digest and key is recomputed here independently (Buffer, node:crypto, the files).
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Miniflare } from "miniflare";
import {
  type AttesterKey,
  checkBudget,
  checkFrame,
  checkHandshakeAck,
  checkTokenCost,
  type ContextFrame,
  type ContextQueryResult,
  decodeLine,
  type HandshakeAck,
  verifyResultAttestations,
} from "../support/lib.ts";
import { bundleWorker, type WorkerBundle } from "../support/worker/bundle.ts";
import {
  addressedBytes,
  ENDPOINT,
  type Exchange,
  expectedCost,
  post,
  publicKeyOfSeed,
  sha256Digest,
  startWorker,
} from "../support/worker/http.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

const SEED = createHash("sha256").update("frameline worker test seed").digest("hex");
const ALLOWED_ORIGIN = "https://play.example";
const PROTOCOL = "contextgraph/1.0";
const BIG = { max_frames: 1000, max_tokens: 1_000_000 };

/** The document URIs the default corpus is built from, listed from disk: README.md and docs/*.md. */
const DOCUMENT_URIS = [
  "file:///README.md",
  ...readdirSync(join(PROJECT_ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `file:///docs/${name}`),
];

type Query = Record<string, unknown> & { max_frames: number; max_tokens: number };

function queryEnvelope(query: Query, id?: string): Record<string, unknown> {
  return { type: "query", ...(id === undefined ? {} : { id }), query: { goal: "explain frameline", ...query } };
}

/** Decodes an answer body with the library's own decoder (a shape check), returning the envelope. */
function envelopeOf(exchange: Exchange) {
  return decodeLine(exchange.text);
}

/** POSTs a query that must be answered with `frames` echoing `id`; returns the raw result as sent. */
async function frames(mf: Miniflare, query: Query, id = "q"): Promise<ContextQueryResult> {
  const answer = await post(mf, queryEnvelope(query, id));
  assert.equal(answer.status, 200, answer.text);
  assert.match(answer.headers.get("content-type") ?? "", /^application\/json/);
  const envelope = envelopeOf(answer);
  assert.equal(envelope.type, "frames", answer.text);
  assert.equal(answer.json.id, id);
  return answer.json.result as ContextQueryResult;
}

/** POSTs a query that must be answered with a coded `error`; returns the raw envelope. */
async function queryError(
  mf: Miniflare,
  query: Query,
  id?: string,
): Promise<{ status: number; error: { id?: string; code?: string; message: string } }> {
  const answer = await post(mf, queryEnvelope(query, id));
  assert.equal(envelopeOf(answer).type, "error", answer.text);
  return { status: answer.status, error: answer.json };
}

async function handshake(mf: Miniflare, version = PROTOCOL): Promise<Exchange> {
  return post(mf, { type: "handshake", protocol_version: version });
}

/**
 * One served frame, checked against the spec checks and against the disk: B3 cost by
 * Buffer.byteLength, D1 digest by node:crypto, and every `file` link's digest over the bytes its
 * uri + range name in the real file (F5), which must also be exactly the frame's content.
 */
function assertSoundFrame(frame: ContextFrame): void {
  assert.deepEqual(checkFrame(frame), [], `checkFrame(${frame.id})`);
  assert.deepEqual(checkTokenCost(frame), [], `checkTokenCost(${frame.id})`);
  assert.equal(typeof frame.content, "string", frame.id);
  const content = frame.content!;
  assert.equal(frame.token_cost, Math.ceil(Buffer.byteLength(content, "utf8") / 4), `token_cost of ${frame.id}`);
  assert.equal(frame.content_digest, sha256Digest(content), `content_digest of ${frame.id}`);
  assert.ok(["doc", "snippet"].includes(frame.kind), frame.kind);
  assert.ok(frame.uri !== undefined && DOCUMENT_URIS.includes(frame.uri), `uri ${frame.uri}`);
  assert.equal(frame.valid_from, undefined);
  assert.equal(frame.valid_to, undefined);
  const fileLinks = (frame.provenance ?? []).filter((link) => link.type === "file");
  assert.ok(fileLinks.length > 0, `${frame.id} has a file provenance link`);
  for (const link of fileLinks) {
    assert.ok(link.uri !== undefined && link.range !== undefined, `${frame.id}: file link names a uri and a range`);
    const bytes = addressedBytes(PROJECT_ROOT, link.uri, link.range);
    assert.equal(link.digest, sha256Digest(bytes), `${frame.id}: digest of ${link.uri} ${link.range} on disk`);
    assert.ok(bytes.equals(Buffer.from(content, "utf8")), `${frame.id}: content is exactly ${link.uri} ${link.range}`);
  }
}

/** B1, B3, B4 for one result against its query, with the sums done here. */
function assertWithinBudget(result: ContextQueryResult, query: Query): void {
  const declared = result.frames.reduce((sum, frame) => sum + frame.token_cost, 0);
  const recomputed = result.frames.reduce((sum, frame) => sum + expectedCost(frame.content), 0);
  assert.equal(declared, recomputed, "declared costs are the canonical ones");
  assert.ok(declared <= query.max_tokens, `Σ token_cost ${declared} ≤ max_tokens ${query.max_tokens}`);
  assert.ok(
    result.frames.length <= query.max_frames,
    `${result.frames.length} frames ≤ max_frames ${query.max_frames}`,
  );
  assert.equal(typeof result.truncated, "boolean", "truncated is always sent");
  assert.deepEqual(checkBudget(result, query), []);
}

/** Whether a frame is anchored by `anchor` (G4): its uri, or a relation's target. */
function anchoredBy(frame: ContextFrame, anchor: string): boolean {
  return frame.uri === anchor || (frame.relations ?? []).some((relation) => relation.target_uri === anchor);
}

/** Every frame attested (content-binding) and the result root attested, under the handshake's key. */
async function assertFullyAttested(
  result: ContextQueryResult,
  providerName: string,
  keys: readonly AttesterKey[],
): Promise<void> {
  const report = await verifyResultAttestations(result, providerName, keys);
  assert.equal(report.result.state, "attested", JSON.stringify(report.result));
  assert.equal(report.frames.length, result.frames.length);
  report.frames.forEach((state, i) => {
    assert.ok(
      state.state === "attested" && state.coversContent,
      `frame ${result.frames[i]!.id}: ${JSON.stringify(state)}`,
    );
    assert.equal(state.keyId, keys[0]!.key_id);
  });
  assert.equal(report.orphans, 0);
  assert.equal(
    result.frame_attestations?.length ?? 0,
    result.frames.length,
    "one frame attestation per frame (omitted when none)",
  );
  assert.equal(result.result_attestation?.key_id, keys[0]!.key_id);
  assert.equal(result.result_attestation?.attester_id, "docs");
}

let bundle: WorkerBundle;

describe("the Worker in workerd", () => {
  before(async () => {
    bundle = await bundleWorker();
  });
  after(async () => {
    await bundle?.cleanup();
  });

  describe("signed, with CORS for one origin", () => {
    let mf: Miniflare;
    let ack: HandshakeAck;

    before(async () => {
      mf = await startWorker(bundle, { ATTESTATION_SEED: SEED, ALLOWED_ORIGINS: ALLOWED_ORIGIN });
      const answer = await handshake(mf);
      assert.equal(answer.status, 200, answer.text);
      const envelope = envelopeOf(answer);
      assert.equal(envelope.type, "handshake_ack", answer.text);
      ack = envelope as HandshakeAck;
    });
    after(async () => {
      await mf?.dispose();
    });

    test("handshake: ack in contextgraph/1.0 with the docs capabilities and the seed's public key", async () => {
      assert.equal(ack.protocol_version, PROTOCOL);
      assert.deepEqual(checkHandshakeAck(ack), []);
      assert.equal(ack.provider.name, "docs");
      assert.deepEqual(ack.provider.data_flow, {
        reads: true,
        writes: false,
        egress: false,
        egress_scopes: ["local-only"],
      });
      assert.deepEqual(ack.capabilities.query.kinds, ["doc", "snippet"]);
      assert.equal(ack.capabilities.correlation, true);
      assert.equal(ack.capabilities.verify, true);
      const publicKey = publicKeyOfSeed(SEED);
      assert.deepEqual(ack.attester_keys, [
        { key_id: `docs-${publicKey.slice(0, 8)}`, algorithm: "ed25519", public_key: publicKey },
      ]);

      const description = await mf.dispatchFetch(ENDPOINT);
      assert.equal(description.status, 200);
      assert.deepEqual(await description.json(), {
        name: "docs",
        version: ack.provider.version,
        protocol: PROTOCOL,
        endpoint: "/contextgraph",
        signed: true,
        attester_keys: ack.attester_keys,
      });
    });

    test("handshake: another major family is incompatible_version, the same family with another minor is acked", async () => {
      for (const version of ["contextgraph/2.0", "contextgraph/0.9", "othergraph/1.0"]) {
        const answer = await handshake(mf, version);
        assert.equal(answer.status, 200, answer.text);
        assert.equal(envelopeOf(answer).type, "error");
        assert.equal(answer.json.code, "incompatible_version", version);
        assert.match(answer.json.message, /contextgraph\/1\.0/);
      }
      const minor = await handshake(mf, "contextgraph/1.7-draft");
      assert.equal(envelopeOf(minor).type, "handshake_ack", minor.text);
    });

    test("the whole corpus (every document anchored): every frame sound, its bytes re-read from disk", async () => {
      const query = { query_text: "frameline", anchors: DOCUMENT_URIS, ...BIG };
      const result = await frames(mf, query);
      assertWithinBudget(result, query);
      assert.equal(result.truncated, false);
      assert.equal(result.dropped_estimate, undefined);
      assert.ok(result.frames.length >= DOCUMENT_URIS.length, `${result.frames.length} frames`);
      assert.equal(new Set(result.frames.map((frame) => frame.id)).size, result.frames.length, "frame ids are unique");
      for (const uri of DOCUMENT_URIS)
        assert.ok(
          result.frames.some((frame) => frame.uri === uri),
          `a frame of ${uri}`,
        );
      assert.ok(
        result.frames.some((frame) => frame.kind === "snippet") && result.frames.some((frame) => frame.kind === "doc"),
      );
      result.frames.forEach(assertSoundFrame);
      await assertFullyAttested(result, ack.provider.name, ack.attester_keys!);
    });

    test("budget: exact costs, Σ ≤ max_tokens, count ≤ max_frames, greedy packing of the ranking, honest truncated", async () => {
      const text = { query_text: "signed answers attestation key verify", goal: "how are answers signed and checked?" };
      const everything = await frames(mf, { ...text, ...BIG });
      assert.equal(everything.truncated, false);
      assert.ok(everything.frames.length >= 6, `${everything.frames.length} candidates`);
      const budgets: Array<{ max_frames: number; max_tokens: number }> = [
        { max_frames: 8, max_tokens: 4096 },
        { max_frames: 3, max_tokens: 800 },
        { max_frames: 10, max_tokens: 300 },
        { max_frames: 2, max_tokens: 1_000_000 },
        { max_frames: 100, max_tokens: 120 },
        { max_frames: 1, max_tokens: 50 },
        { max_frames: 0, max_tokens: 4096 },
        { max_frames: 8, max_tokens: 0 },
      ];
      let truncatedAndNonEmpty = 0;
      for (const budget of budgets) {
        const query = { ...text, ...budget };
        const result = await frames(mf, query, `budget-${budget.max_frames}-${budget.max_tokens}`);
        assertWithinBudget(result, query);
        result.frames.forEach(assertSoundFrame);
        // The packing the kit documents (B1, B4): best first, skip what does not fit, try the next, over the
        // candidates the docs provider reads (docs/search.md: the 64 best, or 3 per frame asked, up to 200).
        const candidates = everything.frames.slice(0, Math.min(200, Math.max(64, 3 * budget.max_frames)));
        const expected: ContextFrame[] = [];
        let spent = 0;
        for (const frame of candidates) {
          const cost = expectedCost(frame.content);
          if (expected.length < budget.max_frames && spent + cost <= budget.max_tokens) {
            expected.push(frame);
            spent += cost;
          }
        }
        assert.deepEqual(
          result.frames.map((frame) => frame.id),
          expected.map((frame) => frame.id),
          JSON.stringify(budget),
        );
        // Copies of one content among the raw hits read collapse into one candidate (docs/search.md), so the
        // estimate may be below the distinct candidates in reach, never above.
        const dropped = candidates.length - result.frames.length;
        assert.equal(result.truncated, dropped > 0, `truncated for ${JSON.stringify(budget)}`);
        if (dropped === 0) assert.equal(result.dropped_estimate, undefined);
        else
          assert.ok(result.dropped_estimate! > 0 && result.dropped_estimate! <= dropped, `${result.dropped_estimate}`);
        if (result.truncated && result.frames.length > 0) truncatedAndNonEmpty += 1;
        await assertFullyAttested(result, ack.provider.name, ack.attester_keys!);
      }
      assert.ok(truncatedAndNonEmpty >= 3, "the budgets really cut the answer");
    });

    test("kinds: [snippet] serves only snippets, [image] is unsupported_kind, [snippet, image] is the snippets", async () => {
      const text = { query_text: "wrangler deploy npm start curl", goal: "how do I run it?" };
      const everything = await frames(mf, { ...text, ...BIG });
      const snippets = everything.frames.filter((frame) => frame.kind === "snippet");
      assert.ok(snippets.length > 0 && snippets.length < everything.frames.length, "the unfiltered answer mixes kinds");
      for (const kinds of [["snippet"], ["snippet", "image"]]) {
        const result = await frames(mf, { ...text, kinds, ...BIG });
        assert.deepEqual(
          result.frames.map((frame) => frame.kind),
          snippets.map(() => "snippet"),
        );
        assert.deepEqual(
          result.frames.map((frame) => frame.id),
          snippets.map((frame) => frame.id),
        );
        result.frames.forEach(assertSoundFrame);
      }
      const docs = await frames(mf, { ...text, kinds: ["doc"], ...BIG });
      assert.ok(docs.frames.length > 0 && docs.frames.every((frame) => frame.kind === "doc"));
      const tightSnippets = await frames(mf, { ...text, kinds: ["snippet"], max_frames: 1, max_tokens: 4096 });
      assert.ok(tightSnippets.frames.length === 1 && tightSnippets.frames[0]!.kind === "snippet");

      const image = await queryError(mf, { ...text, kinds: ["image"], max_frames: 8, max_tokens: 4096 }, "k1");
      assert.equal(image.status, 200);
      assert.equal(image.error.code, "unsupported_kind");
      assert.equal(image.error.id, "k1");
      assert.ok(image.error.message.length > 0);
    });

    test("anchors: a document uri of the corpus puts an anchored frame first, anchored frames before the rest", async () => {
      const anchor = "file:///docs/codec.md";
      const text = { query_text: "ed25519 signing key seed secret", goal: "how are answers signed?" };
      const plain = await frames(mf, { ...text, max_frames: 8, max_tokens: 4096 });
      assert.ok(plain.frames.length > 0);
      assert.ok(!anchoredBy(plain.frames[0]!, anchor), "without the anchor the best frame is elsewhere");
      const query = { ...text, anchors: [anchor], ...BIG };
      const result = await frames(mf, query);
      assertWithinBudget(result, query);
      assert.ok(anchoredBy(result.frames[0]!, anchor), `first frame ${result.frames[0]!.id}`);
      assert.ok(result.frames.some((frame) => frame.uri === anchor));
      const anchored = result.frames.map((frame) => anchoredBy(frame, anchor));
      const count = anchored.filter(Boolean).length;
      assert.ok(count < anchored.length, "some frames are not anchored");
      assert.deepEqual(
        anchored,
        anchored.map((_, i) => i < count),
        "anchored frames form a prefix",
      );
      result.frames.forEach((frame, i) =>
        assert.ok(i === 0 || frame.score <= result.frames[i - 1]!.score, "scores never increase"),
      );
      result.frames.forEach(assertSoundFrame);
    });

    test("as_of: frames carry no valid_from, so any as_of returns them; a malformed as_of is bad_request", async () => {
      const text = { query_text: "budget token cost", max_frames: 8, max_tokens: 4096 };
      const plain = await frames(mf, text);
      assert.ok(plain.frames.length > 0);
      assert.ok(plain.frames.every((frame) => frame.valid_from === undefined && frame.valid_to === undefined));
      for (const asOf of ["1970-01-01T00:00:00Z", "2026-05-01T12:00:00.5Z", "2999-12-31T23:59:59Z"]) {
        const result = await frames(mf, { ...text, as_of: asOf });
        assert.deepEqual(
          result.frames.map((frame) => frame.id),
          plain.frames.map((frame) => frame.id),
          asOf,
        );
      }
      for (const asOf of ["2026-05-01", "2026-05-01T12:00:00+02:00", "2026-02-30T00:00:00Z", "yesterday"]) {
        const { status, error } = await queryError(mf, { ...text, as_of: asOf }, "t1");
        assert.equal(status, 200);
        assert.equal(error.code, "bad_request", asOf);
        assert.equal(error.id, "t1");
        assert.match(error.message, /as_of/);
      }
    });

    test("correlation: the id is echoed verbatim on frames and on errors, and absent when not sent", async () => {
      const id = "q 7/ünïcødé:\u{1F600}";
      assert.equal(
        (await post(mf, queryEnvelope({ query_text: "codec", max_frames: 2, max_tokens: 500 }, id))).json.id,
        id,
      );
      const anonymous = await post(mf, queryEnvelope({ query_text: "codec", max_frames: 2, max_tokens: 500 }));
      assert.equal(anonymous.json.type, "frames");
      assert.equal("id" in anonymous.json, false);
      const unsupported = await queryError(mf, { kinds: ["image"], max_frames: 2, max_tokens: 500 }, id);
      assert.equal(unsupported.error.id, id);
      const malformed = await post(mf, { type: "query", id, query: { goal: "g", max_frames: 2 } });
      assert.equal(malformed.status, 400);
      assert.equal(malformed.json.type, "error");
      assert.equal(malformed.json.code, "bad_request");
      assert.equal(malformed.json.id, id);
    });

    test("verify: valid, stale with replacement, gone, unknown; identities echoed verbatim, foreign provider_id accepted", async () => {
      const served = await frames(mf, { query_text: "verify stale gone", max_frames: 2, max_tokens: 4096 });
      assert.equal(served.frames.length, 2);
      const [first, second] = served.frames as [ContextFrame, ContextFrame];
      const zeros = `sha256:${"0".repeat(64)}`;
      const requested = [
        { provider_id: "provider-under-test", frame_id: first.id, content_digest: first.content_digest },
        { provider_id: "docs", frame_id: second.id, content_digest: zeros },
        { provider_id: "someone-else", frame_id: first.id, content_digest: "SHA256:NOT-A-DIGEST" },
        { provider_id: "docs", frame_id: "docs/no-such-page.md#nothing", content_digest: first.content_digest },
        { provider_id: "docs", frame_id: second.id },
      ];
      const answer = await post(mf, { type: "verify", request: { frames: requested } });
      assert.equal(answer.status, 200, answer.text);
      assert.equal(envelopeOf(answer).type, "verified");
      const verdicts = answer.json.response.verdicts as Array<Record<string, unknown>>;
      assert.equal(verdicts.length, requested.length);
      verdicts.forEach((verdict, i) => assert.deepEqual(verdict.frame, requested[i], `identity ${i} echoed verbatim`));
      assert.deepEqual(
        verdicts.map(({ status, replacement_digest }) => ({ status, replacement_digest })),
        [
          { status: "valid", replacement_digest: undefined },
          { status: "stale", replacement_digest: second.content_digest },
          { status: "stale", replacement_digest: first.content_digest },
          { status: "gone", replacement_digest: undefined },
          { status: "unknown", replacement_digest: undefined },
        ],
      );
      for (const verdict of verdicts) assert.equal("replacement_digest" in verdict, verdict.status === "stale");
    });

    test("signatures: every signed answer verifies under the handshake key; a tampered one does not", async () => {
      const result = await frames(mf, { query_text: "merkle inclusion proof commitment", ...BIG });
      assert.ok(result.frames.length >= 2);
      await assertFullyAttested(result, ack.provider.name, ack.attester_keys!);
      // The signature binds content through content_digest (D1 ties the bytes to it): edit both.
      const tampered = structuredClone(result);
      const edited = `${tampered.frames[0]!.content} (edited)`;
      tampered.frames[0] = { ...tampered.frames[0]!, content: edited, content_digest: sha256Digest(edited) };
      const report = await verifyResultAttestations(tampered, ack.provider.name, ack.attester_keys!);
      assert.equal(report.result.state, "invalid");
      // Its frame attestation names the old identity (id + digest), so it attests nothing now: an orphan.
      assert.equal(report.frames[0]!.state, "unattested");
      assert.equal(report.orphans, 1);
      // The untouched frames' inclusion proofs (original siblings) still replay to the signed root.
      assert.ok(
        report.frames.slice(1).every((state) => state.state === "attested"),
        JSON.stringify(report.frames.slice(1)),
      );
      const otherKey = [{ ...ack.attester_keys![0]!, public_key: publicKeyOfSeed("11".repeat(32)) }];
      assert.equal((await verifyResultAttestations(result, ack.provider.name, otherKey)).result.state, "invalid");
      assert.equal((await verifyResultAttestations(result, "not-docs", ack.attester_keys!)).result.state, "invalid");
    });

    test("HTTP: garbage 400, PUT 405 with Allow, 2 MiB 413, text/plain 415, shutdown 204, /healthz, / redirects", async () => {
      const garbage = await post(mf, "{this is not json");
      assert.equal(garbage.status, 400);
      assert.equal(garbage.json.type, "error");
      assert.equal(garbage.json.code, "bad_request");

      const put = await mf.dispatchFetch(ENDPOINT, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      assert.equal(put.status, 405);
      assert.equal(put.headers.get("allow"), "GET, POST, OPTIONS");
      await put.text();

      const huge = JSON.stringify({ type: "error", message: "x".repeat(2 * 1024 * 1024) });
      assert.ok(Buffer.byteLength(huge) > 2 * 1024 * 1024);
      const tooLarge = await post(mf, huge);
      assert.equal(tooLarge.status, 413);
      assert.equal(tooLarge.json.type, "error");
      assert.equal(tooLarge.json.code, "bad_request");

      const plainText = await post(mf, queryEnvelope({ max_frames: 1, max_tokens: 100 }), {
        "content-type": "text/plain",
      });
      assert.equal(plainText.status, 415);
      assert.equal(plainText.json.code, "bad_request");

      const shutdown = await post(mf, { type: "shutdown" });
      assert.equal(shutdown.status, 204);
      assert.equal(shutdown.text, "");
      assert.equal((await handshake(mf)).json.type, "handshake_ack", "still serving after shutdown");

      const health = await mf.dispatchFetch("http://localhost/healthz");
      assert.equal(health.status, 200);
      assert.equal(await health.text(), "ok\n");

      const root = await mf.dispatchFetch("http://localhost/", { redirect: "manual" });
      assert.equal(root.status, 302);
      assert.equal(root.headers.get("location"), "http://localhost/contextgraph");
      await root.text();
    });

    test("HTTP: every non-2xx the Worker sends is a typed error envelope (400, 404, 405 with Allow, 413, 415)", async () => {
      const json = { "content-type": "application/json" };
      const cases: [string, ReturnType<Miniflare["dispatchFetch"]>, number][] = [
        ["garbage", mf.dispatchFetch(ENDPOINT, { method: "POST", headers: json, body: "{nope" }), 400],
        [
          "POST /elsewhere",
          mf.dispatchFetch("http://localhost/elsewhere", { method: "POST", headers: json, body: "{}" }),
          404,
        ],
        ["GET /nothing-here", mf.dispatchFetch("http://localhost/nothing-here"), 404],
        ["PUT", mf.dispatchFetch(ENDPOINT, { method: "PUT", headers: json, body: "{}" }), 405],
        ["DELETE", mf.dispatchFetch(ENDPOINT, { method: "DELETE" }), 405],
        [
          "2 MiB",
          mf.dispatchFetch(ENDPOINT, { method: "POST", headers: json, body: "x".repeat(2 * 1024 * 1024) }),
          413,
        ],
        [
          "text/plain",
          mf.dispatchFetch(ENDPOINT, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" }),
          415,
        ],
      ];
      for (const [name, pending, status] of cases) {
        const response = await pending;
        const text = await response.text();
        assert.equal(response.status, status, `${name}: ${text}`);
        assert.match(response.headers.get("content-type") ?? "", /^application\/json/, name);
        const envelope = envelopeOf({ status, headers: response.headers, text, json: undefined });
        assert.ok(envelope.type === "error" && envelope.code === "bad_request" && envelope.message.length > 0, name);
        if (status === 405) assert.equal(response.headers.get("allow"), "GET, POST, OPTIONS", name);
      }
    });

    test("HTTP: a body that is not valid UTF-8 is 400 bad_request (invalid_utf8), not served lossily", async () => {
      const body = Buffer.concat([
        Buffer.from('{"type":"query","id":"u1","query":{"goal":"codec '),
        Buffer.from([0xc3, 0x28]),
        Buffer.from('","max_frames":1,"max_tokens":500}}'),
      ]);
      const response = await mf.dispatchFetch(ENDPOINT, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      const text = await response.text();
      assert.equal(response.status, 400, text);
      const envelope = JSON.parse(text);
      assert.equal(envelope.type, "error");
      assert.equal(envelope.code, "bad_request");
      assert.match(envelope.message, /invalid_utf8/);
    });

    test("CORS: a preflight from the allowed origin gets 204 and the headers; another origin gets none", async () => {
      const preflight = (origin: string) =>
        mf.dispatchFetch(ENDPOINT, {
          method: "OPTIONS",
          headers: {
            origin,
            "access-control-request-method": "POST",
            "access-control-request-headers": "content-type",
          },
        });
      const allowed = await preflight(ALLOWED_ORIGIN);
      assert.equal(allowed.status, 204);
      assert.equal(allowed.headers.get("access-control-allow-origin"), ALLOWED_ORIGIN);
      assert.match(allowed.headers.get("access-control-allow-methods") ?? "", /\bPOST\b/);
      assert.match(allowed.headers.get("access-control-allow-headers") ?? "", /content-type/i);
      assert.equal(allowed.headers.get("access-control-max-age"), "600");
      await allowed.text();

      const foreign = await preflight("https://evil.example");
      assert.equal(foreign.headers.get("access-control-allow-origin"), null);
      await foreign.text();

      const body = queryEnvelope({ query_text: "codec", max_frames: 1, max_tokens: 500 });
      const fromAllowed = await post(mf, body, { "content-type": "application/json", origin: ALLOWED_ORIGIN });
      assert.equal(fromAllowed.status, 200);
      assert.equal(fromAllowed.headers.get("access-control-allow-origin"), ALLOWED_ORIGIN);
      const fromForeign = await post(mf, body, { "content-type": "application/json", origin: "https://evil.example" });
      assert.equal(fromForeign.status, 200);
      assert.equal(fromForeign.headers.get("access-control-allow-origin"), null);
    });
  });

  describe("unsigned (no ATTESTATION_SEED, no ALLOWED_ORIGINS)", () => {
    let mf: Miniflare;

    before(async () => {
      mf = await startWorker(bundle, {});
    });
    after(async () => {
      await mf?.dispose();
    });

    test("GET describes the provider as unsigned, with a note and no keys", async () => {
      const description = await mf.dispatchFetch(ENDPOINT);
      assert.equal(description.status, 200);
      const body = (await description.json()) as Record<string, unknown>;
      assert.equal(body.signed, false);
      assert.deepEqual(body.attester_keys, []);
      assert.equal(body.name, "docs");
      assert.equal(body.protocol, PROTOCOL);
      assert.equal(typeof body.note, "string");
      assert.match(body.note as string, /ATTESTATION_SEED/);
    });

    test("handshake publishes no keys; answers carry no attestations, and are otherwise the same frames", async () => {
      const answer = await handshake(mf);
      assert.equal(envelopeOf(answer).type, "handshake_ack");
      assert.equal("attester_keys" in answer.json, false, "attester_keys omitted when empty");
      const query = { query_text: "signed answers attestation", max_frames: 5, max_tokens: 2000 };
      const result = await frames(mf, query);
      assertWithinBudget(result, query);
      assert.ok(result.frames.length > 0);
      result.frames.forEach(assertSoundFrame);
      assert.equal("result_attestation" in result, false);
      assert.equal("frame_attestations" in result, false);
      const report = await verifyResultAttestations(result, answer.json.provider.name, []);
      assert.equal(report.result.state, "unattested");
      assert.ok(report.frames.every((state) => state.state === "unattested"));
    });

    test("CORS: without ALLOWED_ORIGINS no origin is allowed", async () => {
      const preflight = await mf.dispatchFetch(ENDPOINT, {
        method: "OPTIONS",
        headers: { origin: ALLOWED_ORIGIN, "access-control-request-method": "POST" },
      });
      assert.equal(preflight.headers.get("access-control-allow-origin"), null);
      await preflight.text();
    });
  });
});

// The D1 serving mode end to end in workerd: the real Worker (worker/index.ts) bundled, DOCS_DB bound to
// Miniflare's local D1, the project's docs written into it as `frameline index --d1` writes them; then
// handshake, query, verify and signatures over HTTP, every frame's bytes re-read from disk, and the same
// frames (but for scores) as the Worker serving the bundled corpus.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { Miniflare } from "miniflare";
import {
  type AttesterKey,
  type ContextFrame,
  type ContextQueryResult,
  verifyResultAttestations,
} from "../support/lib.ts";
import { defaultCorpusFiles } from "../support/node-lib.ts";
import { bundleWorker, type WorkerBundle } from "../support/worker/bundle.ts";
import { type LocalD1, localD1, writeCorpus } from "../support/worker/d1.ts";
import { addressedBytes, post, publicKeyOfSeed, sha256Digest, startWorker } from "../support/worker/http.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

const SEED = createHash("sha256").update("frameline d1 worker test seed").digest("hex");
const BIG = { max_frames: 1000, max_tokens: 10_000_000 };

async function handshakeKeys(mf: Miniflare): Promise<AttesterKey[]> {
  const answer = await post(mf, { type: "handshake", protocol_version: "contextgraph/1.0" });
  assert.equal(answer.json.type, "handshake_ack", answer.text);
  return answer.json.attester_keys;
}

async function query(mf: Miniflare, goal: string, budget = BIG): Promise<ContextQueryResult> {
  const answer = await post(mf, { type: "query", query: { goal, ...budget } });
  assert.equal(answer.json.type, "frames", answer.text);
  return answer.json.result;
}

/** Every `file` link of a frame names bytes on disk whose digest it carries; the first is exactly the content. */
function assertOnDisk(frame: ContextFrame): void {
  const links = (frame.provenance ?? []).filter((link) => link.type === "file");
  assert.ok(links.length > 0, frame.id);
  for (const link of links)
    assert.equal(link.digest, sha256Digest(addressedBytes(PROJECT_ROOT, link.uri!, link.range)), frame.id);
  assert.ok(addressedBytes(PROJECT_ROOT, links[0]!.uri!, links[0]!.range).equals(Buffer.from(frame.content!, "utf8")));
  assert.equal(frame.content_digest, sha256Digest(frame.content!));
}

describe("the Worker in workerd with DOCS_DB bound", () => {
  let bundle: WorkerBundle;
  let d1: LocalD1;
  let bundled: Miniflare;
  let keys: AttesterKey[];

  before(async () => {
    bundle = await bundleWorker();
    d1 = await localD1({ bundle, bindings: { ATTESTATION_SEED: SEED } });
    await writeCorpus(d1, await defaultCorpusFiles(PROJECT_ROOT));
    bundled = await startWorker(bundle, { ATTESTATION_SEED: SEED });
    keys = await handshakeKeys(d1.mf);
  });
  after(async () => {
    await d1?.dispose();
    await bundled?.dispose();
    await bundle?.cleanup();
  });

  test("handshake publishes the seed's key; a query is answered from D1, every frame's bytes as on disk, all attested", async () => {
    assert.deepEqual(
      keys.map((key) => key.public_key),
      [publicKeyOfSeed(SEED)],
    );
    const result = await query(d1.mf, "how are answers signed and checked", { max_frames: 8, max_tokens: 4096 });
    assert.ok(result.frames.length >= 3);
    result.frames.forEach(assertOnDisk);
    const report = await verifyResultAttestations(result, "docs", keys);
    assert.equal(report.result.state, "attested");
    assert.ok(report.frames.every((frame) => frame.state === "attested" && frame.coversContent));
  });

  test("the same frames as the bundled Worker, each identical but for its score", async () => {
    for (const goal of ["token_cost budget", "wrangler deploy", "verify stale gone", "anchors relations"]) {
      const [fromD1, fromBundle] = [await query(d1.mf, goal), await query(bundled, goal)];
      const byId = (r: ContextQueryResult) => new Map(r.frames.map(({ score: _s, ...frame }) => [frame.id, frame]));
      assert.ok(fromD1.frames.length > 0, goal);
      assert.deepEqual(byId(fromD1), byId(fromBundle), goal);
    }
  });

  test("verify: valid, stale with the current digest, gone, as the bundled Worker answers", async () => {
    const [first] = (await query(d1.mf, "verify stale gone", { max_frames: 1, max_tokens: 100_000 })).frames;
    const identities = [
      { provider_id: "docs", frame_id: first!.id, content_digest: first!.content_digest },
      { provider_id: "docs", frame_id: first!.id, content_digest: `sha256:${"0".repeat(64)}` },
      { provider_id: "docs", frame_id: "docs/no-such-page.md#nothing", content_digest: first!.content_digest },
    ];
    const ask = async (mf: Miniflare) => (await post(mf, { type: "verify", request: { frames: identities } })).json;
    const answer = await ask(d1.mf);
    assert.deepEqual(
      answer.response.verdicts.map((v: { status: string; replacement_digest?: string }) => [
        v.status,
        v.replacement_digest,
      ]),
      [
        ["valid", undefined],
        ["stale", first!.content_digest],
        ["gone", undefined],
      ],
    );
    assert.deepEqual(answer, await ask(bundled));
  });
});

describe("a Worker with DOCS_DB bound", () => {
  test("serves the database, not the bundled corpus", async () => {
    const bundle = await bundleWorker();
    const d1 = await localD1({ bundle, bindings: {} });
    try {
      await writeCorpus(d1, [{ path: "only.md", text: "# Only\n\nThe one page of this database: wrangler deploy.\n" }]);
      const result = await query(d1.mf, "wrangler deploy");
      assert.deepEqual(
        result.frames.map((frame) => frame.id),
        ["only.md#only"],
      );
    } finally {
      await d1.dispose();
      await bundle.cleanup();
    }
  });
});

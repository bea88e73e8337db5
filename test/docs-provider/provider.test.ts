// The docs provider through the real kit (spec §4.13, §5.5): frame validity, budgets, kinds, anchors, verify, signing.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  checkBudget,
  checkFrame,
  checkHandshakeAck,
  checkKinds,
  checkTokenCost,
  type ContextFrame,
  parseLineRange,
  signerFromSeed,
  verifyResultAttestations,
  buildCorpus,
  docsProvider,
  LINKS_TO,
  fileUri,
} from "../support/lib.ts";
import { ask, digestOfLines, exchange, HANDSHAKE, queryLine, sha256Hex } from "./support.ts";

const SOURCES: Record<string, string> = {
  "README.md":
    "# Demo\n\nA demo project. Read [retries](docs/retry.md) and [keys](docs/keys.md).\n\n## Install\n\n```sh\nnpm install demo\n```\n",
  "docs/retry.md":
    "# Retries\r\n\r\nRetries use exponential backoff with jitter.\r\n\r\n## Limits\r\n\r\nAt most three retries, then the error is surfaced.\r\n",
  "docs/keys.md":
    "# Keys\n\nSigning keys are Ed25519; the seed is a Worker secret.\n\n## Rotation\n\nRotate keys yearly. See [retries](retry.md).\n\n```ts\nconst signer = await signerFromSeed(seed);\n```\n",
  "docs/glossary.md": "# Glossary\n\nCafé — a place; 日本語 — Japanese. Nothing about the other topics.\n",
};

const files = Object.entries(SOURCES).map(([path, text]) => ({ path, text }));
const corpus = await buildCorpus(files);

/** Every frame passes frame validity and B3, and the result B1/B4 and Q1. */
function assertConformant(
  frames: readonly ContextFrame[],
  query: { max_frames: number; max_tokens: number; kinds?: string[] },
) {
  for (const frame of frames) {
    assert.deepEqual(checkFrame(frame), [], frame.id);
    assert.deepEqual(checkTokenCost(frame), [], frame.id);
    assert.ok(frame.score >= 0 && frame.score <= 1);
  }
  assert.deepEqual(checkBudget({ frames: [...frames] }, query), []);
  assert.deepEqual(checkKinds({ frames: [...frames] }, query), []);
}

describe("handshake", () => {
  test("declares name, version, local-only data flow and doc/snippet, correlation, graph, verify", async () => {
    const [ack] = await exchange(docsProvider(corpus), [HANDSHAKE]);
    assert.ok(ack?.type === "handshake_ack");
    assert.deepEqual(checkHandshakeAck(ack), []);
    assert.equal(ack.provider.name, "docs");
    assert.ok(ack.provider.version.length > 0);
    assert.deepEqual(ack.provider.data_flow, {
      reads: true,
      writes: false,
      egress: false,
      egress_scopes: ["local-only"],
    });
    assert.deepEqual(ack.capabilities.query.kinds, ["doc", "snippet"]);
    assert.equal(ack.capabilities.correlation, true);
    assert.equal(ack.capabilities.graph, true);
    assert.equal(ack.capabilities.verify, true);
    const [named] = await exchange(docsProvider(corpus, { name: "handbook", version: "9.9.9" }), [HANDSHAKE]);
    assert.ok(
      named?.type === "handshake_ack" && named.provider.name === "handbook" && named.provider.version === "9.9.9",
    );
  });
});

describe("query", () => {
  const provider = docsProvider(corpus);

  test("ranks the relevant chunk first; every term found together in the best hit scores 1.0, and every frame is valid (F1–F5, G1, G2, B1, B3, B4)", async () => {
    const query = { goal: "exponential backoff", max_frames: 8, max_tokens: 4096 };
    const result = await ask(provider, query);
    assert.equal(result.frames[0]?.id, "docs/retry.md#retries");
    assert.equal(result.frames[0]?.score, 1);
    for (let i = 1; i < result.frames.length; i++) assert.ok(result.frames[i]!.score <= result.frames[i - 1]!.score);
    assertConformant(result.frames, query);
  });

  test("a query word no chunk holds lowers every score: the best hit no longer scores 1.0", async () => {
    const full = await ask(provider, { goal: "exponential backoff", max_frames: 8, max_tokens: 4096 });
    const partly = await ask(provider, {
      goal: "exponential backoff",
      query_text: "spacing",
      max_frames: 8,
      max_tokens: 4096,
    });
    assert.equal(partly.frames[0]?.id, "docs/retry.md#retries");
    assert.ok(partly.frames[0]!.score < full.frames[0]!.score, `${partly.frames[0]!.score}`);
    assert.ok(partly.frames[0]!.score < 0.75, `${partly.frames[0]!.score}`);
  });

  test("a query matching only a common word and missing its rare one scores low, never 1.0", async () => {
    // "keys" is in three of the corpus's chunks; "commitment" in none.
    const result = await ask(provider, { goal: "keys commitment", max_frames: 8, max_tokens: 4096 });
    assert.ok(result.frames.length > 0);
    for (const frame of result.frames) assert.ok(frame.score <= 0.5, `${frame.id} ${frame.score}`);
  });

  test("frames carry the chunk: title trail, exact content, document uri, citation label, file provenance", async () => {
    const result = await ask(provider, { goal: "yearly rotation", max_frames: 1, max_tokens: 4096 });
    assert.equal(result.frames[0]?.score, 1);
    const [frame] = result.frames;
    assert.ok(frame);
    assert.equal(frame.id, "docs/keys.md#rotation");
    assert.equal(frame.kind, "doc");
    assert.equal(frame.title, "docs/keys › Rotation");
    assert.equal(frame.uri, "file:///docs/keys.md");
    assert.equal(frame.citation_label, "docs/keys.md L5-11");
    assert.equal(
      frame.content,
      "## Rotation\n\nRotate keys yearly. See [retries](retry.md).\n\n```ts\nconst signer = await signerFromSeed(seed);\n```\n",
    );
    assert.deepEqual(frame.provenance, [
      {
        type: "file",
        uri: "file:///docs/keys.md",
        range: "L5-11",
        digest: digestOfLines(SOURCES["docs/keys.md"]!, 5, 11),
        method: "file-read",
        by: "docs",
      },
    ]);
    assert.deepEqual(frame.relations, [
      { rel: LINKS_TO, target_uri: "file:///docs/retry.md", display_name: "retries" },
    ]);
    assert.equal(frame.content_digest, sha256Hex(frame.content!));
    assert.equal(result.truncated, true);
  });

  test("every file provenance digest equals sha256 of the addressed bytes of the source (F5)", async () => {
    const result = await ask(provider, {
      goal: "retries keys rotation install demo glossary signing seed",
      max_frames: 50,
      max_tokens: 100_000,
    });
    assert.ok(result.frames.length >= 8);
    for (const frame of result.frames) {
      for (const link of frame.provenance ?? []) {
        const path = decodeURIComponent(new URL(link.uri!).pathname).slice(1);
        const range = parseLineRange(link.range!);
        assert.ok(range, link.range);
        assert.equal(
          link.digest,
          digestOfLines(Buffer.from(SOURCES[path]!, "utf8"), range.start, range.end ?? range.start),
          frame.id,
        );
      }
    }
  });

  test("kinds: snippets only, docs only (Q1)", async () => {
    const goal = "npm install signer seed";
    const snippets = await ask(provider, { goal, kinds: ["snippet"] });
    assert.ok(snippets.frames.length > 0);
    assert.ok(snippets.frames.every((f) => f.kind === "snippet" && f.id.includes("~snippet-")));
    assertConformant(snippets.frames, { max_frames: 8, max_tokens: 4096, kinds: ["snippet"] });
    const docs = await ask(provider, { goal, kinds: ["doc"] });
    assert.ok(docs.frames.length > 0 && docs.frames.every((f) => f.kind === "doc"));
    const [, other] = await exchange(provider, [HANDSHAKE, queryLine({ goal, kinds: ["symbol"] }, "k1")]);
    assert.ok(other?.type === "error" && other.code === "unsupported_kind" && other.id === "k1");
  });

  test("no lexical hit and no anchor: no frames", async () => {
    const result = await ask(provider, { goal: "kubernetes helm chart", max_frames: 8, max_tokens: 4096 });
    assert.deepEqual(result.frames, []);
    assert.equal(result.truncated, false);
  });

  test("the budget is respected and the rest reported as truncated (B1, B4)", async () => {
    const query = { goal: "retries keys rotation install demo signing", max_frames: 3, max_tokens: 40 };
    const result = await ask(provider, query);
    assert.ok(result.frames.length <= 3);
    assertConformant(result.frames, query);
    assert.equal(result.truncated, true);
  });

  test("the conformance probe query gets valid frames, with the correlation id echoed (H4)", async () => {
    const [, reply] = await exchange(provider, [
      HANDSHAKE,
      '{"type":"query","id":"cgp-conformance-h4-7f3a","query":{"goal":"conformance probe: return your most relevant frames","query_text":"conformance probe","max_frames":8,"max_tokens":4096}}',
    ]);
    assert.ok(reply?.type === "frames");
    assert.equal(reply.id, "cgp-conformance-h4-7f3a");
    assertConformant(reply.result.frames, { max_frames: 8, max_tokens: 4096 });
  });
});

describe("anchors (G3, G4)", () => {
  const provider = docsProvider(corpus);

  test("an anchored chunk comes first even without any lexical match", async () => {
    const anchor = fileUri("docs/glossary.md");
    const result = await ask(provider, {
      goal: "exponential backoff",
      anchors: [anchor],
      max_frames: 8,
      max_tokens: 4096,
    });
    assert.equal(result.frames[0]?.id, "docs/glossary.md#glossary");
    assert.equal(result.frames[0]?.uri, anchor);
    assert.ok(
      result.frames.some((f) => f.id === "docs/retry.md#retries"),
      "lexical hits still follow",
    );
    for (let i = 1; i < result.frames.length; i++) assert.ok(result.frames[i]!.score <= result.frames[i - 1]!.score);
    assertConformant(result.frames, { max_frames: 8, max_tokens: 4096 });
  });

  test("a relation's target counts as anchored (1 hop), and anchored chunks rank before unanchored better matches", async () => {
    const anchor = fileUri("docs/retry.md");
    const result = await ask(provider, {
      goal: "signing keys ed25519 seed",
      anchors: [anchor],
      max_frames: 8,
      max_tokens: 4096,
    });
    const anchored = (f: ContextFrame) => f.uri === anchor || (f.relations ?? []).some((r) => r.target_uri === anchor);
    const firstUnanchored = result.frames.findIndex((f) => !anchored(f));
    assert.ok(firstUnanchored > 0);
    assert.ok(
      result.frames.slice(firstUnanchored).every((f) => !anchored(f)),
      "anchored frames are all first",
    );
    // docs/keys.md#rotation links to docs/retry.md and matches "keys", so it leads.
    assert.equal(result.frames[0]?.id, "docs/keys.md#rotation");
    assert.ok(result.frames.some((f) => f.id === "docs/keys.md#keys"));
  });

  test("with max_frames 1, the one frame returned is anchored", async () => {
    const anchor = fileUri("docs/glossary.md");
    const result = await ask(provider, { goal: "signing keys", anchors: [anchor], max_frames: 1, max_tokens: 4096 });
    assert.equal(result.frames.length, 1);
    assert.equal(result.frames[0]?.uri, anchor);
  });

  test("an anchor nothing matches changes nothing", async () => {
    const plain = await ask(provider, { goal: "exponential backoff" });
    const anchored = await ask(provider, { goal: "exponential backoff", anchors: ["file:///elsewhere.md"] });
    assert.deepEqual(anchored.frames, plain.frames);
  });
});

describe("verify (V2–V4)", () => {
  test("valid for the served digest, stale for another, gone for an unknown id, unknown without a digest", async () => {
    const provider = docsProvider(corpus);
    const served = await ask(provider, { goal: "exponential backoff" });
    const frame = served.frames[0]!;
    const identity = { provider_id: "provider-under-test", frame_id: frame.id, content_digest: frame.content_digest };
    const mutated = { ...identity, content_digest: `${frame.content_digest}-contextgraph-conformance-mutated` };
    const gone = {
      provider_id: "docs",
      frame_id: "docs/retry.md#no-such-section",
      content_digest: frame.content_digest,
    };
    const bare = { provider_id: "docs", frame_id: frame.id };
    const [, reply] = await exchange(provider, [
      HANDSHAKE,
      JSON.stringify({ type: "verify", request: { frames: [identity, mutated, gone, bare] } }),
    ]);
    assert.ok(reply?.type === "verified");
    assert.deepEqual(reply.response.verdicts, [
      { frame: identity, status: "valid" },
      { frame: mutated, status: "stale", replacement_digest: frame.content_digest },
      { frame: gone, status: "gone" },
      { frame: bare, status: "unknown" },
    ]);
  });

  test("after a rebuild, an edited section is stale and a removed one gone; the rest stay valid", async () => {
    const before = await ask(docsProvider(corpus), { goal: "retries limits backoff", max_frames: 8, max_tokens: 4096 });
    // docs/retry.md edited: the Retries section reworded, the Limits section removed.
    const retryNow = "# Retries\r\n\r\nRetries use exponential backoff with full jitter.\r\n";
    const edited = await buildCorpus(
      files.map((f) => (f.path === "docs/retry.md" ? { path: f.path, text: retryNow } : f)),
    );
    const identities = before.frames.map((f) => ({
      provider_id: "docs",
      frame_id: f.id,
      content_digest: f.content_digest,
    }));
    const ids = identities.map((identity) => identity.frame_id);
    assert.ok(ids.includes("docs/retry.md#retries") && ids.includes("docs/retry.md#limits"), ids.join(", "));
    assert.ok(ids.length >= 3, "frames of other documents were served too");
    const [, reply] = await exchange(docsProvider(edited), [
      HANDSHAKE,
      JSON.stringify({ type: "verify", request: { frames: identities } }),
    ]);
    assert.ok(reply?.type === "verified");
    const verdicts = new Map(reply.response.verdicts.map((v) => [v.frame.frame_id, v]));
    // The replacement digest is the section's new bytes (the whole edited file), hashed by node:crypto.
    assert.deepEqual(
      {
        status: verdicts.get("docs/retry.md#retries")?.status,
        replacement: verdicts.get("docs/retry.md#retries")?.replacement_digest,
      },
      { status: "stale", replacement: sha256Hex(retryNow) },
    );
    assert.equal(verdicts.get("docs/retry.md#limits")?.status, "gone");
    for (const id of ids.filter((id) => !id.startsWith("docs/retry.md#")))
      assert.equal(verdicts.get(id)?.status, "valid", id);
  });
});

describe("signing", () => {
  test("a signed provider's results verify with the published key, content bound", async () => {
    const signer = await signerFromSeed("5a".repeat(32), { keyId: "docs-test-1", attesterId: "docs" });
    const provider = docsProvider(corpus, { signer });
    const [ack, reply] = await exchange(provider, [HANDSHAKE, queryLine({ goal: "keys rotation retries install" })]);
    assert.ok(ack?.type === "handshake_ack" && reply?.type === "frames");
    assert.deepEqual(ack.attester_keys, [signer.attesterKey]);
    assert.ok(reply.result.frames.length > 1);
    const report = await verifyResultAttestations(reply.result, ack.provider.name, ack.attester_keys ?? []);
    assert.equal(report.result.state, "attested");
    assert.equal(report.orphans, 0);
    for (const state of report.frames)
      assert.deepEqual(state, { state: "attested", keyId: "docs-test-1", attesterId: "docs", coversContent: true });
    const forged = await verifyResultAttestations(reply.result, "someone-else", ack.attester_keys ?? []);
    assert.equal(forged.result.state, "invalid");
  });
});

describe("identical content (D2)", () => {
  const SHARED = "## Retry budget\n\nA client retries at most twice per minute.\n";
  const copies: Record<string, string> = {
    "a.md": `# A\n\nFirst page.\n\n${SHARED}`,
    "b.md": `# B\n\nSecond page.\n\n${SHARED}`,
    "c/d.md": `${SHARED}\nMore about budgets elsewhere.\n`,
  };

  test("a section under several file names is served once, its other places in its provenance with their own digests (F5)", async () => {
    const provider = docsProvider(await buildCorpus(Object.entries(copies).map(([path, text]) => ({ path, text }))));
    const result = await ask(provider, { goal: "retry budget per minute", max_frames: 8, max_tokens: 4096 });
    const shared = result.frames.filter((frame) => frame.content === SHARED);
    assert.equal(shared.length, 1, result.frames.map((f) => f.id).join(", "));
    const [frame] = shared;
    assert.equal(frame!.id, "a.md#retry-budget");
    assert.deepEqual(
      frame!.provenance?.map((link) => `${link.uri} ${link.range}`),
      ["file:///a.md L5-7", "file:///b.md L5-7"],
    );
    for (const link of frame!.provenance ?? []) {
      const path = decodeURIComponent(new URL(link.uri!).pathname).slice(1);
      const range = parseLineRange(link.range!)!;
      assert.equal(link.digest, digestOfLines(copies[path]!, range.start, range.end ?? range.start));
      assert.equal(link.digest, sha256Hex(SHARED));
    }
    assert.deepEqual(checkFrame(frame!), []);
  });

  test("the other copies still verify by their own ids", async () => {
    const provider = docsProvider(await buildCorpus(Object.entries(copies).map(([path, text]) => ({ path, text }))));
    const identity = { provider_id: "docs", frame_id: "b.md#retry-budget", content_digest: sha256Hex(SHARED) };
    const [, reply] = await exchange(provider, [
      HANDSHAKE,
      JSON.stringify({ type: "verify", request: { frames: [identity] } }),
    ]);
    assert.ok(reply?.type === "verified");
    assert.deepEqual(reply.response.verdicts, [{ frame: identity, status: "valid" }]);
  });
});

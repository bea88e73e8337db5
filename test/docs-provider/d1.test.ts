// The docs corpus in D1 (src/docs-provider/d1): written incrementally, served by the same provider as the bundled
// corpus with the same frames, digests, provenance ranges and verify answers, on the project's own docs.
// The database is Miniflare's local D1 (the one `wrangler dev` runs), reached through its binding.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  type ContextFrame,
  type Provider,
  d1Update,
  MAX_CHUNK_TEXT,
  STORED_DOCUMENTS,
  TEXT_PIECE,
  sqlLiteral,
  statementText,
  d1Store,
  buildCorpus,
  type CorpusFile,
  type D1DocsDatabase,
  docsProvider,
  MAX_ANCHORS,
} from "../support/lib.ts";

import { localD1, type LocalD1 } from "../support/worker/d1.ts";
import { ask, exchange, HANDSHAKE, sha256Hex } from "./support.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";
import { defaultCorpusFiles } from "../support/node-lib.ts";

const BIG = { max_frames: 1000, max_tokens: 10_000_000 };
const GOALS = [
  "how are answers signed and checked",
  "token_cost budget max_tokens",
  "verify stale replacement digest",
  "wrangler deploy dry run",
  "anchors relations links",
  "NDJSON line too long",
];

/** What the database holds (nothing yet: the tables do not exist). */
async function stored(db: D1DocsDatabase) {
  try {
    return (await db.prepare(STORED_DOCUMENTS).all<{ path: string; digest: string; link_targets: string }>()).results;
  } catch (error) {
    if (/no such table/.test(String(error))) return [];
    throw error;
  }
}

async function update(d1: LocalD1, files: readonly CorpusFile[]) {
  const planned = await d1Update(await stored(d1.db), files);
  await d1.run(planned.statements);
  return planned;
}

const withoutScore = ({ score: _score, ...frame }: ContextFrame) => frame;

async function verdicts(provider: Provider, identities: object[]) {
  const [, reply] = await exchange(provider, [
    HANDSHAKE,
    JSON.stringify({ type: "verify", request: { frames: identities } }),
  ]);
  assert.ok(reply?.type === "verified");
  return reply.response.verdicts;
}

describe("the project's docs in D1 and in the bundle", () => {
  let d1: LocalD1;
  let files: CorpusFile[];
  let bundle: Provider;
  let fromD1: Provider;

  before(async () => {
    d1 = await localD1();
    files = await defaultCorpusFiles(PROJECT_ROOT);
    await update(d1, files);
    bundle = docsProvider(await buildCorpus(files));
    fromD1 = docsProvider(d1.db);
  });
  after(() => d1?.dispose());

  test("every query gets the same frames, each identical but for its score (ids, content, digests, provenance ranges, relations)", async () => {
    for (const goal of GOALS) {
      const [a, b] = [await ask(bundle, { goal, ...BIG }), await ask(fromD1, { goal, ...BIG })];
      assert.ok(a.frames.length > 0, goal);
      const byId = (frames: ContextFrame[]) => new Map(frames.map((frame) => [frame.id, withoutScore(frame)]));
      assert.deepEqual(byId(b.frames), byId(a.frames), goal);
      for (const frame of [...a.frames, ...b.frames]) assert.ok(frame.score > 0 && frame.score <= 1);
    }
  });

  test("a query at MAX_ANCHORS anchors (every document, the rest unknown) answers as the bundle does", async () => {
    const corpus = await buildCorpus(files);
    const known = [...new Set(corpus.chunks.map((chunk) => chunk.uri))];
    const unknown = Array.from({ length: MAX_ANCHORS - known.length }, (_, i) => `file:///nowhere/${i}.md`);
    const anchors = [...unknown.slice(0, 100), ...known, ...unknown.slice(100)];
    assert.equal(anchors.length, MAX_ANCHORS);
    const query = { goal: "how are answers signed", anchors, ...BIG };
    const [a, b] = [await ask(bundle, query), await ask(fromD1, query)];
    assert.ok(a.frames.length > known.length, "every document anchors at least one frame");
    const byId = (frames: ContextFrame[]) => new Map(frames.map((frame) => [frame.id, withoutScore(frame)]));
    assert.deepEqual(byId(b.frames), byId(a.frames));
  });

  test("verify answers the same for every chunk, an edited digest and an unknown id", async () => {
    const corpus = await buildCorpus(files);
    const identities = [
      ...corpus.chunks.map((chunk) => ({ provider_id: "docs", frame_id: chunk.id, content_digest: chunk.digest })),
      { provider_id: "docs", frame_id: corpus.chunks[3]!.id, content_digest: sha256Hex("edited") },
      { provider_id: "docs", frame_id: "docs/nowhere.md#gone", content_digest: sha256Hex("x") },
      { provider_id: "docs", frame_id: corpus.chunks[5]!.id },
    ];
    const expected = await verdicts(bundle, identities);
    assert.deepEqual(await verdicts(fromD1, identities), expected);
    assert.deepEqual(
      expected.slice(-3).map((verdict) => verdict.status),
      ["stale", "gone", "unknown"],
    );
  });

  test("verify looks up all identities of one request in one D1 batch", async () => {
    let batches = 0;
    const counted: D1DocsDatabase = {
      prepare: (sql) => d1.db.prepare(sql),
      batch: (statements) => {
        batches += 1;
        return d1.db.batch(statements);
      },
    };
    const corpus = await buildCorpus(files);
    const identities = corpus.chunks.map((chunk) => ({
      provider_id: "docs",
      frame_id: chunk.id,
      content_digest: chunk.digest,
    }));
    const answer = await verdicts(docsProvider(counted), identities);
    assert.ok(answer.every((verdict) => verdict.status === "valid"));
    assert.equal(batches, 1);
  });

  test("a second write of unchanged files rewrites nothing", async () => {
    const again = await d1Update(await stored(d1.db), files);
    assert.deepEqual(again.written, []);
    assert.deepEqual(again.removed, []);
    assert.equal(again.unchanged, files.length);
    assert.ok(!again.statements.some((s) => /^(INSERT INTO docs_chunks|DELETE)/.test(s.sql)));
  });
});

describe("incremental writes", () => {
  let d1: LocalD1;
  const base: CorpusFile[] = [
    { path: "a.md", text: "# A\n\nSee [b](b.md) for the budget rules.\n" },
    { path: "c.md", text: "# C\n\nRetries back off.\n" },
    { path: "d.md", text: "# D\n\nNothing links here.\n" },
  ];

  before(async () => {
    d1 = await localD1();
  });
  after(() => d1?.dispose());

  test("only the edited, added and removed documents, and those linking to an added or removed one, are rewritten", async () => {
    const first = await update(d1, base);
    assert.deepEqual(first.written, ["a.md", "c.md", "d.md"]);
    const edited = [
      base[0]!,
      { path: "c.md", text: "# C\n\nRetries back off exponentially.\n" },
      { path: "b.md", text: "# B\n\nBudget rules.\n" },
    ];
    const second = await update(d1, edited);
    // c.md was edited, b.md added, a.md links to b.md (now a relation); d.md was removed; nothing else touched.
    assert.deepEqual(second.written, ["a.md", "b.md", "c.md"]);
    assert.deepEqual(second.removed, ["d.md"]);
    const third = await update(d1, [...edited.slice(1), { path: "a.md", text: base[0]!.text }]);
    assert.deepEqual(third.written, []);
    const expected = docsProvider(await buildCorpus(edited));
    for (const goal of ["budget rules", "retries back off exponentially", "nothing links here"]) {
      const [a, b] = [await ask(expected, { goal, ...BIG }), await ask(docsProvider(d1.db), { goal, ...BIG })];
      assert.deepEqual(b.frames.map(withoutScore), a.frames.map(withoutScore), goal);
    }
    const [relation] = (await ask(docsProvider(d1.db), { goal: "budget rules", ...BIG })).frames.find(
      (f) => f.id === "a.md#a",
    )!.relations!;
    assert.equal(relation?.target_uri, "file:///b.md");
    const [gone] = await verdicts(docsProvider(d1.db), [
      { provider_id: "docs", frame_id: "d.md#d", content_digest: sha256Hex("x") },
    ]);
    assert.equal(gone?.status, "gone");
  });
});

describe("chunk text in D1", () => {
  test("a text longer than one statement, with quotes, CRs and NUL, is stored exactly", async () => {
    const d1 = await localD1();
    try {
      const long = `# Long\n\n${"it's a line; with ' quotes\r\n".repeat(Math.ceil((TEXT_PIECE * 2.5) / 28))}nul \u0000 here 🦀\n`;
      const planned = await update(d1, [{ path: "long.md", text: long }]);
      assert.ok(planned.statements.filter((s) => s.sql.startsWith("UPDATE docs_chunks SET text")).length >= 2);
      const [chunk] = (
        await d1.db.prepare("SELECT text, digest FROM docs_chunks").all<{ text: string; digest: string }>()
      ).results;
      assert.equal(chunk?.text, long);
      assert.equal(chunk?.digest, sha256Hex(long));
    } finally {
      await d1.dispose();
    }
  });

  test("a chunk too long for a D1 row is refused with a RangeError naming it", async () => {
    const text = `# Huge\n\n${"x".repeat(MAX_CHUNK_TEXT)}\n`;
    await assert.rejects(d1Update([], [{ path: "huge.md", text }]), {
      name: "RangeError",
      message: /huge\.md#huge is too long/,
    });
  });

  test("values become exact SQLite literals: quotes doubled, NUL as UTF-8 hex, integers as digits", () => {
    assert.equal(sqlLiteral("it's"), "'it''s'");
    assert.equal(sqlLiteral("a\u0000é"), "CAST(X'6100c3a9' AS TEXT)");
    assert.equal(sqlLiteral(42), "42");
    assert.throws(() => sqlLiteral(1.5), RangeError);
    assert.equal(
      statementText({ sql: "INSERT INTO t VALUES (?, ?)", params: ["a;b", 3] }),
      "INSERT INTO t VALUES ('a;b', 3);",
    );
    assert.throws(() => statementText({ sql: "SELECT ?", params: [] }), RangeError);
  });
});

describe("a database without a corpus", () => {
  test("a query is refused with a DocsCorpusError saying how to write one", async () => {
    const d1 = await localD1();
    try {
      await assert.rejects(d1Store(d1.db).search(["retri"], ["doc"], 10, 9), {
        name: "DocsCorpusError",
        message: /frameline index DIR --d1 NAME/,
      });
      const [, reply] = await exchange(docsProvider(d1.db), [
        HANDSHAKE,
        JSON.stringify({ type: "query", query: { goal: "retries", max_frames: 4, max_tokens: 400 } }),
      ]);
      assert.ok(reply?.type === "error" && reply.code === "internal", JSON.stringify(reply));
    } finally {
      await d1.dispose();
    }
  });
});

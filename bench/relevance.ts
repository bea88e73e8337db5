/**
 * Relevance benchmark: do the docs provider's top frames answer the question?
 *
 * The set is bench/relevance-questions.json, written before any tuning: 51 questions a developer would
 * ask about Markdown this project did not write (what ships in installed npm packages: undici's docs,
 * playwright-core's skills, the READMEs of miniflare, hono, valibot, wrangler, noble, autocannon and the
 * MCP SDK; 68 files, about 1,400 chunks), each with the passages that answer it, plus 7 questions whose
 * words the corpus never uses (checked here) and 2 off-topic ones. Each is sent as a `query` (`goal`,
 * 10 frames, no token limit) to three providers over the same files, in this process:
 *
 *   before  the provider before issue 13 (src/docs at BASELINE_COMMIT, taken from git): own BM25, the
 *           best hit scored 1.0;
 *   bundle  today's provider over the corpus with its stored index (MiniSearch);
 *   d1      today's provider over a local D1 database (Miniflare's, as `wrangler dev` runs it, reached
 *           through its binding from Node), written as `frameline index DIR --d1 NAME` writes it (FTS5).
 *
 * A frame answers when one of its `file` provenance links names a line range of an answering file that
 * overlaps the passage. Reported per provider: hit@3 (an answering frame among the first 3), MRR@10 (1/rank
 * of the first answering frame, 0 past 10), the top score of each all-miss question (target: none above
 * 0.3) and of the off-topic ones, and hit@3 and MRR@10 as ratios to `before`. `--verbose` lists, per
 * provider, the questions not answered in the top 3 and what came first.
 *
 * Run: npm run bench:relevance [-- --verbose]
 */
import { buildCorpus, docsProvider } from "../src/docs-provider/index.ts";
import type { ContextFrame } from "../src/protocol/index.ts";
import type { Provider } from "../src/provider/index.ts";
import { ask } from "../test/docs-provider/support.ts";
import { baselineDocs } from "./support/baseline.ts";
import { localD1, writeCorpus } from "../test/support/worker/d1.ts";
import { loadRelevanceSet, type Passage, type Question } from "./support/eval-corpus.ts";
import { searchTerms } from "../src/docs-provider/terms.ts";

const QUERY = { max_frames: 10, max_tokens: 1_000_000 };
const MISS_TARGET = 0.3;
const verbose = process.argv.includes("--verbose");

/** Whether a frame names (in any `file` link) lines overlapping a passage. */
function answers(frame: ContextFrame, passages: readonly Passage[]): boolean {
  return (frame.provenance ?? []).some((link) => {
    if (link.type !== "file" || !link.uri || !link.range) return false;
    const path = decodeURIComponent(new URL(link.uri).pathname).slice(1);
    const [start, end = start] = link.range.slice(1).split("-").map(Number) as [number, number?];
    return passages.some((p) => p.path === path && start <= p.end && end >= p.start);
  });
}

/** The words of each all-miss question that the corpus does contain (must be none), checked on lowercase words. */
function missWordsFound(questions: readonly Question[], texts: readonly string[]): string[] {
  const words = new Set(texts.flatMap((text) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []));
  return questions
    .filter((q) => q.expect === "miss")
    .flatMap((q) =>
      (q.ask.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
        .filter((w) => searchTerms(w).length > 0 && words.has(w))
        .map((w) => `${q.id}: ${w}`),
    );
}

interface Outcome {
  readonly hit3: number;
  readonly mrr: number;
  readonly missTop: number[];
  readonly offTopicTop: number[];
  readonly ms: number;
}

async function evaluate(name: string, provider: Provider, questions: readonly Question[]): Promise<Outcome> {
  let hit3 = 0;
  let mrr = 0;
  const missTop: number[] = [];
  const offTopicTop: number[] = [];
  const started = performance.now();
  const answerable = questions.filter((q) => q.expect === "answer");
  for (const q of questions) {
    const { frames } = await ask(provider, { goal: q.ask, ...QUERY });
    if (q.expect !== "answer") {
      (q.expect === "miss" ? missTop : offTopicTop).push(frames[0]?.score ?? 0);
      continue;
    }
    const rank = frames.findIndex((frame) => answers(frame, q.answers));
    if (rank >= 0 && rank < 3) hit3 += 1;
    if (rank >= 0) mrr += 1 / (rank + 1);
    if (verbose && (rank < 0 || rank >= 3))
      console.log(
        `  ${name} ${q.id}: rank ${rank < 0 ? "-" : rank + 1}; first ${frames[0]?.id ?? "(none)"} ${frames[0]?.score ?? ""}`,
      );
  }
  return {
    hit3: hit3 / answerable.length,
    mrr: mrr / answerable.length,
    missTop,
    offTopicTop,
    ms: performance.now() - started,
  };
}

const { questions, files } = loadRelevanceSet();
const found = missWordsFound(
  questions,
  files.map((f) => f.text),
);
if (found.length > 0) throw new Error(`all-miss questions whose words the corpus has: ${found.join(", ")}`);
console.log(
  `${questions.filter((q) => q.expect === "answer").length} answerable, ${questions.filter((q) => q.expect === "miss").length} all-miss, ${questions.filter((q) => q.expect === "off-topic").length} off-topic questions; ${files.length} files`,
);

const baseline = await baselineDocs();
const corpus = await buildCorpus(files);
console.log(`${corpus.chunks.length} chunks`);
const d1 = await localD1();
try {
  await writeCorpus(d1, files);
  const providers: [string, Provider][] = [
    ["before", baseline.docsProvider(await baseline.buildCorpus(files))],
    ["bundle", docsProvider(corpus)],
    ["d1", docsProvider(d1.db)],
  ];
  const results = new Map<string, Outcome>();
  for (const [name, provider] of providers) results.set(name, await evaluate(name, provider, questions));
  const before = results.get("before")!;
  const fmt = (n: number) => n.toFixed(3);
  console.log("\nprovider  hit@3  MRR@10  ×before(hit@3, MRR)  all-miss top scores (max)      off-topic top  s");
  for (const [name, r] of results) {
    const misses = `${r.missTop.map((s) => s.toFixed(2)).join(" ")} (max ${fmt(Math.max(...r.missTop))})`;
    console.log(
      `${name.padEnd(8)}  ${fmt(r.hit3)}  ${fmt(r.mrr)}   ${(r.hit3 / before.hit3).toFixed(2)}× ${(r.mrr / before.mrr).toFixed(2)}×         ${misses.padEnd(30)} ${r.offTopicTop.map((s) => s.toFixed(2)).join(" ")}  ${(r.ms / 1000).toFixed(1)}`,
    );
  }
  for (const [name, r] of results)
    if (name !== "before" && (r.hit3 < 0.85 || Math.max(...r.missTop) > MISS_TARGET))
      console.log(`${name}: below target (hit@3 ≥ 0.85, all-miss top ≤ ${MISS_TARGET})`);
} finally {
  await d1.dispose();
}

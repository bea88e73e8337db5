/**
 * Scale benchmark: what the docs provider costs as the corpus grows, in both serving modes.
 *
 * Corpora of 1k, 10k and 100k chunks are generated from the relevance set's Markdown (what ships in
 * installed npm packages) by varying it (bench/support/synthetic.ts: copies under copy-k/ with words
 * swapped and a per-copy token on every line, so no copy repeats another). For each size and mode:
 *
 *   bundle  index time = buildCorpus (chunk, hash, MiniSearch index); size = the Worker bundled by esbuild
 *           with that corpus, raw and gzipped (the free plan takes 3 MiB gzipped, the hard limit is 10 MiB);
 *           beside it, `frameline index`'s estimate of that gzipped size (src/node/bundle-size.ts: the corpus
 *           module gzipped, plus an allowance for the code), as a ratio to the real one, and its cost (the
 *           gzip of the module text) as a share of the index time;
 *   d1      index time = the statements `frameline index --d1` writes (chunk, hash, terms) and running them
 *           inside workerd (Miniflare's local D1, as `wrangler d1 execute --local` does); size = the
 *           SQLite files on disk.
 *
 * Then the real Worker (worker/index.ts) runs in workerd (Miniflare) over it, and QUERIES warm queries
 * (the relevance set's questions, round robin, after one warm-up pass) are timed from Node through
 * dispatchFetch, with GET /healthz timed alike as the floor of that path. Printed: p50/p99 in ms, and the
 * 100k/1k ratio of p50 per mode (the cost of a query should grow far slower than the corpus).
 *
 * Run: npm run bench:docs-scale  (BENCH_SIZES=1000,10000 to choose sizes; BENCH_QUERIES, default 200)
 */
import { readdirSync, statSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Miniflare } from "miniflare";
import { d1Update } from "../src/docs-provider/d1/write.ts";
import { gzipBytes, workerGzipEstimate } from "../src/node/bundle-size.ts";
import { corpusModuleText } from "../src/node/corpus-module.ts";
import { buildCorpus, type CorpusFile } from "../src/docs-provider/index.ts";
import { bundleWorker } from "../test/support/worker/bundle.ts";
import { localD1 } from "../test/support/worker/d1.ts";
import { startWorker } from "../test/support/worker/http.ts";
import { queryFrames } from "./support/docs-query.ts";
import { loadRelevanceSet } from "./support/eval-corpus.ts";
import { syntheticCorpus } from "./support/synthetic.ts";

const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const { questions, files: base } = loadRelevanceSet();
const asks = questions.map((q) => q.ask);

interface Row {
  readonly size: number;
  readonly mode: "bundle" | "d1";
  readonly chunks: number;
  readonly indexMs: number;
  readonly bytes: number;
  readonly gzip?: number;
  /** `frameline index`'s estimate of the gzipped Worker, and the time it took. */
  readonly estimate?: { readonly bytes: number; readonly ms: number };
  readonly p50: number;
  readonly p99: number;
  readonly healthz: number;
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Warm timings of POST query and GET /healthz against a running Worker. */
async function timeQueries(mf: Miniflare): Promise<{ p50: number; p99: number; healthz: number }> {
  for (const goal of asks) await queryFrames(mf, goal);
  const times: number[] = [];
  const health: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    let started = performance.now();
    await queryFrames(mf, asks[i % asks.length]!);
    times.push(performance.now() - started);
    started = performance.now();
    await (await mf.dispatchFetch("http://localhost/healthz")).text();
    health.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  health.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), healthz: quantile(health, 0.5) };
}

function folderBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

async function bundleMode(size: number, files: CorpusFile[]): Promise<Row> {
  const started = performance.now();
  const corpus = await buildCorpus(files);
  const indexMs = performance.now() - started;
  const text = corpusModuleText(corpus);
  const estimated = performance.now();
  const estimate = { bytes: workerGzipEstimate(gzipBytes(text)), ms: performance.now() - estimated };
  const bundle = await bundleWorker(corpus);
  try {
    const script = await readFile(bundle.scriptPath);
    const mf = await startWorker(bundle, {});
    try {
      const timing = await timeQueries(mf);
      return {
        size,
        mode: "bundle",
        chunks: corpus.chunks.length,
        indexMs,
        bytes: script.length,
        gzip: gzipSync(script).length,
        estimate,
        ...timing,
      };
    } finally {
      await mf.dispose();
    }
  } finally {
    await bundle.cleanup();
  }
}

async function d1Mode(size: number, files: CorpusFile[], chunks: number): Promise<Row> {
  const persist = await mkdtemp(join(tmpdir(), "frameline-scale-d1-"));
  const bundle = await bundleWorker(await buildCorpus([]));
  try {
    const d1 = await localD1({ bundle, bindings: {} }, persist);
    try {
      const started = performance.now();
      await d1.run((await d1Update([], files)).statements);
      const indexMs = performance.now() - started;
      const timing = await timeQueries(d1.mf);
      return { size, mode: "d1", chunks, indexMs, bytes: folderBytes(persist), ...timing };
    } finally {
      await d1.dispose();
    }
  } finally {
    await bundle.cleanup();
    await rm(persist, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
for (const size of SIZES) {
  const files = syntheticCorpus(base, size);
  const bundled = await bundleMode(size, files).catch((error: Error) => {
    console.log(`bundle ${size}: not measured: ${error.message.slice(0, 300)}`);
    return undefined;
  });
  if (bundled) rows.push(bundled);
  const chunks = bundled?.chunks ?? (await buildCorpus(files)).chunks.length;
  rows.push(await d1Mode(size, files, chunks));
  for (const row of rows.filter((r) => r.size === size))
    console.log(
      `${row.mode.padEnd(6)} ${String(row.chunks).padStart(6)} chunks  index ${(row.indexMs / 1000).toFixed(1)} s  ` +
        `${mib(row.bytes)}${row.gzip === undefined ? "" : ` (gzip ${mib(row.gzip)})`}  query p50 ${row.p50.toFixed(2)} ms ` +
        `p99 ${row.p99.toFixed(2)} ms  (healthz p50 ${row.healthz.toFixed(2)} ms)`,
    );
  for (const row of rows.filter((r) => r.size === size && r.estimate && r.gzip))
    console.log(
      `       estimate ${mib(row.estimate!.bytes)} gzipped = ${(row.estimate!.bytes / row.gzip!).toFixed(3)}× the bundle's; ` +
        `${row.estimate!.ms.toFixed(0)} ms = ${((100 * row.estimate!.ms) / row.indexMs).toFixed(1)}% of the index time`,
    );
}
for (const mode of ["bundle", "d1"] as const) {
  const [small, large] = [
    rows.find((r) => r.mode === mode && r.size === SIZES[0]),
    rows.find((r) => r.mode === mode && r.size === SIZES.at(-1)),
  ];
  if (small && large && small !== large)
    console.log(
      `${mode}: ${large.chunks}/${small.chunks} chunks = ${(large.chunks / small.chunks).toFixed(0)}×; query p50 ${(large.p50 / small.p50).toFixed(2)}×, p99 ${(large.p99 / small.p99).toFixed(2)}×`,
    );
}

/**
 * Cold start: what the first query after a Worker starts costs, next to a warm query, before issue 13
 * (the BM25 index built on the first request) and now (the index built by `frameline index` and stored
 * with the corpus; or the corpus in D1).
 *
 * Corpora of about 330 and 3,300 chunks come from the relevance set's Markdown (bench/support/synthetic.ts).
 * For each size and provider, RUNS fresh workerd instances (Miniflare) start the real Worker: `before`
 * is worker/index.ts at BASELINE_COMMIT over a corpus its own buildCorpus made; `bundle` today's Worker
 * over today's corpus with its stored index; `d1` today's Worker with an empty bundle and the corpus in
 * Miniflare's local D1. Timed from Node through dispatchFetch once the instance is ready: the first query
 * (cold), then WARM queries (warm p50). Printed per provider: the median cold and warm ms over the runs
 * and cold/warm, and today's cold/warm against before's.
 *
 * Run: npm run bench:docs-cold  (BENCH_RUNS, default 5)
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import type { Miniflare } from "miniflare";
import { buildCorpus, type CorpusFile, type DocsCorpus } from "../src/docs-provider/index.ts";
import { writeCorpusModule } from "../src/node/corpus-module.ts";
import { bundleWorker, WORKERD_BUILD } from "../test/support/worker/bundle.ts";
import { localD1, writeCorpus } from "../test/support/worker/d1.ts";
import { startWorker } from "../test/support/worker/http.ts";
import { baselineDocs, baselineTree } from "./support/baseline.ts";
import { queryFrames } from "./support/docs-query.ts";
import { median } from "./support/median.ts";
import { loadRelevanceSet } from "./support/eval-corpus.ts";
import { syntheticCorpus } from "./support/synthetic.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARM = 30;
const { questions, files: base } = loadRelevanceSet();
const asks = questions.map((q) => q.ask);

async function query(mf: Miniflare, goal: string): Promise<number> {
  const started = performance.now();
  await queryFrames(mf, goal);
  return performance.now() - started;
}

/** Cold (first) and warm (p50) query ms of one fresh instance, disposed after. */
async function measure(start: () => Promise<{ mf: Miniflare; dispose(): Promise<unknown> }>) {
  const instance = await start();
  try {
    await instance.mf.ready;
    const cold = await query(instance.mf, asks[0]!);
    const warm: number[] = [];
    for (let i = 0; i < WARM; i++) warm.push(await query(instance.mf, asks[(i + 1) % asks.length]!));
    return { cold, warm: median(warm) };
  } finally {
    await instance.dispose();
  }
}

/** The baseline Worker bundled against a corpus file, as its own build would (esbuild, one ES module). */
async function baselineBundle(corpus: DocsCorpus, dir: string): Promise<string> {
  const corpusPath = join(dir, "corpus.json");
  await writeCorpusModule(corpus, corpusPath);
  const scriptPath = join(dir, "worker.mjs");
  await build({
    ...WORKERD_BUILD,
    entryPoints: [join(baselineTree(), "worker", "index.ts")],
    outfile: scriptPath,
    plugins: [
      { name: "corpus", setup: (b) => b.onResolve({ filter: /^\.\/corpus\.json$/ }, () => ({ path: corpusPath })) },
    ],
  });
  return scriptPath;
}

async function worker(bundle: { dir: string; scriptPath: string }) {
  const mf = await startWorker(bundle, {});
  return { mf, dispose: () => mf.dispose() };
}

async function providers(files: CorpusFile[]) {
  const baseline = await baselineDocs();
  const dir = await mkdtemp(join(tmpdir(), "frameline-cold-"));
  const beforeScript = await baselineBundle(await baseline.buildCorpus(files), dir);
  const bundle = await bundleWorker(await buildCorpus(files));
  const empty = await bundleWorker(await buildCorpus([]));
  return {
    starts: {
      before: () => worker({ dir, scriptPath: beforeScript }),
      bundle: () => worker(bundle),
      d1: async () => {
        const d1 = await localD1({ bundle: empty, bindings: {} });
        await writeCorpus(d1, files);
        return d1;
      },
    },
    cleanup: async () => {
      await rm(dir, { recursive: true, force: true });
      await bundle.cleanup();
      await empty.cleanup();
    },
  };
}

for (const size of [330, 3300]) {
  const files = syntheticCorpus(base, size);
  const chunks = (await buildCorpus(files)).chunks.length;
  const { starts, cleanup } = await providers(files);
  try {
    const ratios = new Map<string, number>();
    for (const [name, start] of Object.entries(starts)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(start));
      const [cold, warm] = [median(runs.map((r) => r.cold)), median(runs.map((r) => r.warm))];
      ratios.set(name, cold / warm);
      console.log(
        `${chunks} chunks  ${name.padEnd(6)}  cold ${cold.toFixed(1)} ms  warm ${warm.toFixed(2)} ms  cold/warm ${(cold / warm).toFixed(1)}×`,
      );
    }
    const before = ratios.get("before")!;
    for (const name of ["bundle", "d1"])
      console.log(`${chunks} chunks  ${name}: cold/warm ${(ratios.get(name)! / before).toFixed(2)}× before's`);
  } finally {
    await cleanup();
  }
}

/**
 * Playground benchmark: how long a person waits for the badges of a
 * 1,000-frame signed answer (spec §3.7–§3.13), against verifying the same
 * answer with `verifyResultAttestations` alone, in the same Chromium.
 *
 *   1. The answer: 1,000 frames of ~330 B from a signed provider (one root
 *      signature, a proof per frame), recorded as the playground's transcript.
 *   2. (B) the baseline, in a bare page: `decodeLine` of the `frames` line, then
 *      `verifyResultAttestations` on the main thread (V); D+V is both.
 *   3. (P) the playground: the transcript imported through the file picker;
 *      the page reads it, its host Worker replays it through the same host
 *      code as a live answer (decode, audit, every attestation, content
 *      digests), and the page draws the cards in slices. T1 = until the first
 *      badge is on the page, Tn = until the last (User Timing marks).
 *   4. Ratios T1/V, Tn/V (and over D+V), medians of interleaved rounds after
 *      warm-up; the longest main-thread task in P, as thread time (one more,
 *      traced round) and as wall time (PerformanceObserver, which a busy machine stretches).
 *   5. Sizes: the page's JavaScript (app.js + host.js), the chunks loaded after
 *      the page or on demand, and the in-page provider (with its corpus), gzipped.
 *
 * These machines are shared and noisy: the ratios travel, absolute times do
 * not. It prints, never asserts, except sanity: every frame must verify.
 *
 * Run: npm run bench:playground  (node --import tsx bench/playground.ts)
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";
import { launchChromium } from "../test/support/browser/chromium.ts";
import { buildForTest, OFFLINE_ORIGIN, serveOffline } from "../test/support/browser/playground.ts";
import { mainThreadTasks } from "../test/support/browser/main-thread.ts";
import { importTranscript, openPlayground } from "../test/support/browser/playground-page.ts";
import { manyFramesProvider, recordSession } from "../test/support/browser/transcripts.ts";
import type { AttesterKey } from "../src/protocol/index.ts";
import { median } from "./support/median.ts";

const FRAMES = 1000;
const WARMUP_ROUNDS = 2;
const TIMED_ROUNDS = 7;
const KB = 1024;

function fail(message: string): never {
  console.error(`\n!!! BENCHMARK INVALID: ${message}\n`);
  process.exit(1);
}

const built = await buildForTest();
const transcript = await recordSession(await manyFramesProvider(FRAMES), [
  { goal: "many", max_frames: FRAMES, max_tokens: 1_000_000 },
]);
const file = join(built.outDir, "..", "bench.ndjson");
await writeFile(file, transcript);
const lines = transcript.split("\n");
const framesLine = lines.find((line) => line.startsWith('{"type":"frames"'))!;
const ack = JSON.parse(lines.find((line) => line.startsWith('{"type":"handshake_ack"'))!);
const keys: AttesterKey[] = ack.attester_keys;
const baselineJs = (
  await build({
    entryPoints: [new URL("./playground-baseline-entry.ts", import.meta.url).pathname],
    bundle: true,
    format: "esm",
    minify: true,
    write: false,
    logLevel: "silent",
  })
).outputFiles[0]!.text;

const browser = await launchChromium();
const context = await browser.newContext();
await serveOffline(context, built);
await context.route(`${OFFLINE_ORIGIN}/bench/**`, (route) =>
  route.request().url().endsWith(".js")
    ? route.fulfill({ body: baselineJs, contentType: "text/javascript" })
    : route.fulfill({
        body: '<!doctype html><script type="module" src="./baseline.js"></script>',
        contentType: "text/html",
      }),
);
await context.addInitScript(() => {
  (globalThis as any).__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) (globalThis as any).__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
});

async function baselineRound(): Promise<{ decodeMs: number; verifyMs: number }> {
  const page = await context.newPage();
  await page.goto(`${OFFLINE_ORIGIN}/bench/baseline.html`);
  await page.waitForFunction(() => typeof window.baseline === "function");
  const result = await page.evaluate(([line, name, k]) => window.baseline(line, name, k), [
    framesLine,
    ack.provider.name,
    keys,
  ] as const);
  await page.close();
  if (result.attested !== FRAMES) fail(`the baseline verified ${result.attested} of ${FRAMES} frames`);
  return result;
}

/** One import; `traced` adds a trace of the main thread (not in timed rounds: tracing costs time itself). */
async function playgroundRound(
  traced = false,
): Promise<{ first: number; all: number; longest: number; thread: number }> {
  const { page } = await openPlayground(context, OFFLINE_ORIGIN);
  const run = () => importTranscript(page, "bench.ndjson", { path: file });
  const tasks = traced ? await mainThreadTasks(page, run) : (await run(), []);
  // No named functions inside: the page runs this source as it is (tsx would wrap them in a helper it lacks).
  const marks = await page.evaluate(() => {
    const [asked, first, all] = ["frameline:asked", "frameline:first-badge", "frameline:all-badges"].map(
      (name) => performance.getEntriesByName(name).at(-1)!.startTime,
    ) as [number, number, number];
    const tasks: [number, number][] = (globalThis as any).__longTasks;
    return {
      first: first - asked,
      all: all - asked,
      longest: Math.max(0, ...tasks.filter((task) => task[0] >= asked).map((task) => task[1])),
      verified: document.querySelectorAll('#frames .frame[data-verdict="valid"]').length,
    };
  });
  await page.close();
  if (marks.verified !== FRAMES) fail(`the playground showed ${marks.verified} of ${FRAMES} frames verified`);
  return { ...marks, thread: Math.max(0, ...tasks.map((task) => task.threadMs)) };
}

const rounds: { v: number; dv: number; first: number; all: number; longest: number }[] = [];
for (let round = 0; round < WARMUP_ROUNDS + TIMED_ROUNDS; round++) {
  const base = await baselineRound();
  const page = await playgroundRound();
  if (round >= WARMUP_ROUNDS)
    rounds.push({
      v: base.verifyMs,
      dv: base.decodeMs + base.verifyMs,
      first: page.first,
      all: page.all,
      longest: page.longest,
    });
  if (process.env.BENCH_TRACE) console.log(round, base, page);
}
const { thread } = await playgroundRound(true);
await browser.close();

const v = median(rounds.map((r) => r.v));
const dv = median(rounds.map((r) => r.dv));
const first = median(rounds.map((r) => r.first));
const all = median(rounds.map((r) => r.all));
const longest = Math.max(...rounds.map((r) => r.longest));
const gz = (files: readonly { gzipBytes: number }[]) =>
  `${(files.reduce((s, f) => s + f.gzipBytes, 0) / KB).toFixed(1)} KB`;
console.log(
  `playground benchmark: ${FRAMES} signed frames, ${TIMED_ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up (medians)`,
);
console.log(
  `  baseline V   verifyResultAttestations alone      ${v.toFixed(1)} ms   (D+V with decodeLine ${dv.toFixed(1)} ms)`,
);
console.log(
  `  playground   time to first badge T1              ${first.toFixed(1)} ms   T1/V = ${(first / v).toFixed(2)}   T1/(D+V) = ${(first / dv).toFixed(2)}`,
);
console.log(
  `  playground   time to all badges Tn               ${all.toFixed(1)} ms   Tn/V = ${(all / v).toFixed(2)}   Tn/(D+V) = ${(all / dv).toFixed(2)}`,
);
console.log(
  `  longest main-thread task while the page checked and drew: ${thread.toFixed(1)} ms of thread time (limit 50 ms); longest long task observed, wall time: ${longest.toFixed(0)} ms`,
);
console.log(
  `  page JS ${gz(built.pageScripts)} gzipped (app.js + host.js; limit 40 KB); after load or on demand ${gz(built.lazyScripts)} (${built.lazyScripts.map((f) => f.path.replace(/^chunks\/|-[A-Z0-9]+\.js$/g, "")).join(", ")}); in-page provider ${gz([built.providerScript])} with its corpus, started after load`,
);
await built.cleanup();

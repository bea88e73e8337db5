/**
 * Ask benchmark: what does the ask Worker (worker/ask) add to a question, in workerd?
 *
 * One Miniflare (127.0.0.1 only) runs the real docs Worker (signed, and a second one unsigned), the ask
 * Worker under several configurations, and a tap that holds each request DELAY_MS before forwarding it
 * (a provider farther away than a service binding). Every request goes from this process to workerd the
 * same way (`getWorker(name).fetch`), so that hop is in every figure alike.
 *
 *   (D)  direct: the docs Worker's /contextgraph with the query envelope the ask Worker sends it
 *        (same goal, query_text, max_frames and max_tokens), signed;
 *   (W)  /ask, warm: the handshake cache holds the ack, so one query per question, then the audit
 *        (every signature checked) and the composition;
 *   (C)  /ask, cold: HANDSHAKE_CACHE = "off", a handshake before every query (over a service binding a
 *        handshake costs little; the same pair through the delaying tap shows what a round trip costs);
 *   (Du), (Wu) the same two over the unsigned docs Worker: the host's work without any verification;
 *   (V)  verification alone, in workerd: `verifyResultAttestations` on the very result (D) returns;
 *   (F1), (F4), (F16) /ask fanned out to 1, 4 and 16 providers (the docs Worker under 16 names, one
 *        binding), each leg's share of the budget the same (400 tokens, max 4 frames): once through the
 *        delaying tap (legs that wait on the network: the wall time should stay near one leg's), once
 *        straight to the docs Worker (legs that compete for one provider isolate's CPU).
 *
 * Contenders are interleaved round by round after warm-up rounds; each figure is the median of ROUNDS
 * sequential requests. Target: W ≤ 1.5 × D + V. Ratios are printed; nothing is asserted but sanity
 * (every answer 200, every frame attested where signed, warm answers from memory, cold ones handshaken,
 * every fan-out leg served): a run that fails it prints "BENCHMARK INVALID" and exits 1.
 *
 * Run: npm run bench:ask  (BENCH_ROUNDS=<requests per contender>, default 150; BENCH_DELAY_MS, default 25)
 */
import { join } from "node:path";
import { build } from "esbuild";
import type { Miniflare, WorkerOptions } from "miniflare";
import {
  askWorker,
  type Bundles,
  bundles,
  DOCS_PINNED_KEYS,
  docsWorker,
  serviceProvider,
  startWorkers,
  tapWorker,
} from "../test/support/ask/miniflare.ts";
import { WORKERD_BUILD } from "../test/support/worker/bundle.ts";
import { bundledWorker } from "../test/support/worker/http.ts";
import { median } from "./support/median.ts";
import { PROJECT_ROOT } from "../test/support/project-root.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 150);
const WARMUP = 20;
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 25);
const FAN_OUT = [1, 4, 16] as const;
const LEG_TOKENS = 400;
const QUESTION = {
  goal: "How do I give the Worker a signing key and check that an answer is signed?",
  query_text: "ATTESTATION_SEED signing key verify signature",
  budget_tokens: 2048,
  max_frames: 8,
};

let invalid = false;
function problem(message: string): void {
  invalid = true;
  console.error(`!!! BENCHMARK INVALID: ${message}`);
}

/** The query envelope the ask Worker sends one provider for QUESTION (spec §1.6). */
const DIRECT_BODY = JSON.stringify({
  type: "query",
  id: "q1",
  query: {
    goal: QUESTION.goal,
    query_text: QUESTION.query_text,
    max_frames: QUESTION.max_frames,
    max_tokens: QUESTION.budget_tokens,
  },
});

function fanOutProviders(n: number) {
  return Array.from({ length: n }, (_, i) => serviceProvider(`docs-${i + 1}`, "DOCS"));
}

function workers(built: Bundles, verifier: { dir: string; scriptPath: string }): WorkerOptions[] {
  const one = [serviceProvider("docs", "DOCS")];
  return [
    askWorker(built, "ask-warm", { PROVIDERS: one }, { DOCS: "docs" }),
    askWorker(built, "ask-cold", { PROVIDERS: one, HANDSHAKE_CACHE: "off" }, { DOCS: "docs" }),
    askWorker(built, "ask-warm-unsigned", { PROVIDERS: one }, { DOCS: "docs-unsigned" }),
    askWorker(built, "ask-warm-delayed", { PROVIDERS: one }, { DOCS: "tap-delay" }),
    askWorker(built, "ask-cold-delayed", { PROVIDERS: one, HANDSHAKE_CACHE: "off" }, { DOCS: "tap-delay" }),
    ...FAN_OUT.flatMap((n) => [
      askWorker(built, `fan-${n}-delayed`, { PROVIDERS: fanOutProviders(n) }, { DOCS: "tap-delay" }),
      askWorker(built, `fan-${n}`, { PROVIDERS: fanOutProviders(n) }, { DOCS: "docs" }),
    ]),
    docsWorker(built),
    { ...docsWorker(built, "docs-unsigned"), bindings: {} },
    tapWorker("tap-delay", "docs", DELAY_MS),
    { name: "verifier", ...bundledWorker(verifier) },
  ];
}

async function bundleVerifier(dir: string) {
  const scriptPath = join(dir, "verifier.mjs");
  await build({
    ...WORKERD_BUILD,
    entryPoints: [join(PROJECT_ROOT, "bench", "ask-verify-worker.ts")],
    outfile: scriptPath,
  });
  return { dir, scriptPath };
}

type Contender = { name: string; run: () => Promise<void> };

async function post(mf: Miniflare, worker: string, path: string, body: string): Promise<{ status: number; json: any }> {
  const response = await (await mf.getWorker(worker)).fetch(`http://127.0.0.1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const text = await response.text();
  return { status: response.status, json: text === "" ? undefined : JSON.parse(text) };
}

/** A /ask contender whose every answer must pass `check` (sanity); `check` learns which call it was (0 first). */
function askContender(
  mf: Miniflare,
  worker: string,
  question: object,
  check: (answer: any, call: number) => string | undefined,
): Contender {
  const body = JSON.stringify(question);
  let calls = 0;
  return {
    name: worker,
    run: async () => {
      const { status, json } = await post(mf, worker, "/ask", body);
      const why = status === 200 ? check(json, calls++) : `HTTP ${status}`;
      if (why) problem(`${worker}: ${why}`);
    },
  };
}

/** Every frame attested, the ack from `source` (a warm contender's first call is its one handshake). */
const attestedFrom = (source: string) => (answer: any, call: number) => {
  const expected = call === 0 ? "handshake" : source;
  if (answer.legs[0]?.handshake !== expected) return `handshake from ${answer.legs[0]?.handshake}, not ${expected}`;
  if (answer.frames.length === 0) return "no frames";
  return answer.frames.every((f: any) => f.attestation.state === "attested") ? undefined : "a frame not attested";
};
const unsignedFrom = (answer: any) =>
  answer.frames.length > 0 && answer.frames.every((f: any) => f.attestation.state === "unattested")
    ? undefined
    : "frames missing or not unattested";
const everyLegServed = (n: number) => (answer: any) =>
  answer.legs.length === n && answer.legs.every((leg: any) => leg.outcome === "frames" && leg.frames > 0)
    ? undefined
    : `legs: ${JSON.stringify(answer.legs.map((leg: any) => leg.outcome))}`;

function directContender(mf: Miniflare, worker: string, signed: boolean): Contender {
  return {
    name: worker,
    run: async () => {
      const { status, json } = await post(mf, worker, "/contextgraph", DIRECT_BODY);
      if (status !== 200 || json.type !== "frames" || json.result.frames.length === 0) problem(`${worker}: no frames`);
      else if (signed !== (json.result.result_attestation !== undefined)) problem(`${worker}: signed is not ${signed}`);
    },
  };
}

/** Runs every contender WARMUP times, then ROUNDS times interleaved; the median ms of each. */
async function timeInterleaved(contenders: Contender[]): Promise<Map<string, number>> {
  for (let i = 0; i < WARMUP; i++) for (const contender of contenders) await contender.run();
  const samples = new Map(contenders.map((c) => [c.name, [] as number[]]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const contender of contenders) {
      const started = performance.now();
      await contender.run();
      samples.get(contender.name)!.push(performance.now() - started);
    }
  }
  return new Map([...samples].map(([name, times]) => [name, median(times)]));
}

/** (V): verification of the direct answer's result in workerd, with its states for sanity. */
async function verification(mf: Miniflare): Promise<number> {
  const direct = await post(mf, "docs", "/contextgraph", DIRECT_BODY);
  const job = JSON.stringify({ result: direct.json.result, provider: "docs", keys: DOCS_PINNED_KEYS, rounds: 200 });
  await post(mf, "verifier", "/", job); // warm-up
  const { json } = await post(mf, "verifier", "/", job);
  if (!json.states.every((state: string) => state === "attested")) problem(`verifier states ${json.states}`);
  return json.meanMs as number;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const x = (value: number) => `${value.toFixed(2)}×`;

async function main(): Promise<void> {
  const built = await bundles();
  const verifier = await bundleVerifier(built.ask.dir);
  const mf = await startWorkers(workers(built, verifier));
  try {
    console.log(
      `ask benchmark: ${ROUNDS} requests per contender (median), ${WARMUP} warm-up, tap delay ${DELAY_MS} ms`,
    );
    console.log(
      `ask Worker bundle: ${(built.ask.bytes / 1024).toFixed(0)} KiB (esbuild, unminified, MCP SDK included)`,
    );
    const main = await timeInterleaved([
      directContender(mf, "docs", true),
      askContender(mf, "ask-warm", QUESTION, attestedFrom("memory")),
      askContender(mf, "ask-cold", QUESTION, attestedFrom("handshake")),
      directContender(mf, "docs-unsigned", false),
      askContender(mf, "ask-warm-unsigned", QUESTION, unsignedFrom),
      askContender(mf, "ask-warm-delayed", QUESTION, attestedFrom("memory")),
      askContender(mf, "ask-cold-delayed", QUESTION, attestedFrom("handshake")),
    ]);
    const verify = await verification(mf);
    const names = [
      "docs",
      "ask-warm",
      "ask-cold",
      "docs-unsigned",
      "ask-warm-unsigned",
      "ask-warm-delayed",
      "ask-cold-delayed",
    ];
    const [D, W, C, Du, Wu, Wd, Cd] = names.map((n) => main.get(n)!);
    console.log("\n── one provider ─────────────────────────────────────────");
    console.log(`(D)  direct /contextgraph, signed          ${ms(D!)}`);
    console.log(`(W)  /ask, warm handshake cache            ${ms(W!)}   W/D = ${x(W! / D!)}`);
    console.log(`(V)  verification alone, in workerd        ${ms(verify)}`);
    console.log(
      `     W ≤ 1.5 × D + V ?                     ${ms(W!)} vs ${ms(1.5 * D! + verify)}: ${W! <= 1.5 * D! + verify ? "yes" : "NO"}`,
    );
    console.log(`     (W − V) / D                           ${x((W! - verify) / D!)}`);
    console.log(`(C)  /ask, cold (a handshake every time)   ${ms(C!)}   C/W = ${x(C! / W!)}`);
    console.log(`(Du) direct, unsigned                      ${ms(Du!)}`);
    console.log(`(Wu) /ask, warm, unsigned (no verifying)   ${ms(Wu!)}   Wu/Du = ${x(Wu! / Du!)}`);
    console.log(`through the tap (${DELAY_MS} ms per request to the provider):`);
    console.log(`     /ask, warm                            ${ms(Wd!)}`);
    console.log(`     /ask, cold                            ${ms(Cd!)}   cold/warm = ${x(Cd! / Wd!)}`);

    const fan = await timeInterleaved(
      FAN_OUT.flatMap((n) => {
        const question = { ...QUESTION, budget_tokens: n * LEG_TOKENS, max_frames: 4 };
        return [
          askContender(mf, `fan-${n}-delayed`, question, everyLegServed(n)),
          askContender(mf, `fan-${n}`, question, everyLegServed(n)),
        ];
      }),
    );
    console.log("\n── fan-out (400 tokens, 4 frames per leg) ───────────────");
    for (const suffix of ["-delayed", ""]) {
      const one = fan.get(`fan-1${suffix}`)!;
      const label = suffix ? `legs waiting ${DELAY_MS} ms on the network` : "legs sharing one provider isolate";
      console.log(label);
      for (const n of FAN_OUT) {
        const t = fan.get(`fan-${n}${suffix}`)!;
        console.log(
          `  ${String(n).padStart(2)} providers  ${ms(t).padStart(10)}   vs 1: ${x(t / one)}   (the sum of ${n} legs would be ${x(n)})`,
        );
      }
    }
  } finally {
    await mf.dispose();
    await built.cleanup();
  }
  if (invalid) process.exit(1);
}

await main();

/**
 * Worker benchmark: what does a `query` round trip cost the edge provider
 * (worker/index.ts) under `wrangler dev`, next to the Worker's trivial route?
 *
 *   1. Starts `wrangler dev --ip 127.0.0.1 --port <free port>` with a fresh
 *      ATTESTATION_SEED given by `--var` and `--env-file <empty temp file>`, so
 *      the project's .dev.vars is neither read nor written; then again without
 *      a seed (answers unsigned).
 *   2. Sanity, once per server: `GET /contextgraph` says signed / unsigned;
 *      `POST handshake` publishes the key derived from our seed; `POST query`
 *      returns a `frames` envelope with frames, and (signed) every frame and the
 *      result verify as attested under that key.
 *   3. autocannon (programmatic API, in this process) at 1 and 32
 *      connections: `GET /healthz` (the limit: the Worker's trivial route, same
 *      wrangler/workerd path) and `POST /contextgraph` with one realistic query
 *      envelope (application/json), DURATION_S each, run as 3 alternating
 *      slices (healthz, query, healthz, query, …) and pooled, so noise from
 *      elsewhere on a shared machine hits both alike. Every response of every
 *      slice must be 2xx, with no errors or timeouts, or the run is invalid.
 *
 * Reported per run: requests/s (completed requests ÷ run time), p50/p99/mean
 * latency in ms from autocannon's per-response times (its own histogram keeps
 * whole milliseconds only), the ratio of query throughput to /healthz at the
 * same concurrency (pooled, and per slice pair), and CPU ms per request of
 * each process on the path (wrangler's Node, the proxy workerd wrangler puts
 * in front, the Worker's own workerd, and autocannon in this process), from
 * /proc, to show where the time goes. Target: signed query ≥ 0.5×
 * /healthz. The machine is shared and noisy: absolute numbers do not travel,
 * the ratio mostly does. It prints, never asserts beyond sanity (a run that is
 * not all 200 measures nothing): exit 1 then.
 *
 * Note: wrangler.toml's [build] step runs on every `wrangler dev`, so
 * worker/corpus.json (a git-ignored build output) is rebuilt from README.md
 * and docs/ first; the script reports whether it changed.
 *
 * Run: npm run bench:worker  (BENCH_DURATION=<seconds per route and concurrency>, default 6)
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon, { type Result } from "autocannon";
import { signerFromSeed } from "../src/attest/signer.ts";
import { verifyResultAttestations } from "../src/attest/verify-result.ts";
import type { Envelope } from "../src/protocol/envelope.ts";
import { decodeLine } from "../src/wire/line.ts";
import { cpuByRole, ROLES, type Server, startWrangler, stopWrangler as stopServer } from "./support/wrangler.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
const WARMUP_S = 2;
/** Each route's DURATION_S at one concurrency is run as this many alternating slices. */
const SLICES = 3;
const CONCURRENCY = [1, 32] as const;
const TARGET_RATIO = 0.5;

const QUERY_BODY = JSON.stringify({
  type: "query",
  id: "q1",
  query: {
    goal: "How do I give the Worker a signing key and check that an answer is signed?",
    query_text: "ATTESTATION_SEED signing key verify signature",
    max_frames: 8,
    max_tokens: 2048,
  },
});
const JSON_HEADERS = { "content-type": "application/json" };

let invalid = false;
function problem(message: string) {
  invalid = true;
  console.error(`!!! BENCHMARK INVALID: ${message}`);
}

/** Stops the server; a workerd that outlives it makes the run invalid. */
async function stopWrangler(server: Server): Promise<void> {
  const remaining = await stopServer(server);
  if (remaining.length > 0) problem(`workerd ${remaining.join(", ")} still running`);
}

// ── sanity ──────────────────────────────────────────────────────────────────

async function post(base: string, body: string): Promise<{ status: number; envelope: Envelope }> {
  const response = await fetch(`${base}/contextgraph`, { method: "POST", headers: JSON_HEADERS, body });
  return { status: response.status, envelope: decodeLine(await response.text()) };
}

async function sanity(server: Server, seed: string | undefined): Promise<string> {
  const description = (await (await fetch(`${server.base}/contextgraph`)).json()) as { signed?: boolean };
  if (description.signed !== (seed !== undefined))
    problem(`GET /contextgraph says signed=${description.signed}, expected ${seed !== undefined}`);
  const ack = await post(server.base, '{"type":"handshake","protocol_version":"contextgraph/1.0"}');
  if (ack.status !== 200 || ack.envelope.type !== "handshake_ack") {
    problem(`handshake: ${ack.status} ${ack.envelope.type}`);
    return "no handshake_ack";
  }
  const keys = ack.envelope.attester_keys ?? [];
  if (seed) {
    const expected = (await signerFromSeed(seed, { keyId: "expected", attesterId: "docs" })).attesterKey.public_key;
    if (keys.length !== 1 || keys[0]?.public_key !== expected)
      problem(`the Worker's key ${keys[0]?.public_key} is not the one from our seed (${expected})`);
  } else if (keys.length > 0) problem("unsigned server publishes attester keys");
  const reply = await post(server.base, QUERY_BODY);
  if (reply.status !== 200 || reply.envelope.type !== "frames" || reply.envelope.id !== "q1") {
    problem(`query: ${reply.status} ${JSON.stringify(reply.envelope).slice(0, 200)}`);
    return "no frames";
  }
  const result = reply.envelope.result;
  if (result.frames.length === 0) problem("the query returned no frames");
  let signature = "unsigned";
  if (seed) {
    const report = await verifyResultAttestations(result, ack.envelope.provider.name, keys);
    const attested = report.frames.filter((state) => state.state === "attested").length;
    if (report.result.state !== "attested" || attested !== result.frames.length) {
      problem(`attestation: result ${report.result.state}, ${attested}/${result.frames.length} frames attested`);
    }
    signature = `result ${report.result.state}, ${attested}/${result.frames.length} frames attested`;
  } else if (result.result_attestation !== undefined) problem("unsigned server signed its answer");
  const bytes = Buffer.byteLength(JSON.stringify(reply.envelope));
  return `${result.frames.length} frames (${result.frames
    .map((f) => f.id)
    .slice(0, 3)
    .join(", ")}, …), ~${(bytes / 1024).toFixed(1)} KB, ${signature}`;
}

// ── load ────────────────────────────────────────────────────────────────────

/** One autocannon run: raw numbers, pooled later. */
interface Slice {
  readonly seconds: number;
  readonly requests: number;
  /** autocannon's per-response times, ms (fractional). */
  readonly times: number[];
  readonly cpu: Record<string, number>;
  readonly bad: string;
}

interface Row {
  readonly name: string;
  readonly connections: number;
  readonly rps: number;
  /** req/s of each slice, in run order. */
  readonly sliceRps: number[];
  readonly p50: number;
  readonly p99: number;
  readonly mean: number;
  readonly requests: number;
  readonly bad: string;
  /** CPU milliseconds per completed request, by process. */
  readonly cpuPerRequest: Record<string, number>;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const AUTOCANNON_SELF = "autocannon (this process)";

async function slice(
  server: Server,
  name: string,
  url: string,
  connections: number,
  duration: number,
  post: boolean,
): Promise<Slice> {
  const times: number[] = [];
  const cpuBefore = cpuByRole(server);
  const ownBefore = process.cpuUsage();
  const instance = autocannon({
    url,
    connections,
    pipelining: 1,
    duration,
    timeout: 10,
    ...(post ? { method: "POST", headers: JSON_HEADERS, body: QUERY_BODY } : { method: "GET" }),
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => {
    times.push(responseTime);
  });
  const result: Result = await instance;
  const own = process.cpuUsage(ownBefore);
  const cpuAfter = cpuByRole(server);
  const total = result.requests.total;
  const failures = [
    result.non2xx ? `${result.non2xx} non-2xx` : "",
    result.errors ? `${result.errors} errors` : "",
    result.timeouts ? `${result.timeouts} timeouts` : "",
    result["2xx"] !== total ? `2xx ${result["2xx"]} ≠ ${total} completed` : "",
    total === 0 ? "no requests" : "",
  ].filter(Boolean);
  const bad = failures.join(", ");
  if (bad) problem(`${name} c${connections}: ${bad} (status codes ${JSON.stringify(result.statusCodeStats)})`);
  return {
    seconds: (result.finish.getTime() - result.start.getTime()) / 1000,
    requests: total,
    times,
    cpu: {
      ...Object.fromEntries(ROLES.map((role) => [role, cpuAfter[role] - cpuBefore[role]])),
      [AUTOCANNON_SELF]: (own.user + own.system) / 1e6,
    },
    bad,
  };
}

function pool(name: string, connections: number, slices: readonly Slice[]): Row {
  const requests = slices.reduce((sum, s) => sum + s.requests, 0);
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0);
  const sorted = Float64Array.from(slices.flatMap((s) => s.times)).sort();
  const cpuPerRequest: Record<string, number> = {};
  for (const who of [...ROLES, AUTOCANNON_SELF]) {
    cpuPerRequest[who] = (slices.reduce((sum, s) => sum + (s.cpu[who] ?? 0), 0) * 1000) / Math.max(1, requests);
  }
  return {
    name,
    connections,
    rps: requests / seconds,
    sliceRps: slices.map((s) => s.requests / s.seconds),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: sorted.reduce((sum, t) => sum + t, 0) / Math.max(1, sorted.length),
    requests,
    bad: slices
      .map((s) => s.bad)
      .filter(Boolean)
      .join("; "),
    cpuPerRequest,
  };
}

function printRow(row: Row) {
  console.log(
    `  ${row.name.padEnd(24)} c=${String(row.connections).padEnd(3)} ${row.rps.toFixed(0).padStart(6)} req/s   p50 ${row.p50.toFixed(2).padStart(6)} ms   p99 ${row.p99
      .toFixed(2)
      .padStart(
        6,
      )} ms   mean ${row.mean.toFixed(2).padStart(6)} ms   (${row.requests} requests, ${row.bad || "all 200"}; per slice ${row.sliceRps.map((r) => r.toFixed(0)).join("/")} req/s)`,
  );
  const cpu = Object.entries(row.cpuPerRequest).map(([who, ms]) => `${who} ${ms.toFixed(2)}`);
  console.log(`  ${"".padEnd(24)}       CPU ms/request: ${cpu.join(" · ")}`);
}

/**
 * Warm-up (not reported), then at each concurrency /healthz and the query
 * alternately, SLICES slices of DURATION_S / SLICES seconds each, so a burst
 * of load from elsewhere on the machine hits both alike; slices are pooled.
 */
async function series(server: Server, queryName: string): Promise<Row[]> {
  const healthz = `${server.base}/healthz`;
  const endpoint = `${server.base}/contextgraph`;
  await slice(server, "warm-up /healthz", healthz, 8, WARMUP_S, false);
  await slice(server, "warm-up query", endpoint, 8, WARMUP_S, true);
  const rows: Row[] = [];
  for (const connections of CONCURRENCY) {
    const limit: Slice[] = [];
    const query: Slice[] = [];
    for (let i = 0; i < SLICES; i++) {
      limit.push(await slice(server, "GET /healthz", healthz, connections, DURATION_S / SLICES, false));
      query.push(await slice(server, queryName, endpoint, connections, DURATION_S / SLICES, true));
    }
    for (const row of [pool("GET /healthz (limit)", connections, limit), pool(queryName, connections, query)]) {
      printRow(row);
      rows.push(row);
    }
    const perSlice = query.map((q, i) =>
      (q.requests / q.seconds / (limit[i]!.requests / limit[i]!.seconds)).toFixed(2),
    );
    console.log(`  ${"".padEnd(24)}       ratio query ÷ /healthz per slice pair: ${perSlice.join(", ")}`);
  }
  return rows;
}

// ── main ────────────────────────────────────────────────────────────────────

const corpusFile = join(ROOT, "worker/corpus.json");
const corpusHash = () =>
  existsSync(corpusFile) ? createHash("sha256").update(readFileSync(corpusFile)).digest("hex").slice(0, 12) : "absent";
const corpusBefore = corpusHash();
const tmp = mkdtempSync(join(tmpdir(), "frameline-bench-worker-"));
const seed = randomBytes(32).toString("hex");
const results: { label: string; rows: Row[] }[] = [];
let current: Server | undefined;

const interrupt = () => {
  console.error("\ninterrupted: stopping wrangler");
  void (current ? stopWrangler(current) : Promise.resolve()).finally(() => {
    rmSync(tmp, { recursive: true, force: true });
    process.exit(130);
  });
};
process.once("SIGINT", interrupt);
process.once("SIGTERM", interrupt);

console.log(
  `frameline Worker benchmark: wrangler dev, autocannon ${DURATION_S} s per run, concurrency ${CONCURRENCY.join(" and ")}`,
);
console.log(`query body (${Buffer.byteLength(QUERY_BODY)} B): ${QUERY_BODY}\n`);

try {
  for (const [label, key] of [
    ["signed", seed],
    ["unsigned", undefined],
  ] as const) {
    current = await startWrangler(label, tmp, key ? { ATTESTATION_SEED: key } : {});
    try {
      console.log(`  sanity: ${await sanity(current, key)}`);
      results.push({ label, rows: await series(current, `POST query (${label})`) });
    } finally {
      await stopWrangler(current);
      current = undefined;
    }
    console.log();
  }
} catch (error) {
  problem(error instanceof Error ? error.message : String(error));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const ratio = (rows: Row[], connections: number) => {
  const limit = rows.find((row) => row.connections === connections && row.name.startsWith("GET"));
  const query = rows.find((row) => row.connections === connections && row.name.startsWith("POST"));
  return limit && query ? query.rps / limit.rps : NaN;
};

console.log("summary (query req/s ÷ /healthz req/s, same server, same concurrency):");
for (const { label, rows } of results) {
  for (const connections of CONCURRENCY) {
    const limit = rows.find((row) => row.connections === connections && row.name.startsWith("GET"));
    const query = rows.find((row) => row.connections === connections && row.name.startsWith("POST"));
    if (!limit || !query) continue;
    console.log(
      `  ${label.padEnd(8)} c=${String(connections).padEnd(3)} query ${query.rps.toFixed(0).padStart(6)} req/s (p50 ${query.p50.toFixed(2)} / p99 ${query.p99.toFixed(2)} ms)   /healthz ${limit.rps
        .toFixed(0)
        .padStart(
          6,
        )} req/s (p50 ${limit.p50.toFixed(2)} / p99 ${limit.p99.toFixed(2)} ms)   ratio ${(query.rps / limit.rps).toFixed(2)}×`,
    );
    const cpu = (row: Row, ...who: string[]) => who.reduce((sum, w) => sum + (row.cpuPerRequest[w] ?? 0), 0).toFixed(2);
    console.log(
      `  ${"".padEnd(8)}        CPU ms/request: Worker's workerd ${cpu(query, "Worker workerd")} (query) vs ${cpu(limit, "Worker workerd")} (/healthz); wrangler's path (node + proxy workerd) ${cpu(query, "wrangler node", "proxy workerd")} vs ${cpu(limit, "wrangler node", "proxy workerd")}`,
    );
  }
}
const corpusAfter = corpusHash();
console.log(
  `worker/corpus.json ${corpusBefore === corpusAfter ? `unchanged (${corpusAfter})` : `rebuilt by wrangler's [build] step: ${corpusBefore} → ${corpusAfter}`}`,
);

const signed = results.find((r) => r.label === "signed")?.rows ?? [];
const verdicts = CONCURRENCY.map((connections) => {
  const value = ratio(signed, connections);
  return `c=${connections} ${Number.isNaN(value) ? "n/a" : `${value.toFixed(2)}×`} ${value >= TARGET_RATIO ? "met" : "NOT met"}`;
});
console.log(
  `\ntargets: signed query ≥ ${TARGET_RATIO}× GET /healthz — ${verdicts.join("; ")}${invalid ? "  (BENCHMARK INVALID, see above)" : ""}`,
);
process.exitCode = invalid ? 1 : 0;

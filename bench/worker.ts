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
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon, { type Result } from "autocannon";
import { signerFromSeed } from "../src/attest/signer.ts";
import { verifyResultAttestations } from "../src/attest/verify-result.ts";
import type { Envelope } from "../src/protocol/envelope.ts";
import { decodeLine } from "../src/wire/line.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const WRANGLER = join(ROOT, "node_modules/.bin/wrangler");
const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
const WARMUP_S = 2;
/** Each route's DURATION_S at one concurrency is run as this many alternating slices. */
const SLICES = 3;
const CONCURRENCY = [1, 32] as const;
const TARGET_RATIO = 0.5;
const READY_TIMEOUT_MS = 90_000;

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

// ── processes ───────────────────────────────────────────────────────────────

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** pid → [ppid, comm] for every process we can see. */
function processTable(): Map<number, { ppid: number; comm: string }> {
  const table = new Map<number, { ppid: number; comm: string }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const ppid = Number(stat.slice(close + 2).split(" ")[1]);
      table.set(Number(entry), { ppid, comm });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** Every process descended from `root`. */
function descendants(root: number): Map<number, string> {
  const table = processTable();
  const found = new Map<number, string>();
  let frontier = [root];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const [pid, { ppid, comm }] of table) {
      if (frontier.includes(ppid) && !found.has(pid)) {
        found.set(pid, comm);
        next.push(pid);
      }
    }
    frontier = next;
  }
  return found;
}

/** Whether `pid` is still running (a zombie waiting to be reaped is not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  readonly child: ChildProcess;
  readonly base: string;
  readonly port: number;
  readonly log: string[];
  /** Processes started under wrangler (workerd among them), seen while it ran. */
  readonly spawned: Map<number, string>;
  /** CPU accounting: which process does what (wrangler's Node, the proxy workerd on our port, the Worker's workerd). */
  roles: { pid: number; role: Role }[];
  exited: boolean;
}

type Role = "wrangler node" | "proxy workerd" | "Worker workerd";
const ROLES: readonly Role[] = ["wrangler node", "proxy workerd", "Worker workerd"];
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User + system CPU seconds of a process so far (0 once it is gone). */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function cpuByRole(server: Server): Record<Role, number> {
  const totals = { "wrangler node": 0, "proxy workerd": 0, "Worker workerd": 0 } as Record<Role, number>;
  for (const { pid, role } of server.roles) totals[role] += cpuSeconds(pid);
  return totals;
}

async function startWrangler(label: string, tmp: string, seed: string | undefined): Promise<Server> {
  const port = await freePort();
  const inspectorPort = await freePort();
  const envFile = join(tmp, "empty.env");
  writeFileSync(envFile, "");
  const args = [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--inspector-ip",
    "127.0.0.1",
    "--inspector-port",
    String(inspectorPort),
    "--env-file",
    envFile,
    "--persist-to",
    join(tmp, `state-${label}`),
    "--show-interactive-dev-session=false",
    ...(seed ? ["--var", `ATTESTATION_SEED:${seed}`] : []),
  ];
  const child = spawn(WRANGLER, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: "false",
      WRANGLER_HIDE_BANNER: "true",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const server: Server = {
    child,
    base: `http://127.0.0.1:${port}`,
    port,
    log: [],
    spawned: new Map(),
    roles: [],
    exited: false,
  };
  const keep = (chunk: Buffer) => {
    // Drained always (a full pipe would stall wrangler); only the tail is kept, for errors.
    server.log.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (server.log.length > 400) server.log.splice(0, server.log.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  child.on("exit", () => {
    server.exited = true;
  });
  console.log(`wrangler dev (${label}) pid ${child.pid} on ${server.base} …`);

  const started = Date.now();
  for (;;) {
    if (server.exited) throw new Error(`wrangler exited early:\n${server.log.slice(-30).join("\n")}`);
    if (Date.now() - started > READY_TIMEOUT_MS) {
      await stopWrangler(server);
      throw new Error(`wrangler not ready after ${READY_TIMEOUT_MS / 1000} s:\n${server.log.slice(-30).join("\n")}`);
    }
    try {
      const response = await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200 && (await response.text()) === "ok\n") break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  for (const [pid, comm] of descendants(child.pid!)) server.spawned.set(pid, comm);
  server.roles = [
    { pid: child.pid!, role: "wrangler node" as Role },
    ...[...server.spawned].flatMap(([pid, comm]) => {
      if (comm === "node") return [{ pid, role: "wrangler node" as Role }];
      if (comm !== "workerd") return [];
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      return [
        { pid, role: (cmdline.includes(`entry=127.0.0.1:${port}`) ? "proxy workerd" : "Worker workerd") as Role },
      ];
    }),
  ];
  const workerds = [...server.spawned].filter(([, comm]) => comm === "workerd").map(([pid]) => pid);
  console.log(
    `  ready in ${((Date.now() - started) / 1000).toFixed(1)} s (workerd pids: ${workerds.join(", ") || "none seen"})`,
  );
  return server;
}

/** SIGTERM to the pid we started, SIGKILL after 10 s; then makes sure nothing it started (workerd) outlives it. */
async function stopWrangler(server: Server): Promise<void> {
  const pid = server.child.pid!;
  for (const [p, comm] of descendants(pid)) server.spawned.set(p, comm);
  if (!server.exited) {
    process.kill(pid, "SIGTERM");
    const deadline = Date.now() + 10_000;
    while (!server.exited && Date.now() < deadline) await sleep(100);
    if (!server.exited) {
      console.error(`  wrangler ${pid} ignored SIGTERM; SIGKILL`);
      process.kill(pid, "SIGKILL");
      while (!server.exited) await sleep(100);
    }
  }
  const deadline = Date.now() + 5_000;
  let left = [...server.spawned.keys()].filter(alive);
  while (left.length > 0 && Date.now() < deadline) {
    await sleep(100);
    left = left.filter(alive);
  }
  for (const p of left) {
    // Still ours (started under our wrangler); by pid only.
    console.error(`  ${server.spawned.get(p)} ${p} outlived wrangler; SIGKILL`);
    try {
      process.kill(p, "SIGKILL");
    } catch {
      // already gone
    }
  }
  const workerds = [...server.spawned].filter(([, comm]) => comm === "workerd").map(([p]) => p);
  // Also any workerd serving our port that started after the last look (wrangler restarts workerd when watched files change).
  for (const [p, { comm }] of processTable()) {
    if (comm !== "workerd" || workerds.includes(p)) continue;
    try {
      if (readFileSync(`/proc/${p}/cmdline`, "utf8").includes(`127.0.0.1:${server.port}`)) workerds.push(p);
    } catch {
      // gone meanwhile
    }
  }
  const remaining = workerds.filter(alive);
  console.log(
    `  stopped wrangler ${pid}; workerd left: ${remaining.length === 0 ? "none" : remaining.join(", ")} (of ${workerds.length})`,
  );
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
    current = await startWrangler(label, tmp, key);
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

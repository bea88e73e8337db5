/**
 * Load benchmark: does the edge provider (worker/index.ts) stay healthy under
 * a mix of good, garbage and oversized requests on keep-alive connections?
 *
 * The same seeded mix of LOAD_REQUESTS requests (default 10,000) goes to the
 * Worker twice, each time over LOAD_CONNECTIONS keep-alive connections
 * (default 16; node:http, one Agent):
 *
 *   1. workerd directly, through Miniflare (the bundle the Worker tests use):
 *      the runtime alone, where an unread body shows up as ECONNRESET;
 *   2. `wrangler dev --ip 127.0.0.1 --port <free port>`, what `npm start`
 *      runs: its proxy in front of workerd, where the same fault showed up as
 *      503 "Your worker restarted mid-request".
 *
 * The mix: ~78% good queries (and a few handshakes), 20% garbage (not JSON,
 * not an envelope, a query without its goal, an unknown type, invalid UTF-8,
 * a cut-off envelope, an unknown notification), 2% bodies of 2 MiB (half
 * chunked, half with content-length). Each class has its expected status
 * (200; 400, or 204 for the notification; 413).
 *
 * Printed per target: the status-code table per class, the counts of 5xx,
 * connection resets, other errors and unexpected statuses, how many sockets
 * were opened and how many requests reused one, and requests/s. Target: zero
 * 5xx and zero resets; exit 1 otherwise.
 *
 * Run: npm run bench:load  (LOAD_REQUESTS, LOAD_CONNECTIONS, LOAD_TARGETS=miniflare,wrangler)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { bundleWorker } from "../test/support/worker/bundle.ts";
import { startWorker } from "../test/support/worker/http.ts";
import { seededRandom } from "../test/support/random.ts";
import { startWrangler, stopWrangler } from "./support/wrangler.ts";

const REQUESTS = Number(process.env.LOAD_REQUESTS ?? 10_000);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 16);
const TARGETS = (process.env.LOAD_TARGETS ?? "miniflare,wrangler").split(",").map((t) => t.trim());
const OVERSIZED_BYTES = 2 * 1024 * 1024;
const REQUEST_TIMEOUT_MS = 30_000;

type Class = "good" | "garbage" | "oversized";

/** One request of the mix: its body (bytes, or a size sent as chunks), and the statuses that are right for it. */
interface Planned {
  readonly kind: Class;
  readonly label: string;
  readonly body: Buffer | { readonly chunkedBytes: number } | { readonly declaredBytes: number };
  readonly expect: readonly number[];
}

const GOALS = [
  "how is an answer signed",
  "merkle inclusion proof",
  "deploy the worker",
  "budget max_tokens token_cost",
  "verify stale gone",
  "ndjson line limits",
  "correlation ids",
  "the docs provider bm25",
];

function query(random: () => number, i: number): Buffer {
  const goal = GOALS[Math.floor(random() * GOALS.length)]!;
  const max_frames = 1 + Math.floor(random() * 8);
  const max_tokens = 200 + Math.floor(random() * 4000);
  return Buffer.from(
    JSON.stringify({ type: "query", id: `q${i}`, query: { goal, query_text: goal, max_frames, max_tokens } }),
  );
}

const GARBAGE: readonly { readonly label: string; readonly body: (good: Buffer) => Buffer; readonly expect: number }[] =
  [
    { label: "not JSON", body: () => Buffer.from("{this is not json"), expect: 400 },
    { label: "not an envelope", body: () => Buffer.from("[1,2,3]"), expect: 400 },
    {
      label: "query without goal",
      body: () => Buffer.from('{"type":"query","id":"g","query":{"max_frames":1}}'),
      expect: 400,
    },
    { label: "unknown type, with id", body: () => Buffer.from('{"type":"subscribe","id":"s1"}'), expect: 400 },
    { label: "unknown notification", body: () => Buffer.from('{"type":"subscribe"}'), expect: 204 },
    { label: "invalid UTF-8", body: () => Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), expect: 400 },
    { label: "cut-off envelope", body: (good) => good.subarray(0, Math.floor(good.length / 2)), expect: 400 },
  ];

/** The seeded mix, in the order it is sent. */
function plan(count: number): Planned[] {
  const random = seededRandom(0x10ad);
  return Array.from({ length: count }, (_, i): Planned => {
    const roll = random();
    const good = query(random, i);
    if (roll < 0.01)
      return { kind: "oversized", label: "2 MiB chunked", body: { chunkedBytes: OVERSIZED_BYTES }, expect: [413] };
    if (roll < 0.02)
      return {
        kind: "oversized",
        label: "2 MiB content-length",
        body: { declaredBytes: OVERSIZED_BYTES },
        expect: [413],
      };
    if (roll < 0.22) {
      const garbage = GARBAGE[Math.floor(random() * GARBAGE.length)]!;
      return { kind: "garbage", label: garbage.label, body: garbage.body(good), expect: [garbage.expect] };
    }
    if (roll < 0.24)
      return {
        kind: "good",
        label: "handshake",
        body: Buffer.from('{"type":"handshake","protocol_version":"contextgraph/1.0"}'),
        expect: [200],
      };
    return { kind: "good", label: "query", body: good, expect: [200] };
  });
}

/** What became of one request: a status, or the error code of a failed exchange. */
interface Outcome {
  readonly status?: number;
  readonly error?: string;
  readonly reused: boolean;
}

const SPACES = Buffer.alloc(64 * 1024, 0x20);

/** Writes `bytes` of spaces to `req` in 64 KiB chunks, respecting backpressure, then ends it. */
function pump(req: ReturnType<typeof request>, bytes: number) {
  let sent = 0;
  const more = () => {
    while (sent < bytes) {
      const part = SPACES.subarray(0, Math.min(SPACES.length, bytes - sent));
      sent += part.length;
      if (!req.write(part)) return void req.once("drain", more);
    }
    req.end();
  };
  more();
}

function send(url: URL, agent: Agent, planned: Planned): Promise<Outcome> {
  const { body } = planned;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (Buffer.isBuffer(body)) headers["content-length"] = String(body.length);
  else if ("declaredBytes" in body) headers["content-length"] = String(body.declaredBytes);
  return new Promise((resolve) => {
    const req = request(url, { method: "POST", agent, headers, timeout: REQUEST_TIMEOUT_MS });
    let settled = false;
    const settle = (outcome: Omit<Outcome, "reused">) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, reused: req.reusedSocket });
    };
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => settle({ status: res.statusCode ?? 0 }));
      res.on("error", (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
    });
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
    if (Buffer.isBuffer(body)) req.end(body);
    else pump(req, "chunkedBytes" in body ? body.chunkedBytes : body.declaredBytes);
  });
}

const RESETS = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);

interface Tally {
  readonly byClass: Map<Class, Map<string, number>>;
  readonly unexpected: Map<string, number>;
  fiveXx: number;
  resets: number;
  otherErrors: number;
  reused: number;
  sockets: number;
  seconds: number;
}

async function run(url: URL, mix: readonly Planned[]): Promise<Tally> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const tally: Tally = {
    byClass: new Map(),
    unexpected: new Map(),
    fiveXx: 0,
    resets: 0,
    otherErrors: 0,
    reused: 0,
    sockets: 0,
    seconds: 0,
  };
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  let next = 0;
  const started = performance.now();
  const connection = async () => {
    for (let i = next++; i < mix.length; i = next++) {
      const planned = mix[i]!;
      const outcome = await send(url, agent, planned);
      const key = outcome.status === undefined ? `error ${outcome.error}` : String(outcome.status);
      const row = tally.byClass.get(planned.kind) ?? new Map<string, number>();
      tally.byClass.set(planned.kind, row);
      count(row, key);
      if (outcome.reused) tally.reused += 1;
      else tally.sockets += 1;
      if (outcome.status !== undefined && outcome.status >= 500) tally.fiveXx += 1;
      if (outcome.error !== undefined) {
        if (RESETS.has(outcome.error)) tally.resets += 1;
        else tally.otherErrors += 1;
      }
      if (outcome.status === undefined || !planned.expect.includes(outcome.status))
        count(tally.unexpected, `${planned.label} → ${key}`);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  tally.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return tally;
}

function report(target: string, mix: readonly Planned[], tally: Tally) {
  console.log(
    `\n${target}: ${mix.length} requests over ${CONNECTIONS} keep-alive connections in ${tally.seconds.toFixed(1)} s (${(mix.length / tally.seconds).toFixed(0)} req/s)`,
  );
  const statuses = [...new Set([...tally.byClass.values()].flatMap((row) => [...row.keys()]))].sort();
  const width = Math.max(8, ...statuses.map((s) => s.length + 2));
  console.log(`  ${"class".padEnd(10)} ${statuses.map((s) => s.padStart(width)).join("")}`);
  for (const kind of ["good", "garbage", "oversized"] as const) {
    const row = tally.byClass.get(kind) ?? new Map<string, number>();
    console.log(`  ${kind.padEnd(10)} ${statuses.map((s) => String(row.get(s) ?? 0).padStart(width)).join("")}`);
  }
  console.log(
    `  5xx ${tally.fiveXx} · connection resets ${tally.resets} · other errors ${tally.otherErrors} · sockets opened ${tally.sockets} · requests on a reused socket ${tally.reused}`,
  );
  const unexpected = [...tally.unexpected].sort((a, b) => b[1] - a[1]);
  console.log(
    `  unexpected: ${unexpected.length === 0 ? "none" : unexpected.map(([what, n]) => `${what} ×${n}`).join("; ")}`,
  );
}

const mix = plan(REQUESTS);
const classes = (kind: Class) => mix.filter((p) => p.kind === kind).length;
console.log(
  `frameline load benchmark: ${mix.length} requests (${classes("good")} good, ${classes("garbage")} garbage, ${classes("oversized")} oversized), targets ${TARGETS.join(", ")}`,
);
let failed = false;
const judge = (tally: Tally) => {
  if (tally.fiveXx > 0 || tally.resets > 0 || tally.otherErrors > 0 || tally.unexpected.size > 0) failed = true;
};

if (TARGETS.includes("miniflare")) {
  const bundle = await bundleWorker();
  const mf = await startWorker(bundle, {});
  try {
    const tally = await run(new URL("/contextgraph", await mf.ready), mix);
    report("workerd (Miniflare)", mix, tally);
    judge(tally);
  } finally {
    await mf.dispose();
    await bundle.cleanup();
  }
}
if (TARGETS.includes("wrangler")) {
  const tmp = mkdtempSync(join(tmpdir(), "frameline-bench-load-"));
  const server = await startWrangler("load", tmp);
  try {
    const tally = await run(new URL("/contextgraph", server.base), mix);
    report("wrangler dev", mix, tally);
    judge(tally);
  } finally {
    const left = await stopWrangler(server);
    if (left.length > 0) failed = true;
    rmSync(tmp, { recursive: true, force: true });
  }
}
console.log(`\ntarget: zero 5xx, zero resets, every status as expected — ${failed ? "NOT met" : "met"}`);
process.exitCode = failed ? 1 : 0;

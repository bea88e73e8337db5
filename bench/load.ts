/**
 * Load benchmark: do the edge Workers stay healthy under a mix of good,
 * garbage and oversized requests on keep-alive connections? The docs provider
 * (worker/index.ts) at /contextgraph, and the ask Worker (worker/ask,
 * wrangler.ask.toml, the docs provider behind its service binding) at /ask
 * and /mcp.
 *
 * The same seeded mix of LOAD_REQUESTS requests (default 10,000) goes to the
 * docs Worker's /contextgraph over LOAD_CONNECTIONS keep-alive connections
 * (default 16; node:http, one Agent), and seeded mixes of LOAD_ASK_REQUESTS
 * (default 2,000) over LOAD_ASK_CONNECTIONS (default 32) to /ask, to /mcp,
 * and to /contextgraph again (the baseline the ask Worker's figures are
 * compared with, same count and concurrency, same target, same run). Each
 * target runs them all:
 *
 *   1. workerd directly, through Miniflare (the bundles the Worker tests use):
 *      the runtime alone, where an unread body shows up as ECONNRESET;
 *   2. `wrangler dev --ip 127.0.0.1 --port <free port>`, what `npm start`
 *      (and, with `-c wrangler.ask.toml -c wrangler.toml`, `npm run
 *      start:ask`) runs: its proxy in front of workerd, where the same fault
 *      showed up as 503 "Your worker restarted mid-request".
 *
 * The mix, for every endpoint: ~78% good requests (and ~2% of a second good
 * kind), 20% garbage, 2% oversized bodies (half chunked, half with
 * content-length). Each class has its expected status per request.
 *   /contextgraph: queries (and handshakes); garbage: not JSON, not an
 *     envelope, a query without its goal, an unknown type, invalid UTF-8, a
 *     cut-off envelope, an unknown notification (400, or 204); 2 MiB bodies
 *     (413, the limit is 1 MiB).
 *   /ask: questions (and questions naming kinds); garbage: not JSON, not an
 *     object, no goal, invalid UTF-8, cut off (400), text/plain (415), a PUT
 *     with a body (405), a POST to another path (404); 128 KiB bodies (413,
 *     the limit is 16 KiB).
 *   /mcp: `tools/call search_context` (and `tools/list`); garbage: not JSON,
 *     not JSON-RPC, invalid UTF-8, cut off (400), an unknown method and a
 *     call without a goal (200, a JSON-RPC or tool error), a notification
 *     (202), text/plain (415), no `accept` (406), a GET and a PUT with a body
 *     (405), a POST to another path (404); 128 KiB bodies (413, the limit is
 *     64 KiB).
 *
 * The ask Worker runs twice per target: as it is ("after"), and, unless
 * LOAD_ASK_BEFORE=0, as it was before it read every body to its end ("before",
 * commit 02531c9, taken with `git archive` by ./support/ask-before.ts; issue
 * 24.5). "before" is measured for comparison only and never judged.
 *
 * Printed per run: the status-code table per class, the counts of 5xx,
 * connection resets, other errors and unexpected statuses, how many sockets
 * were opened and how many requests reused one, and requests/s; then a
 * summary per target and endpoint with requests/s as a ratio of the
 * /contextgraph baseline's, and "before" → "after". Target: zero 5xx and zero
 * resets on every judged run; exit 1 otherwise.
 *
 * Run: npm run bench:load  (LOAD_REQUESTS, LOAD_CONNECTIONS, LOAD_ASK_REQUESTS, LOAD_ASK_CONNECTIONS,
 *      LOAD_ASK_BEFORE=0|1, LOAD_TARGETS=miniflare,wrangler, LOAD_ENDPOINTS=contextgraph,ask,mcp)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Miniflare } from "miniflare";
import { type AskBundle, bundleAskWorker } from "../test/support/ask/bundle.ts";
import { askWorker, type Bundles, docsWorker, serviceProvider, startWorkers } from "../test/support/ask/miniflare.ts";
import { PROJECT_ROOT } from "../test/support/project-root.ts";
import { bundleWorker, type WorkerBundle } from "../test/support/worker/bundle.ts";
import { startWorker } from "../test/support/worker/http.ts";
import { seededRandom } from "../test/support/random.ts";
import { ASK_BEFORE_COMMIT, askBeforeTree, bundleAskWorkerBefore } from "./support/ask-before.ts";
import { startWrangler, stopWrangler, type Server } from "./support/wrangler.ts";
import { startWranglerConfigs } from "./support/wrangler-configs.ts";

const REQUESTS = Number(process.env.LOAD_REQUESTS ?? 10_000);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 16);
const ASK_REQUESTS = Number(process.env.LOAD_ASK_REQUESTS ?? 2_000);
const ASK_CONNECTIONS = Number(process.env.LOAD_ASK_CONNECTIONS ?? 32);
const ASK_BEFORE = process.env.LOAD_ASK_BEFORE !== "0";
const TARGETS = (process.env.LOAD_TARGETS ?? "miniflare,wrangler").split(",").map((t) => t.trim());
const ENDPOINTS = (process.env.LOAD_ENDPOINTS ?? "contextgraph,ask,mcp").split(",").map((e) => e.trim());
const OVERSIZED_BYTES = 2 * 1024 * 1024;
/** Over /ask's limit (16 KiB) and /mcp's (64 KiB): the body of the probe that found issue 24.5. */
const ASK_OVERSIZED_BYTES = 128 * 1024;
const REQUEST_TIMEOUT_MS = 30_000;

type Class = "good" | "garbage" | "oversized";

/** A request body: bytes, or a size sent as chunks of spaces (no content-length), or declared and then sent. */
type Body = Buffer | { readonly chunkedBytes: number } | { readonly declaredBytes: number };

/** One request of the mix: its body, what differs from the endpoint's defaults, and the statuses that are right for it. */
interface Planned {
  readonly kind: Class;
  readonly label: string;
  readonly body: Body;
  readonly expect: readonly number[];
  readonly method?: string;
  /** Another path than the endpoint's. */
  readonly path?: string;
  /** Headers over the endpoint's. */
  readonly headers?: Record<string, string>;
}

/** A garbage request: its body (made from a good one), anything else that differs, and its status. */
interface Garbage {
  readonly label: string;
  readonly body: (good: Buffer) => Buffer;
  readonly expect: number;
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Record<string, string>;
}

/** How an endpoint's mix is made. */
interface MixSpec {
  readonly seed: number;
  readonly oversizedBytes: number;
  readonly oversizedLabel: string;
  readonly good: (random: () => number, i: number) => Buffer;
  /** The ~2% second good kind. */
  readonly alternate: { readonly label: string; readonly body: Buffer };
  readonly goodLabel: string;
  readonly garbage: readonly Garbage[];
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

/** A question as /ask takes it and the MCP tool's arguments. */
function question(random: () => number) {
  const goal = GOALS[Math.floor(random() * GOALS.length)]!;
  const max_frames = 1 + Math.floor(random() * 8);
  const budget_tokens = 200 + Math.floor(random() * 4000);
  return { goal, query_text: goal, budget_tokens, max_frames };
}

const INVALID_UTF8 = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
const cutOff = (good: Buffer) => good.subarray(0, Math.floor(good.length / 2));

const CONTEXTGRAPH: MixSpec = {
  seed: 0x10ad,
  oversizedBytes: OVERSIZED_BYTES,
  oversizedLabel: "2 MiB",
  good: query,
  goodLabel: "query",
  alternate: {
    label: "handshake",
    body: Buffer.from('{"type":"handshake","protocol_version":"contextgraph/1.0"}'),
  },
  garbage: [
    { label: "not JSON", body: () => Buffer.from("{this is not json"), expect: 400 },
    { label: "not an envelope", body: () => Buffer.from("[1,2,3]"), expect: 400 },
    {
      label: "query without goal",
      body: () => Buffer.from('{"type":"query","id":"g","query":{"max_frames":1}}'),
      expect: 400,
    },
    { label: "unknown type, with id", body: () => Buffer.from('{"type":"subscribe","id":"s1"}'), expect: 400 },
    { label: "unknown notification", body: () => Buffer.from('{"type":"subscribe"}'), expect: 204 },
    { label: "invalid UTF-8", body: () => INVALID_UTF8, expect: 400 },
    { label: "cut-off envelope", body: cutOff, expect: 400 },
  ],
};

const ASK: MixSpec = {
  seed: 0xa5c,
  oversizedBytes: ASK_OVERSIZED_BYTES,
  oversizedLabel: "128 KiB",
  good: (random) => Buffer.from(JSON.stringify(question(random))),
  goodLabel: "question",
  alternate: {
    label: "question with kinds",
    body: Buffer.from(JSON.stringify({ goal: "deploy the worker", kinds: ["doc"], budget_tokens: 800, max_frames: 3 })),
  },
  garbage: [
    { label: "not JSON", body: () => Buffer.from("{this is not json"), expect: 400 },
    { label: "not an object", body: () => Buffer.from("[1,2,3]"), expect: 400 },
    { label: "question without goal", body: () => Buffer.from('{"budget_tokens":500}'), expect: 400 },
    { label: "invalid UTF-8", body: () => INVALID_UTF8, expect: 400 },
    { label: "cut-off question", body: cutOff, expect: 400 },
    { label: "text/plain", body: (good) => good, headers: { "content-type": "text/plain" }, expect: 415 },
    { label: "PUT with a body", body: (good) => good, method: "PUT", expect: 405 },
    { label: "POST to another path", body: (good) => good, path: "/elsewhere", expect: 404 },
  ],
};

const rpc = (id: number, method: string, params?: unknown) =>
  Buffer.from(JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) }));

const MCP: MixSpec = {
  seed: 0x3c9,
  oversizedBytes: ASK_OVERSIZED_BYTES,
  oversizedLabel: "128 KiB",
  good: (random, i) => rpc(i, "tools/call", { name: "search_context", arguments: question(random) }),
  goodLabel: "tools/call",
  alternate: { label: "tools/list", body: rpc(1, "tools/list") },
  garbage: [
    { label: "not JSON", body: () => Buffer.from("{this is not json"), expect: 400 },
    { label: "not JSON-RPC", body: () => Buffer.from("[1,2,3]"), expect: 400 },
    { label: "invalid UTF-8", body: () => INVALID_UTF8, expect: 400 },
    { label: "cut-off call", body: cutOff, expect: 400 },
    { label: "unknown method", body: () => rpc(7, "frames/subscribe"), expect: 200 },
    {
      label: "call without goal",
      body: () => rpc(8, "tools/call", { name: "search_context", arguments: { budget_tokens: 500 } }),
      expect: 200,
    },
    {
      label: "notification",
      body: () => Buffer.from('{"jsonrpc":"2.0","method":"notifications/initialized"}'),
      expect: 202,
    },
    { label: "text/plain", body: (good) => good, headers: { "content-type": "text/plain" }, expect: 415 },
    { label: "no accept", body: (good) => good, headers: { accept: "application/json" }, expect: 406 },
    { label: "GET", body: () => Buffer.alloc(0), method: "GET", expect: 405 },
    { label: "PUT with a body", body: (good) => good, method: "PUT", expect: 405 },
    { label: "POST to another path", body: (good) => good, path: "/mcp/elsewhere", expect: 404 },
  ],
};

/** The seeded mix of `count` requests for `spec`, in the order it is sent. */
function plan(spec: MixSpec, count: number): Planned[] {
  const random = seededRandom(spec.seed);
  return Array.from({ length: count }, (_, i): Planned => {
    const roll = random();
    const good = spec.good(random, i);
    if (roll < 0.01)
      return {
        kind: "oversized",
        label: `${spec.oversizedLabel} chunked`,
        body: { chunkedBytes: spec.oversizedBytes },
        expect: [413],
      };
    if (roll < 0.02)
      return {
        kind: "oversized",
        label: `${spec.oversizedLabel} content-length`,
        body: { declaredBytes: spec.oversizedBytes },
        expect: [413],
      };
    if (roll < 0.22) {
      const { body, expect, ...garbage } = spec.garbage[Math.floor(random() * spec.garbage.length)]!;
      return { kind: "garbage", ...garbage, body: body(good), expect: [expect] };
    }
    if (roll < 0.24) return { kind: "good", label: spec.alternate.label, body: spec.alternate.body, expect: [200] };
    return { kind: "good", label: spec.goodLabel, body: good, expect: [200] };
  });
}

/** Where a mix goes: the path and the headers every request of it carries. */
interface Endpoint {
  readonly name: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly mix: readonly Planned[];
  readonly connections: number;
}

const JSON_HEADERS = { "content-type": "application/json" };
const MCP_HEADERS = { ...JSON_HEADERS, accept: "application/json, text/event-stream" };

const CONTEXTGRAPH_ENDPOINT: Endpoint = {
  name: "/contextgraph",
  path: "/contextgraph",
  headers: JSON_HEADERS,
  mix: plan(CONTEXTGRAPH, REQUESTS),
  connections: CONNECTIONS,
};
/** The baseline of /ask and /mcp: /contextgraph at their count and concurrency. */
const BASELINE_ENDPOINT: Endpoint = {
  name: "/contextgraph (baseline)",
  path: "/contextgraph",
  headers: JSON_HEADERS,
  mix: plan(CONTEXTGRAPH, ASK_REQUESTS),
  connections: ASK_CONNECTIONS,
};
const ASK_ENDPOINT: Endpoint = {
  name: "/ask",
  path: "/ask",
  headers: JSON_HEADERS,
  mix: plan(ASK, ASK_REQUESTS),
  connections: ASK_CONNECTIONS,
};
const MCP_ENDPOINT: Endpoint = {
  name: "/mcp",
  path: "/mcp",
  headers: MCP_HEADERS,
  mix: plan(MCP, ASK_REQUESTS),
  connections: ASK_CONNECTIONS,
};
const DOCS_ENDPOINTS = ENDPOINTS.includes("contextgraph") ? [CONTEXTGRAPH_ENDPOINT] : [];
const ASK_ENDPOINTS = [
  ...(ENDPOINTS.includes("ask") ? [ASK_ENDPOINT] : []),
  ...(ENDPOINTS.includes("mcp") ? [MCP_ENDPOINT] : []),
];
if (ASK_ENDPOINTS.length > 0) DOCS_ENDPOINTS.push(BASELINE_ENDPOINT);

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

function send(base: URL, endpoint: Endpoint, agent: Agent, planned: Planned): Promise<Outcome> {
  const { body } = planned;
  const headers: Record<string, string> = { ...endpoint.headers, ...planned.headers };
  if (Buffer.isBuffer(body)) headers["content-length"] = String(body.length);
  else if ("declaredBytes" in body) headers["content-length"] = String(body.declaredBytes);
  const url = new URL(planned.path ?? endpoint.path, base);
  return new Promise((resolve) => {
    const req = request(url, { method: planned.method ?? "POST", agent, headers, timeout: REQUEST_TIMEOUT_MS });
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

async function run(base: URL, endpoint: Endpoint): Promise<Tally> {
  const { mix, connections } = endpoint;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
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
      const outcome = await send(base, endpoint, agent, planned);
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
  await Promise.all(Array.from({ length: connections }, connection));
  tally.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return tally;
}

function report(target: string, endpoint: Endpoint, tally: Tally) {
  const { mix, connections } = endpoint;
  const classes = (kind: Class) => mix.filter((p) => p.kind === kind).length;
  console.log(
    `\n${target} ${endpoint.name}: ${mix.length} requests (${classes("good")} good, ${classes("garbage")} garbage, ${classes("oversized")} oversized) over ${connections} keep-alive connections in ${tally.seconds.toFixed(1)} s (${(mix.length / tally.seconds).toFixed(0)} req/s)`,
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

/** Which code a run measured: today's, or the ask Worker before issue 24.5's fix (never judged). */
type Code = "after" | "before";

interface Measured {
  readonly target: string;
  readonly endpoint: Endpoint;
  readonly code: Code;
  readonly tally: Tally;
}

const measured: Measured[] = [];
let failed = false;

/** Runs each endpoint against `base`, reports it, and judges it unless it is the "before" code. */
async function measure(target: string, base: URL | string, endpoints: readonly Endpoint[], code: Code = "after") {
  for (const endpoint of endpoints) {
    const tally = await run(new URL(base), endpoint);
    report(`${target}${code === "before" ? ` [before, ${ASK_BEFORE_COMMIT}]` : ""}`, endpoint, tally);
    measured.push({ target, endpoint, code, tally });
    if (code === "after")
      if (tally.fiveXx > 0 || tally.resets > 0 || tally.otherErrors > 0 || tally.unexpected.size > 0) failed = true;
  }
}

/** The ask Worker's "before" tree, or undefined (with a note) when it is not wanted or git cannot give it. */
function beforeTree(): string | undefined {
  if (!ASK_BEFORE || ASK_ENDPOINTS.length === 0) return undefined;
  try {
    return askBeforeTree();
  } catch (error) {
    console.log(`(no "before" runs: ${ASK_BEFORE_COMMIT} not extracted: ${(error as Error).message.split("\n")[0]})`);
    return undefined;
  }
}

/** The ask Worker (`ask`) with the docs Worker behind its DOCS binding, in one Miniflare, as wrangler.ask.toml joins them. */
async function startAsk(ask: AskBundle, docs: WorkerBundle): Promise<Miniflare> {
  const built: Bundles = { ask, docs, cleanup: async () => undefined };
  return startWorkers([
    askWorker(built, "ask", { PROVIDERS: [serviceProvider("docs", "DOCS")] }, { DOCS: "docs" }),
    docsWorker(built),
  ]);
}

/** A copy of wrangler.ask.toml in `tmp` whose `main` is the "before" tree's worker/ask/index.ts. */
function beforeConfig(tmp: string, tree: string): string {
  const config = readFileSync(join(PROJECT_ROOT, "wrangler.ask.toml"), "utf8");
  const path = join(tmp, "wrangler.ask.before.toml");
  writeFileSync(
    path,
    config.replace(/^main = .*$/m, `main = ${JSON.stringify(join(tree, "worker", "ask", "index.ts"))}`),
  );
  return path;
}

console.log(
  `frameline load benchmark: targets ${TARGETS.join(", ")}; endpoints ${[...DOCS_ENDPOINTS, ...ASK_ENDPOINTS].map((e) => `${e.name} ${e.mix.length} @ ${e.connections}`).join(", ")}`,
);
const tree = beforeTree();

if (TARGETS.includes("miniflare")) {
  const docs = await bundleWorker();
  try {
    if (DOCS_ENDPOINTS.length > 0) {
      const mf = await startWorker(docs, {});
      try {
        await measure("workerd (Miniflare)", await mf.ready, DOCS_ENDPOINTS);
      } finally {
        await mf.dispose();
      }
    }
    const codes: [Code, () => Promise<AskBundle>][] = [
      ["after", bundleAskWorker],
      ...(tree ? [["before", bundleAskWorkerBefore] as [Code, () => Promise<AskBundle>]] : []),
    ];
    for (const [code, bundleAsk] of ASK_ENDPOINTS.length > 0 ? codes : []) {
      const ask = await bundleAsk();
      const mf = await startAsk(ask, docs).catch(async (error) => {
        await ask.cleanup();
        throw error;
      });
      try {
        await measure("workerd (Miniflare)", await mf.ready, ASK_ENDPOINTS, code);
      } finally {
        await mf.dispose();
        await ask.cleanup();
      }
    }
  } finally {
    await docs.cleanup();
  }
}
if (TARGETS.includes("wrangler")) {
  const tmp = mkdtempSync(join(tmpdir(), "frameline-bench-load-"));
  /** Starts a wrangler dev, measures `endpoints` on it, stops it (a workerd left behind fails the run). */
  const on = async (start: () => Promise<Server>, endpoints: readonly Endpoint[], code: Code = "after") => {
    const server = await start();
    try {
      await measure("wrangler dev", server.base, endpoints, code);
    } finally {
      const left = await stopWrangler(server);
      if (left.length > 0) failed = true;
    }
  };
  try {
    if (DOCS_ENDPOINTS.length > 0) await on(() => startWrangler("load", tmp), DOCS_ENDPOINTS);
    if (ASK_ENDPOINTS.length > 0)
      await on(() => startWranglerConfigs("ask", tmp, ["wrangler.ask.toml", "wrangler.toml"]), ASK_ENDPOINTS);
    if (ASK_ENDPOINTS.length > 0 && tree)
      await on(
        () => startWranglerConfigs("ask-before", tmp, [beforeConfig(tmp, tree), "wrangler.toml"]),
        ASK_ENDPOINTS,
        "before",
      );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The summary: per target and endpoint, the failures and requests/s against the baseline of the same target. */
function summary() {
  console.log("\nsummary (5xx · resets · other errors · unexpected statuses; req/s and its ratio to the baseline's)");
  for (const target of [...new Set(measured.map((m) => m.target))]) {
    const baseline = measured.find((m) => m.target === target && m.endpoint === BASELINE_ENDPOINT);
    const rate = (m: Measured) => m.endpoint.mix.length / m.tally.seconds;
    for (const m of measured.filter((x) => x.target === target)) {
      const ratio =
        baseline && m.endpoint !== BASELINE_ENDPOINT && m.endpoint !== CONTEXTGRAPH_ENDPOINT
          ? ` (${(rate(m) / rate(baseline)).toFixed(2)} × baseline)`
          : "";
      console.log(
        `  ${target.padEnd(20)} ${m.endpoint.name.padEnd(25)} ${m.code.padEnd(6)} ${String(m.endpoint.mix.length).padStart(6)} @ ${String(m.endpoint.connections).padEnd(3)} 5xx ${String(m.tally.fiveXx).padStart(4)} · resets ${String(m.tally.resets).padStart(4)} · other ${String(m.tally.otherErrors).padStart(3)} · unexpected ${String([...m.tally.unexpected.values()].reduce((a, b) => a + b, 0)).padStart(4)} · ${rate(m).toFixed(0).padStart(5)} req/s${ratio}`,
      );
    }
    for (const endpoint of ASK_ENDPOINTS) {
      const of = (code: Code) =>
        measured.find((m) => m.target === target && m.endpoint === endpoint && m.code === code);
      const [before, after] = [of("before"), of("after")];
      if (!before || !after) continue;
      const failures = (m: Measured) => m.tally.fiveXx + m.tally.resets;
      console.log(
        `  ${target.padEnd(20)} ${endpoint.name.padEnd(25)} 5xx + resets: before ${failures(before)} → after ${failures(after)}; req/s after ÷ before ${(rate(after) / rate(before)).toFixed(2)}`,
      );
    }
  }
}
summary();
console.log(`\ntarget: zero 5xx, zero resets, every status as expected — ${failed ? "NOT met" : "met"}`);
process.exitCode = failed ? 1 : 0;

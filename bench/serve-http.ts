/**
 * serveHttp benchmark: what does serving a provider from Node through `serveHttp` (createProviderApp on
 * node:http, bodies streamed through the bridge) cost, next to the limit of node:http itself on the same
 * machine in the same run?
 *
 *   - baseline: a bare `node:http` server that reads the body and answers one fixed JSON line (nothing
 *     but node:http and the socket);
 *   - the same app behind the simplest bridge (the body read whole into a Buffer, the answer read whole
 *     and written at once, as test/support/browser/serve.ts does): what streaming both ways costs;
 *   - `serveHttp` answering `POST handshake` (the bridge and the app, almost no provider work);
 *   - `serveHttp` answering `POST query` of the docs provider over this repo's README.md and docs/,
 *     signed (what a user serves).
 *
 * autocannon (in this process) at 1 and 32 keep-alive connections, DURATION_S per route, run as
 * alternating slices (baseline, handshake, query, baseline, …) and pooled, so noise on a shared machine
 * hits all alike. Every response must be 2xx with no error, timeout or reset, or the run is invalid
 * (exit 1): that also shows keep-alive holding under load. Reported: requests/s and p50/p99 ms per route,
 * and each route's throughput as a ratio of the baseline's at the same concurrency.
 *
 * Run: npm run bench:serve-http  (BENCH_DURATION=<seconds per route and concurrency>, default 6)
 */
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon, { type Result } from "autocannon";
import { signerFromSeed } from "../src/attest/signer.ts";
import { buildCorpus } from "../src/docs-provider/corpus.ts";
import { docsProvider } from "../src/docs-provider/provider.ts";
import { defaultCorpusFiles } from "../src/node/markdown-files.ts";
import { serveHttp } from "../src/node/serve-http.ts";
import { createProviderApp } from "../src/provider/http-app.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
const SLICES = 3;
const CONCURRENCY = [1, 32] as const;
const HEADERS = { "content-type": "application/json" };
const HANDSHAKE = JSON.stringify({ type: "handshake", protocol_version: "contextgraph/1.0" });
const QUERY = JSON.stringify({
  type: "query",
  query: { goal: "how does a host verify signed frames?", max_frames: 8, max_tokens: 4096 },
});

type Listener = RequestListener;

/** A bare node:http server: reads the body, answers a fixed line. */
const bare: Listener = (incoming, outgoing) => {
  incoming.resume();
  incoming.on("end", () => outgoing.writeHead(200, HEADERS).end('{"type":"ok"}\n'));
};

/** `app` behind a bridge that buffers: the body read whole, the answer read whole and written at once. */
function buffered(app: ReturnType<typeof createProviderApp>): Listener {
  return async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers))
      if (typeof value === "string") headers.set(name, value);
    const url = `http://127.0.0.1${incoming.url}`;
    const response = await app.fetch(new Request(url, { method: "POST", headers, body: Buffer.concat(chunks) }));
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  };
}

/** Listens with `listener` on 127.0.0.1. */
async function listening(listener: Listener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/contextgraph`;
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Route {
  readonly name: string;
  readonly url: string;
  readonly body: string;
}

async function slice(route: Route, connections: number, duration: number): Promise<Result> {
  return await autocannon({
    url: route.url,
    method: "POST",
    headers: HEADERS,
    body: route.body,
    connections,
    duration,
  });
}

/** Runs every route in alternating slices at `connections`; returns the pooled results per route. */
async function measure(routes: readonly Route[], connections: number): Promise<Map<string, Result[]>> {
  const results = new Map<string, Result[]>(routes.map((route) => [route.name, []]));
  for (let i = 0; i < SLICES; i++)
    for (const route of routes) results.get(route.name)!.push(await slice(route, connections, DURATION_S / SLICES));
  return results;
}

function invalid(results: readonly Result[]): string | undefined {
  const bad = results.find((r) => r.errors > 0 || r.timeouts > 0 || r.non2xx > 0 || r.resets > 0);
  return bad && `errors ${bad.errors}, timeouts ${bad.timeouts}, non-2xx ${bad.non2xx}, resets ${bad.resets}`;
}

const rate = (results: readonly Result[]) =>
  results.reduce((n, r) => n + r.requests.total, 0) / results.reduce((s, r) => s + r.duration, 0);

async function main(): Promise<number> {
  const signer = await signerFromSeed("b5".repeat(32), { keyId: "bench", attesterId: "docs" });
  const provider = docsProvider(await buildCorpus(await defaultCorpusFiles(ROOT)), { signer });
  const [base, simple, served] = await Promise.all([
    listening(bare),
    listening(buffered(createProviderApp(provider))),
    serveHttp(provider),
  ]);
  const routes: Route[] = [
    { name: "node:http baseline", url: base.url, body: HANDSHAKE },
    { name: "buffered bridge handshake", url: simple.url, body: HANDSHAKE },
    { name: "serveHttp handshake", url: served.url, body: HANDSHAKE },
    { name: "buffered bridge query", url: simple.url, body: QUERY },
    { name: "serveHttp signed query", url: served.url, body: QUERY },
  ];
  let status = 0;
  try {
    for (const route of routes) await slice(route, 8, 1); // warm-up
    for (const connections of CONCURRENCY) {
      const results = await measure(routes, connections);
      const limit = rate(results.get(routes[0]!.name)!);
      console.log(`\n${connections} connection(s), ${DURATION_S} s per route in ${SLICES} alternating slices:`);
      for (const route of routes) {
        const pooled = results.get(route.name)!;
        const problem = invalid(pooled);
        if (problem) status = 1;
        const p50 = pooled.map((r) => r.latency.p50).sort((a, b) => a - b)[SLICES >> 1];
        const p99 = Math.max(...pooled.map((r) => r.latency.p99));
        console.log(
          `  ${route.name.padEnd(26)} ${rate(pooled).toFixed(0).padStart(7)} req/s  p50 ${p50} ms  p99 ${p99} ms  ×${(rate(pooled) / limit).toFixed(2)} of baseline${problem ? `  INVALID: ${problem}` : ""}`,
        );
      }
    }
  } finally {
    await Promise.all([base.close(), simple.close(), served.close()]);
  }
  return status;
}

process.exitCode = await main();

// The Worker in workerd keeps a keep-alive connection usable after any refusal (spec §4.4; issue:
// a chunked body over 1 MiB got its 413, then the next request on that connection was reset).
// Every request here goes over ONE socket (node:http, keep-alive, maxSockets 1), and each refusal
// is followed by a good query that must be answered 200 on that same socket.
import assert from "node:assert/strict";
import type { Agent } from "node:http";
import { after, before, describe, test } from "node:test";
import type { Miniflare } from "miniflare";
import { bundleWorker, type WorkerBundle } from "../support/worker/bundle.ts";
import { startWorker } from "../support/worker/http.ts";
import { oneConnection, type Send, type Sent, send } from "../support/worker/keep-alive-socket.ts";

const TOKEN = "keep-alive-test-token";
const MiB = 1024 * 1024;
const GOOD = JSON.stringify({
  type: "query",
  id: "good",
  query: { goal: "codec", query_text: "codec", max_frames: 1, max_tokens: 500 },
});

/** One request on `agent`'s single socket to /contextgraph, with the bearer token unless `headers` replace it. */
function post(agent: Agent, options: Send): Promise<Sent> {
  return send(
    base,
    agent,
    { ...options, headers: { authorization: `Bearer ${TOKEN}`, ...options.headers } },
    "/contextgraph",
  );
}

let bundle: WorkerBundle;
let mf: Miniflare;
let base: URL;

describe("the Worker keeps a keep-alive connection usable after a refusal", () => {
  before(async () => {
    bundle = await bundleWorker();
    mf = await startWorker(bundle, { BEARER_TOKEN: TOKEN });
    base = await mf.ready;
  });
  after(async () => {
    await mf?.dispose();
    await bundle?.cleanup();
  });

  const REFUSALS: readonly { readonly name: string; readonly send: Send; readonly status: number }[] = [
    { name: "a 2 MiB chunked body (413)", send: { body: 2 * MiB, chunked: true }, status: 413 },
    { name: "a 2 MiB body with content-length (413)", send: { body: 2 * MiB }, status: 413 },
    { name: "a body just over 1 MiB, chunked (413)", send: { body: MiB + 1, chunked: true }, status: 413 },
    {
      name: "a wrong bearer token, with a body (401)",
      send: { body: GOOD, headers: { authorization: "Bearer no" } },
      status: 401,
    },
    { name: "a text/plain body (415)", send: { body: GOOD, headers: { "content-type": "text/plain" } }, status: 415 },
    { name: "a PUT with a body (405)", send: { method: "PUT", body: 100 * 1024, chunked: true }, status: 405 },
    { name: "a POST to another path (404)", send: { path: "/elsewhere", body: GOOD }, status: 404 },
    { name: "a POST to /healthz", send: { path: "/healthz", body: 64 * 1024, chunked: true }, status: 200 },
    { name: "garbage (400)", send: { body: "{garbage" }, status: 400 },
  ];

  for (const refusal of REFUSALS) {
    test(`after ${refusal.name}, the next query on the same connection is answered`, async () => {
      const agent = oneConnection();
      try {
        const first = await post(agent, { body: GOOD });
        assert.equal(first.status, 200, first.body);
        const refused = await post(agent, refusal.send);
        assert.equal(refused.status, refusal.status, refused.body);
        const next = await post(agent, { body: GOOD });
        assert.equal(next.status, 200, next.body);
        assert.equal(JSON.parse(next.body).type, "frames");
        assert.deepEqual(
          [refused.reused, next.reused, refused.port, next.port],
          [true, true, first.port, first.port],
          "all three on one connection",
        );
      } finally {
        agent.destroy();
      }
    });
  }
});

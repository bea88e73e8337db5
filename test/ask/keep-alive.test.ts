// The ask Worker in workerd keeps a keep-alive connection usable after any refusal of /ask or /mcp
// (issue 24.5: workerd drops a connection whose request body was not read to its end, so after a 128 KiB
// chunked 413 the next request on that socket was reset, or 503 through `wrangler dev`). The docs Worker
// is behind a service binding, as in wrangler.ask.toml. Every request of a test goes over ONE socket
// (node:http, keep-alive, maxSockets 1): a good request, the refusal, then a good request that must be
// answered 200 on that same socket.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Miniflare } from "miniflare";
import {
  askWorker,
  type Bundles,
  bundles,
  DOCS_PINNED_KEYS,
  docsWorker,
  serviceProvider,
  startWorkers,
} from "../support/ask/miniflare.ts";
import { oneConnection, type Send, send } from "../support/worker/keep-alive-socket.ts";
import { ASK_MAX_BODY_BYTES } from "../../worker/ask/handler.ts";
import { MCP_MAX_BODY_BYTES } from "../../worker/ask/mcp.ts";

const KiB = 1024;
const QUESTION = JSON.stringify({
  goal: "How do I check that an answer is signed?",
  query_text: "verify signature attestation key",
  budget_tokens: 600,
  max_frames: 2,
});
const MCP_HEADERS = { accept: "application/json, text/event-stream" };
const TOOLS_LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

interface Refusal {
  readonly name: string;
  readonly send: Send;
  readonly status: number;
}

interface Endpoint {
  readonly path: string;
  /** The good request, sent before and after the refusal. */
  readonly good: Send;
  /** Checks the good request's answer beyond its 200. */
  readonly check: (body: string) => void;
  readonly refusals: readonly Refusal[];
}

const ENDPOINTS: readonly Endpoint[] = [
  {
    path: "/ask",
    good: { path: "/ask", body: QUESTION },
    check: (body) => assert.ok(Array.isArray(JSON.parse(body).frames), body),
    refusals: [
      { name: "a 128 KiB chunked body (413)", send: { body: 128 * KiB, chunked: true }, status: 413 },
      {
        name: `a body of ${ASK_MAX_BODY_BYTES + 1} bytes with content-length (413)`,
        send: { body: ASK_MAX_BODY_BYTES + 1 },
        status: 413,
      },
      {
        name: "a text/plain body (415)",
        send: { body: QUESTION, headers: { "content-type": "text/plain" } },
        status: 415,
      },
      { name: "a PUT with a chunked body (405)", send: { method: "PUT", body: 100 * KiB, chunked: true }, status: 405 },
      { name: "a POST to another path, with a body (404)", send: { path: "/elsewhere", body: QUESTION }, status: 404 },
      { name: "garbage (400)", send: { body: "{garbage" }, status: 400 },
    ],
  },
  {
    path: "/mcp",
    good: { path: "/mcp", body: TOOLS_LIST, headers: MCP_HEADERS },
    check: (body) =>
      assert.deepEqual(
        JSON.parse(body).result.tools.map((tool: { name: string }) => tool.name),
        ["search_context"],
      ),
    refusals: [
      {
        name: "a 128 KiB chunked body (413)",
        send: { body: 128 * KiB, chunked: true, headers: MCP_HEADERS },
        status: 413,
      },
      {
        name: `a body of ${MCP_MAX_BODY_BYTES + 1} bytes with content-length (413)`,
        send: { body: MCP_MAX_BODY_BYTES + 1, headers: MCP_HEADERS },
        status: 413,
      },
      {
        name: "a text/plain body (415)",
        send: { body: TOOLS_LIST, headers: { ...MCP_HEADERS, "content-type": "text/plain" } },
        status: 415,
      },
      {
        name: "a PUT with a chunked body (405)",
        send: { method: "PUT", body: 100 * KiB, chunked: true, headers: MCP_HEADERS },
        status: 405,
      },
      {
        name: "a POST to another path, with a body (404)",
        send: { path: "/mcp/elsewhere", body: TOOLS_LIST, headers: MCP_HEADERS },
        status: 404,
      },
      { name: "garbage (400)", send: { body: "{garbage", headers: MCP_HEADERS }, status: 400 },
      { name: "a GET (405)", send: { method: "GET", headers: MCP_HEADERS }, status: 405 },
    ],
  },
];

describe("the ask Worker keeps a keep-alive connection usable after refusing a request to /ask or /mcp (issue 24.5)", () => {
  let built: Bundles;
  let mf: Miniflare;
  let base: URL;

  before(async () => {
    built = await bundles();
    mf = await startWorkers([
      askWorker(
        built,
        "ask",
        { PROVIDERS: [serviceProvider("docs", "DOCS", { pinned_keys: DOCS_PINNED_KEYS })] },
        { DOCS: "docs" },
      ),
      docsWorker(built),
    ]);
    base = await mf.ready;
  });
  after(async () => {
    await mf?.dispose();
    await built?.cleanup();
  });

  for (const endpoint of ENDPOINTS) {
    describe(endpoint.path, () => {
      for (const refusal of endpoint.refusals) {
        test(`after ${refusal.name}, the next request to ${endpoint.path} on the same connection is answered 200`, async () => {
          const agent = oneConnection();
          try {
            const first = await send(base, agent, endpoint.good, endpoint.path);
            assert.equal(first.status, 200, first.body);
            const refused = await send(base, agent, refusal.send, endpoint.path);
            assert.equal(refused.status, refusal.status, refused.body);
            const next = await send(base, agent, endpoint.good, endpoint.path);
            assert.equal(next.status, 200, next.body);
            endpoint.check(next.body);
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
  }
});

// DNS rebinding (issue 24.6; the MCP specification's security guidance): /ask and /mcp answer only for the
// hosts the operator allows (ALLOWED_HOSTS; loopback when unset). A request naming Host: evil.example or
// Origin: http://evil.example is refused with 403 before anything runs, its body drained; in workerd and in
// the portable handler alike.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Miniflare } from "miniflare";
import { askHandlerFrom } from "../../worker/ask/portable.ts";
import { ConfigError } from "../../worker/ask/config.ts";
import {
  askWorker,
  type Bundles,
  bundles,
  docsWorker,
  serviceProvider,
  startWorkers,
} from "../support/ask/miniflare.ts";

const QUESTION = JSON.stringify({ goal: "how is an answer signed?", budget_tokens: 500 });
const JSON_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const TOOLS = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

describe("the ask Worker refuses a rebound Host or Origin (workerd)", () => {
  let built: Bundles;
  let mf: Miniflare;

  before(async () => {
    built = await bundles();
    mf = await startWorkers([
      askWorker(
        built,
        "ask",
        // Miniflare's dispatchFetch reaches workerd over 127.0.0.1 (its Host header) with the URL's host kept
        // apart, so the loopback address is listed too; the URL's host is what each case varies.
        { PROVIDERS: [serviceProvider("docs", "DOCS")], ALLOWED_HOSTS: "ask.example,127.0.0.1" },
        { DOCS: "docs" },
      ),
      docsWorker(built),
    ]);
  });
  after(async () => {
    await mf?.dispose();
    await built?.cleanup();
  });

  for (const path of ["/ask", "/mcp"]) {
    const body = path === "/ask" ? QUESTION : TOOLS;
    test(`${path}: Host evil.example is 403 forbidden_host; the allowed host is answered`, async () => {
      const evil = await mf.dispatchFetch(`http://evil.example${path}`, {
        method: "POST",
        headers: JSON_HEADERS,
        body,
      });
      assert.equal(evil.status, 403);
      assert.equal(((await evil.json()) as { error: { kind: string } }).error.kind, "forbidden_host");
      const good = await mf.dispatchFetch(`http://ask.example${path}`, { method: "POST", headers: JSON_HEADERS, body });
      assert.equal(good.status, 200, await good.text());
    });

    test(`${path}: an allowed Host with Origin http://evil.example is 403; Origin of an allowed host is answered`, async () => {
      const evil = await mf.dispatchFetch(`http://ask.example${path}`, {
        method: "POST",
        headers: { ...JSON_HEADERS, origin: "http://evil.example" },
        body,
      });
      assert.equal(evil.status, 403);
      await evil.body?.cancel();
      const good = await mf.dispatchFetch(`http://ask.example${path}`, {
        method: "POST",
        headers: { ...JSON_HEADERS, origin: "https://ask.example" },
        body,
      });
      assert.equal(good.status, 200);
      await good.body?.cancel();
    });
  }
});

describe("the portable /ask handler refuses a rebound Host or Origin", () => {
  const request = (url: string, headers: Record<string, string> = {}) =>
    new Request(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: QUESTION });

  test("with ALLOWED_HOSTS unset only loopback names are answered: evil.example is 403, 127.0.0.1 and localhost pass the check", async () => {
    const handler = askHandlerFrom({ PROVIDERS: "[]" });
    assert.equal((await handler(request("http://evil.example/ask"))).status, 403);
    assert.equal((await handler(request("http://127.0.0.1:8788/ask", { origin: "http://evil.example" }))).status, 403);
    for (const url of ["http://127.0.0.1:8788/ask", "http://localhost/ask", "http://[::1]/ask"]) {
      const response = await handler(request(url, { origin: "http://localhost:5173" }));
      assert.notEqual(response.status, 403, url);
      await response.body?.cancel();
    }
  });

  test("a malformed ALLOWED_HOSTS is a ConfigError naming it", () => {
    for (const value of ["https://ask.example", "ask.example:443", "a b"])
      assert.throws(
        () => askHandlerFrom({ PROVIDERS: "[]", ALLOWED_HOSTS: value }),
        (error: unknown) => error instanceof ConfigError && error.member === "ALLOWED_HOSTS",
        value,
      );
  });
});

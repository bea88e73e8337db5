// The HTTP binding's header rules (spec §1.1 "HTTP binding"): which content types are JSON, and CORS with
// allowedOrigins "*" (any origin, the three methods the endpoint answers). Expected headers are written out.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createProviderApp } from "../support/lib.ts";
import { echoProvider } from "../support/providers.ts";

const QUERY = '{"type":"query","id":"q1","query":{"goal":"g","max_frames":4,"max_tokens":100}}';

function post(app: ReturnType<typeof createProviderApp>, contentType: string, origin?: string) {
  const headers: Record<string, string> = { "content-type": contentType, ...(origin ? { origin } : {}) };
  return app.request("/contextgraph", { method: "POST", body: QUERY, headers });
}

test("application/json with parameters, spaces before them, or in capitals is JSON", async () => {
  const app = createProviderApp(echoProvider());
  for (const type of [
    "application/json",
    "application/json; charset=utf-8",
    "application/json ;charset=utf-8",
    "APPLICATION/JSON",
  ])
    assert.equal((await post(app, type)).status, 200, type);
});

test("a type that only starts or ends like JSON is not: application/json-seq, application/jsonx, x-application/json are 415", async () => {
  const app = createProviderApp(echoProvider());
  for (const type of ["application/json-seq", "application/jsonx", "x-application/json"])
    assert.equal((await post(app, type)).status, 415, type);
});

test("CORS with allowedOrigins * answers any origin with *, and preflights allow GET, POST and OPTIONS with content-type and authorization", async () => {
  const app = createProviderApp(echoProvider(), { allowedOrigins: "*" });
  const preflight = await app.request("/contextgraph", {
    method: "OPTIONS",
    headers: { origin: "https://any.example", "access-control-request-method": "POST" },
  });
  assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
  assert.equal(preflight.headers.get("access-control-allow-methods"), "GET,POST,OPTIONS");
  assert.equal(preflight.headers.get("access-control-allow-headers"), "content-type,authorization");
  const response = await post(app, "application/json", "https://other.example");
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
});

test("every JSON response carries X-Content-Type-Options: nosniff: the description, an answer, and each refusal (issue 24.10)", async () => {
  const app = createProviderApp(echoProvider());
  const responses = {
    "GET description": await app.request("/contextgraph"),
    "POST answer": await post(app, "application/json"),
    "415 refusal": await post(app, "text/plain"),
    "404 refusal": await app.request("/elsewhere"),
    "405 refusal": await app.request("/contextgraph", { method: "PUT", body: "x" }),
  };
  for (const [what, response] of Object.entries(responses)) {
    assert.match(response.headers.get("content-type") ?? "", /^application\/json/, what);
    assert.equal(response.headers.get("x-content-type-options"), "nosniff", what);
  }
});

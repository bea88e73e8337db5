// A non-2xx HTTP reply (spec §4.4): when its body is a CGP `error` envelope, its code and message come
// through (bounded, scrubbed of the credential, as data); any other body leaves the status alone.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type Connection, connect, createProviderApp, Credential, httpTransport } from "../../support/lib.ts";
import { rejectsWith } from "../../support/host/adversaries.ts";
import { within } from "../../support/host/stdio.ts";
import { echoProvider } from "../../support/providers.ts";

const SECRET = "cgp-tok-status-0b9e4d71c2";
const Q = { goal: "g", max_frames: 2, max_tokens: 100 };

/** A connection whose handshake succeeds and whose every query is answered by `failure()`. */
async function failingQueries(failure: () => Response): Promise<Connection> {
  const app = createProviderApp(echoProvider());
  const fetch = (async (url: URL | string, init: RequestInit = {}) =>
    (JSON.parse(String(init.body)) as { type: string }).type === "query"
      ? failure()
      : app.request(new URL(url).pathname, init)) as typeof globalThis.fetch;
  return connect(httpTransport("http://localhost/contextgraph", { fetch, credential: new Credential(SECRET) }));
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("a non-2xx HTTP reply", () => {
  test("a 500 with an error envelope surfaces its code and message, not just HTTP 500", async () => {
    const connection = await failingQueries(() =>
      json(500, { type: "error", code: "internal", message: "the index is rebuilding" }),
    );
    const error = await rejectsWith(connection.query(Q), "transport");
    assert.equal(error.message, 'HTTP 500: internal: "the index is rebuilding"');
    assert.deepEqual(error.details, { status: 500, code: "internal", providerMessage: "the index is rebuilding" });
    assert.equal(error.retryable, false);
  });

  test("a 503 unavailable is retryable; an unknown code reads as internal and keeps the raw code (X1)", async () => {
    const busy = await failingQueries(() => json(503, { type: "error", code: "unavailable", message: "busy" }));
    const unavailable = await rejectsWith(busy.query(Q), "transport");
    assert.equal(unavailable.details.code, "unavailable");
    assert.equal(unavailable.retryable, true);
    const vendor = await failingQueries(() => json(500, { type: "error", code: "vendor:quota", message: "over" }));
    const quota = await rejectsWith(vendor.query(Q), "transport");
    assert.equal(quota.details.code, "internal");
    assert.equal(quota.details.rawCode, "vendor:quota");
  });

  test("the provider's message is bounded to 200 characters and scrubbed of the credential", async () => {
    const escaped = [...SECRET].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
    const connection = await failingQueries(
      () =>
        new Response(
          `{"type":"error","code":"bad_request","message":"token ${escaped} refused ${"x".repeat(10_000)}"}`,
          {
            status: 400,
          },
        ),
    );
    const error = await rejectsWith(connection.query(Q), "transport");
    assert.equal(error.details.providerMessage?.length, 200);
    assert.ok(error.details.providerMessage?.startsWith("token <redacted> refused x"));
    assert.ok(!JSON.stringify({ message: error.message, details: error.details }).includes(SECRET.slice(0, 12)));
  });

  test("a body that is not an error envelope (HTML, another envelope type) leaves the status alone", async () => {
    for (const body of ["<html>bad gateway</html>", JSON.stringify({ type: "shutdown" }), ""]) {
      const connection = await failingQueries(() => new Response(body, { status: 502 }));
      const error = await rejectsWith(connection.query(Q), "transport");
      assert.equal(error.message, "HTTP 502", body);
      assert.deepEqual(error.details, { status: 502 }, body);
    }
  });

  test("an endless error body is read only up to its bound, then the status alone is reported", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x78));
      },
    });
    const connection = await failingQueries(() => new Response(endless, { status: 500 }));
    const error = await within(rejectsWith(connection.query(Q), "transport"), 5_000, "an endless body");
    assert.deepEqual(error.details, { status: 500 });
    assert.ok(pulled <= 8, `read ${pulled} chunks of 16 KiB for a 64 KiB bound`);
  });
});

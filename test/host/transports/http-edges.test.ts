// httpTransport at the edges of each rule (spec §4.4, C7, C8, §1.12), through a stub fetch: the first and
// last status of each range, a redirect or 401 without a body, a browser's opaque redirect, an error body
// without a code, a network failure and an abort, a URL that does not parse, the response limit given or
// not, and no Authorization header without a credential. Every message and detail is written out.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type EnvelopeInit, HostError, httpTransport } from "../../support/lib.ts";

const QUERY: EnvelopeInit = { type: "query", query: { goal: "g", max_frames: 1, max_tokens: 10 } };
const FRAMES = '{"type":"frames","result":{"frames":[],"truncated":false}}';
const URL_ = "http://127.0.0.1:9/contextgraph";

/** A transport whose fetch answers `respond()` and records the headers it was given. */
function stubbed(respond: () => Response | Promise<Response>, options: { maxResponseBytes?: number } = {}) {
  const headers: Record<string, string>[] = [];
  const fetch = (async (_url: URL | string, init: RequestInit = {}) => {
    headers.push({ ...(init.headers as Record<string, string>) });
    return respond();
  }) as typeof globalThis.fetch;
  return { transport: httpTransport(URL_, { fetch, ...options }), headers };
}

/** The HostError one exchange fails with. */
async function failure(respond: () => Response | Promise<Response>, options?: { maxResponseBytes?: number }) {
  try {
    await stubbed(respond, options).transport.exchange(QUERY, new AbortController().signal);
  } catch (error) {
    assert.ok(error instanceof HostError, String(error));
    return error;
  }
  assert.fail("the exchange succeeded");
}

const ok =
  (status: number, body = FRAMES) =>
  () =>
    new Response(body, { status });

describe("statuses", () => {
  test("300 and 399 are redirects, refused in words, even with no body", async () => {
    for (const status of [300, 399]) {
      const error = await failure(() => new Response(null, { status }));
      assert.equal(error.kind, "redirect_refused", String(status));
      assert.equal(error.message, "the provider answered with a redirect, which is never followed");
      assert.deepEqual(error.details, { status });
    }
  });

  test("a browser's opaque redirect (type opaqueredirect, status 0) is refused as a redirect", async () => {
    const opaque = { type: "opaqueredirect", status: 0, body: null, headers: new Headers() } as unknown as Response;
    const error = await failure(() => opaque);
    assert.equal(error.kind, "redirect_refused");
    assert.deepEqual(error.details, { status: 0 });
  });

  test("401 is unauthorized in words, even with no body", async () => {
    const error = await failure(() => new Response(null, { status: 401 }));
    assert.equal(error.kind, "unauthorized");
    assert.equal(error.message, "the provider refused the credentials");
    assert.deepEqual(error.details, { status: 401 });
  });

  test("200 and 299 carry a reply; 204 carries none", async () => {
    for (const status of [200, 299]) {
      const reply = await stubbed(ok(status)).transport.exchange(QUERY, new AbortController().signal);
      assert.equal(reply?.type, "frames", String(status));
    }
    assert.equal(
      await stubbed(() => new Response(null, { status: 204 })).transport.exchange(QUERY, AbortSignal.timeout(5_000)),
      undefined,
    );
  });

  test("an error body without a code reads as internal, with no raw code", async () => {
    const error = await failure(() => new Response('{"type":"error","message":"down"}', { status: 500 }));
    assert.equal(error.kind, "transport");
    assert.deepStrictEqual(error.details, { status: 500, code: "internal", providerMessage: "down" });
  });

  test("a 2xx body that is not an envelope is wire, naming the decoder's code", async () => {
    const error = await failure(ok(200, "{nope"));
    assert.equal(error.kind, "wire");
    assert.equal(error.message, "the response is not an envelope (invalid_json)");
  });
});

describe("limits and failures", () => {
  test("maxResponseBytes bounds a reply when given, and 16 MiB does when not", async () => {
    const padded = FRAMES.replace('"truncated":false', `"truncated":false,"pad":"${"x".repeat(200)}"`);
    const small = await failure(ok(200, padded), { maxResponseBytes: 100 });
    assert.equal(small.message, "the response is larger than 100 bytes");
    const reply = await stubbed(ok(200, padded)).transport.exchange(QUERY, new AbortController().signal);
    assert.equal(reply?.type, "frames");
  });

  test("a network failure is transport in the host's words; an abort passes through as the abort", async () => {
    const refused = await failure(() => Promise.reject(new TypeError("connect ECONNREFUSED with secret")));
    assert.equal(refused.kind, "transport");
    assert.equal(refused.message, "the request to the provider failed");
    const cancel = new AbortController();
    const reason = new DOMException("stopped", "AbortError");
    cancel.abort();
    await assert.rejects(
      stubbed(() => Promise.reject(reason)).transport.exchange(QUERY, cancel.signal),
      (error) => error === reason,
    );
  });

  test("a URL that does not parse is refused when the transport is made", () => {
    assert.throws(
      () => httpTransport("not a url"),
      (error) =>
        error instanceof HostError && error.kind === "transport" && error.message === "the provider URL does not parse",
    );
  });

  test("plaintext to a non-loopback host names the host", () => {
    assert.throws(
      () => httpTransport("http://example.com/contextgraph"),
      (error) =>
        error instanceof HostError &&
        error.kind === "insecure_transport" &&
        error.message === "refusing plaintext HTTP to non-loopback host example.com" &&
        error.details.host === "example.com",
    );
  });

  test("an exchange transport, sending no Authorization header without a credential", async () => {
    const { transport, headers } = stubbed(ok(200));
    assert.equal(transport.kind, "exchange");
    await transport.exchange(QUERY, new AbortController().signal);
    assert.deepEqual(headers, [{ "content-type": "application/json" }]);
  });
});

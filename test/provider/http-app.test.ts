// The HTTP binding as a hono app, in-process (spec §1.1 "HTTP binding", §4.4). The Worker tests run it in workerd.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createProviderApp, decodeLine, signerFromSeed } from "../support/lib.ts";
import { echoProvider } from "../support/providers.ts";

const JSON_HEADERS = { "content-type": "application/json" };
const QUERY = '{"type":"query","id":"q1","query":{"goal":"g","max_frames":4,"max_tokens":100}}';

function post(
  app: ReturnType<typeof createProviderApp>,
  body: BodyInit,
  headers: Record<string, string> = JSON_HEADERS,
) {
  return app.request("/contextgraph", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("createProviderApp", () => {
  test("POST one envelope, get one back: handshake and a correlated query", async () => {
    const app = createProviderApp(echoProvider());
    const ack = await post(app, '{"type":"handshake","protocol_version":"contextgraph/1.0"}');
    assert.equal(ack.status, 200);
    assert.match(ack.headers.get("content-type") ?? "", /application\/json/);
    assert.equal(decodeLine(await ack.text()).type, "handshake_ack");
    const frames = decodeLine(await (await post(app, QUERY)).text());
    assert.ok(frames.type === "frames" && frames.id === "q1" && frames.result.frames[0]?.id === "echo:g");
  });

  test("shutdown and envelopes only a provider sends get 204 and an empty body", async () => {
    const app = createProviderApp(echoProvider());
    for (const body of ['{"type":"shutdown"}', '{"type":"error","message":"m"}']) {
      const response = await post(app, body);
      assert.equal(response.status, 204);
      assert.equal(await response.text(), "");
    }
  });

  test("garbage is 400 bad_request; a malformed request with an id echoes it", async () => {
    const app = createProviderApp(echoProvider());
    const garbage = await post(app, "{nope");
    assert.equal(garbage.status, 400);
    const envelope = decodeLine(await garbage.text());
    assert.ok(envelope.type === "error" && envelope.code === "bad_request");
    const malformed = decodeLine(await (await post(app, '{"type":"query","id":"q2","query":{}}')).text());
    assert.ok(malformed.type === "error" && malformed.id === "q2");
  });

  test("a body that is not valid UTF-8 is 400 bad_request (invalid_utf8), not decoded lossily and served", async () => {
    const app = createProviderApp(echoProvider());
    const body = Buffer.concat([
      Buffer.from('{"type":"query","id":"q1","query":{"goal":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('","max_frames":1,"max_tokens":100}}'),
    ]);
    const response = await post(app, body);
    assert.equal(response.status, 400);
    const envelope = decodeLine(await response.text());
    assert.ok(envelope.type === "error" && envelope.code === "bad_request", JSON.stringify(envelope));
    assert.match(envelope.message, /invalid_utf8/);
    // A byte order mark is not an error: it is dropped, as Request.text() drops it.
    const marked = await post(app, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(QUERY)]));
    assert.equal(marked.status, 200);
  });

  test("a body over the limit is 413 with an error envelope, also without content-length", async () => {
    const app = createProviderApp(echoProvider(), { maxBodyBytes: 1024 });
    const big = `{"type":"error","message":"${"x".repeat(4096)}"}`;
    const response = await post(app, big);
    assert.equal(response.status, 413);
    assert.equal(decodeLine(await response.text()).type, "error");
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const chunked = await app.request("/contextgraph", {
      method: "POST",
      body: stream,
      headers: JSON_HEADERS,
      duplex: "half",
    } as RequestInit);
    assert.equal(chunked.status, 413);
  });

  test("a refused body is drained to its end up to maxDrainBytes, and read no further than that", async () => {
    const app = createProviderApp(echoProvider(), { maxBodyBytes: 1024, maxDrainBytes: 1024 * 1024 });
    const CHUNK = 64 * 1024;
    for (const [total, readAll] of [
      [512 * 1024, true],
      [40 * 1024 * 1024, false],
    ] as const) {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= total) return controller.close();
          pulled += CHUNK;
          controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
        },
      });
      const response = await post(app, body, JSON_HEADERS);
      assert.equal(response.status, 413);
      if (readAll) assert.equal(pulled, total, "a body within the drain bound is read to its end");
      else assert.ok(pulled <= 1024 * 1024 + 2 * CHUNK, `${pulled} bytes of a ${total}-byte body read`);
    }
  });

  test("a wrong content type is 415, another method 405 with Allow", async () => {
    const app = createProviderApp(echoProvider());
    assert.equal((await post(app, QUERY, { "content-type": "text/plain" })).status, 415);
    const put = await app.request("/contextgraph", { method: "PUT", body: QUERY });
    assert.equal(put.status, 405);
    assert.match(put.headers.get("allow") ?? "", /POST/);
  });

  test("every non-2xx carries a typed error envelope: 400, 401, 404, 405 (with Allow), 413, 415, 500", async () => {
    const guarded = createProviderApp(echoProvider(), { bearerToken: "t0ken", maxBodyBytes: 64 });
    const auth = { ...JSON_HEADERS, authorization: "Bearer t0ken" };
    // A provider whose description cannot be built: the app's own fault, answered 500.
    const broken = Object.defineProperty({ ...echoProvider() }, "info", {
      get: () => {
        throw new Error("secret detail");
      },
    });
    const cases: [string, Response | Promise<Response>, number, string][] = [
      ["garbage", post(guarded, "{nope", auth), 400, "bad_request"],
      ["no token", post(guarded, QUERY), 401, "frameline:unauthorized"],
      [
        "another path",
        guarded.request("/elsewhere", { method: "POST", body: QUERY, headers: auth }),
        404,
        "bad_request",
      ],
      ["GET another path", guarded.request("/"), 404, "bad_request"],
      ["PUT", guarded.request("/contextgraph", { method: "PUT", body: QUERY, headers: auth }), 405, "bad_request"],
      ["too large", post(guarded, QUERY, auth), 413, "bad_request"],
      ["text/plain", post(guarded, QUERY, { ...auth, "content-type": "text/plain" }), 415, "bad_request"],
      ["a fault", createProviderApp(broken).request("/contextgraph"), 500, "internal"],
    ];
    for (const [name, pending, status, code] of cases) {
      const response = await pending;
      assert.equal(response.status, status, name);
      assert.match(response.headers.get("content-type") ?? "", /^application\/json/, name);
      const text = await response.text();
      const envelope = decodeLine(text);
      assert.ok(envelope.type === "error" && envelope.code === code && envelope.message.length > 0, `${name}: ${text}`);
      assert.ok(!text.includes("secret detail"), name);
    }
    const put = await guarded.request("/contextgraph", { method: "PUT" });
    assert.equal(put.headers.get("allow"), "GET, POST, OPTIONS");
  });

  test("GET describes the provider for humans, including whether answers are signed", async () => {
    const signer = await signerFromSeed("4d".repeat(32), { keyId: "echo-1", attesterId: "echo" });
    const signed = await (await createProviderApp(echoProvider({ signer })).request("/contextgraph")).json();
    assert.deepEqual(signed, {
      name: "echo",
      version: "1.0.0",
      protocol: "contextgraph/1.0",
      endpoint: "/contextgraph",
      signed: true,
      attester_keys: [signer.attesterKey],
    });
    const unsigned = await (
      await createProviderApp(echoProvider(), { note: "no ATTESTATION_SEED set" }).request("/contextgraph")
    ).json();
    assert.equal(unsigned.signed, false);
    assert.deepEqual(unsigned.attester_keys, []);
    assert.equal(unsigned.note, "no ATTESTATION_SEED set");
  });

  test("CORS: an allowed origin gets preflight and response headers, another origin none", async () => {
    const app = createProviderApp(echoProvider(), { allowedOrigins: ["https://play.example"] });
    const preflight = await app.request("/contextgraph", {
      method: "OPTIONS",
      headers: {
        origin: "https://play.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get("access-control-allow-origin"), "https://play.example");
    assert.match(preflight.headers.get("access-control-allow-methods") ?? "", /POST/);
    const allowed = await post(app, QUERY, { ...JSON_HEADERS, origin: "https://play.example" });
    assert.equal(allowed.headers.get("access-control-allow-origin"), "https://play.example");
    const other = await post(app, QUERY, { ...JSON_HEADERS, origin: "https://evil.example" });
    assert.equal(other.headers.get("access-control-allow-origin"), null);
  });

  test("a bearer token is required when configured, and never echoed", async () => {
    const token = "s3cr3t-token-value";
    const app = createProviderApp(echoProvider(), { bearerToken: token });
    const missing = await post(app, QUERY);
    assert.equal(missing.status, 401);
    const wrong = await post(app, QUERY, { ...JSON_HEADERS, authorization: "Bearer s3cr3t-token-valuX" });
    assert.equal(wrong.status, 401);
    assert.ok(!(await wrong.text()).includes("s3cr3t"));
    const right = await post(app, QUERY, { ...JSON_HEADERS, authorization: `Bearer ${token}` });
    assert.equal(right.status, 200);
  });

  test("a 401 carries an error envelope whose code says the credentials were refused, not bad_request", async () => {
    const app = createProviderApp(echoProvider(), { bearerToken: "s3cr3t-token-value" });
    for (const headers of [JSON_HEADERS, { ...JSON_HEADERS, authorization: "Bearer wrong" }]) {
      const refused = await post(app, QUERY, headers);
      assert.equal(refused.status, 401);
      assert.match(refused.headers.get("content-type") ?? "", /^application\/json/);
      const envelope = decodeLine(await refused.text());
      assert.ok(envelope.type === "error", JSON.stringify(envelope));
      assert.equal(envelope.code, "frameline:unauthorized");
      assert.equal(envelope.id, undefined, "nothing of the refused request is read, not even its id");
    }
  });
});

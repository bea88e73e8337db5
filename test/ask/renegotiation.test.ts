// What forces a cached connection to handshake again (src/host/handshake-cache/signals.ts, docs/ask.md): a
// provider redeployed with a new key, a new name or another version, or one that says it is shutting down
// or no longer serves what its cached ack promised. Anything else passes as it is, with no handshake.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { STORE_KEY } from "../support/ask/store-key.ts";
import {
  type Connection,
  HandshakeCache,
  Host,
  HostError,
  httpTransport,
  memoryHandshakeStore,
} from "../support/lib.ts";
import { legOf } from "../support/host/adversaries.ts";
import { down, type Endpoint, endpoint, providerApp, scripted, URL_OF_PROVIDER } from "../support/ask/endpoint.ts";

const KEY = "docs-endpoint";
const QUERY = { goal: "what changed", max_frames: 4, max_tokens: 400 };
const transportOf = (provider: Endpoint) => httpTransport(URL_OF_PROVIDER, { fetch: provider.fetch });

/** A cache holding the ack of a provider signing with key 1, and that provider's endpoint. */
async function warmed(store = memoryHandshakeStore()) {
  const provider = endpoint(await providerApp({ keyN: 1 }));
  const cache = new HandshakeCache({ storeKey: STORE_KEY, store });
  await cache.connect(KEY, transportOf(provider));
  return { provider, cache, store };
}

/** A Host over `connection` as "docs", consent granted for what it declares. */
async function consentedHost(connection: Connection): Promise<Host> {
  const host = new Host();
  await host.add("docs", connection);
  host.consent.grant("docs", connection.provider.data_flow, "test");
  return host;
}

const ack = (version: string) => ({
  type: "handshake_ack",
  protocol_version: version,
  provider: { name: "docs", version: "2.0.0", data_flow: { reads: true } },
  capabilities: { query: { kinds: ["doc"] }, correlation: true },
});
/** An assert.rejects validator: a HostError of `kind` whose details carry `details` (and maybe more). */
function hostError(kind: string, details: Record<string, unknown> = {}) {
  return (error: unknown) => {
    assert.ok(error instanceof HostError, String(error));
    assert.equal(error.kind, kind);
    for (const [name, value] of Object.entries(details))
      assert.equal((error.details as Record<string, unknown>)[name], value, name);
    return true;
  };
}
const errorReply = (code: string) => ({ type: "error", code, message: `answered ${code}` });

describe("signals in an answer", () => {
  test("an answer signed under a new key that reuses the cached key id renegotiates once and is audited with the new key", async () => {
    const { provider, cache } = await warmed();
    provider.serve(await providerApp({ keyN: 3, keyId: "key-1" })); // redeployed, a new key under the old id
    const connection = await cache.connect(KEY, transportOf(provider));
    assert.equal(connection.source, "memory");
    const host = await consentedHost(connection);
    const leg = legOf(await host.query("docs", QUERY), "frames");
    assert.deepEqual(provider.posted, ["handshake", "query", "handshake"]);
    assert.deepEqual(connection.signals, [{ kind: "changed_key", keyId: "key-1" }]);
    assert.deepEqual(
      leg.frames.map((f) => f.attestation.state),
      ["attested", "attested"],
    );
    assert.equal(cache.stats.renegotiations, 1);
    // The next answer verifies under the fresh key: no further handshake.
    await host.query("docs", QUERY);
    assert.deepEqual(provider.posted, ["handshake", "query", "handshake", "query"]);
  });

  test("an answer whose content was altered in transit is no key signal: no handshake, the frame is invalid", async () => {
    const { provider, cache } = await warmed();
    const honest = await providerApp({ keyN: 1 });
    provider.serve(async (request) => {
      const response = await honest(request);
      const text = (await response.text()).replaceAll("second frame", "altered frame");
      return new Response(text, { status: response.status, headers: response.headers });
    });
    const connection = await cache.connect(KEY, transportOf(provider));
    const host = await consentedHost(connection);
    const leg = legOf(await host.query("docs", QUERY), "frames");
    assert.deepEqual(provider.posted, ["handshake", "query"]);
    assert.deepEqual(connection.signals, []);
    assert.deepEqual(
      leg.frames.map((f) => f.attestation.state),
      ["attested", "invalid"],
    );
  });

  test("an answer signed under a key id the cached ack does not publish renegotiates once and is audited with the new key", async () => {
    const { provider, cache, store } = await warmed();
    provider.serve(await providerApp({ keyN: 2 })); // redeployed with a rotated key
    const connection = await cache.connect(KEY, transportOf(provider));
    assert.equal(connection.source, "memory");
    const host = await consentedHost(connection);
    const leg = legOf(await host.query("docs", QUERY), "frames");
    assert.deepEqual(provider.posted, ["handshake", "query", "handshake"]);
    assert.deepEqual(connection.signals, [{ kind: "unknown_key", keyId: "key-2" }]);
    assert.deepEqual(
      leg.frames.map((f) => (f.attestation.state === "attested" ? f.attestation.keyId : f.attestation.state)),
      ["key-2", "key-2"],
    );
    assert.equal(cache.stats.renegotiations, 1);
    // The fresh ack replaced the old one in both tiers.
    const elsewhere = await new HandshakeCache({ storeKey: STORE_KEY, store }).connect(KEY, transportOf(provider));
    assert.equal(elsewhere.source, "store");
    assert.deepEqual(
      elsewhere.attesterKeys.map((k) => k.key_id),
      ["key-2"],
    );
  });

  test("an answer whose attestations name another provider (renamed) renegotiates", async () => {
    const { provider, cache } = await warmed();
    provider.serve(await providerApp({ name: "docs-v2", keyN: 1 }));
    const connection = await cache.connect(KEY, transportOf(provider));
    await connection.query(QUERY);
    assert.deepEqual(connection.signals, [{ kind: "renamed" }]);
    assert.equal(connection.provider.name, "docs-v2");
    assert.equal(provider.count("handshake"), 2);
  });

  test("an answer from the provider as cached renegotiates nothing, query after query", async () => {
    const { provider, cache } = await warmed();
    const connection = await cache.connect(KEY, transportOf(provider));
    for (let i = 0; i < 5; i++) await connection.query(QUERY);
    assert.equal(provider.count("handshake"), 1);
    assert.deepEqual(connection.signals, []);
  });

  test("an unsigned answer from a provider that never signed renegotiates nothing", async () => {
    const provider = endpoint(await providerApp({}));
    const cache = new HandshakeCache();
    await cache.connect(KEY, transportOf(provider));
    await (await cache.connect(KEY, transportOf(provider))).query(QUERY);
    assert.equal(provider.count("handshake"), 1);
  });

  test("when the renegotiation fails the answer still stands, its frames reported, and the entry is gone", async () => {
    const { provider, cache } = await warmed();
    const rotated = await providerApp({ keyN: 2 });
    // Answers the query under the new key, then is down for the handshake that follows.
    provider.serve(async (request) => {
      const response = await rotated(request);
      provider.serve(down);
      return response;
    });
    const connection = await cache.connect(KEY, transportOf(provider));
    const host = await consentedHost(connection);
    const leg = legOf(await host.query("docs", QUERY), "frames");
    assert.deepEqual(
      leg.frames.map((f) => f.attestation),
      [
        { state: "no_trusted_key", keyId: "key-2" },
        { state: "no_trusted_key", keyId: "key-2" },
      ],
    );
    provider.serve(await providerApp({ keyN: 2 }));
    assert.equal((await cache.connect(KEY, transportOf(provider))).source, "handshake");
  });

  test("concurrent answers carrying the same signal share one renegotiation", async () => {
    const { provider, cache } = await warmed();
    provider.serve(await providerApp({ keyN: 2 }));
    const connection = await cache.connect(KEY, transportOf(provider));
    await Promise.all([connection.query(QUERY), connection.query(QUERY), connection.query(QUERY)]);
    assert.equal(provider.count("handshake"), 2);
    assert.equal(cache.stats.renegotiations, 1);
  });
});

describe("signals in an error", () => {
  test("incompatible_version renegotiates, and the fresh handshake's version_mismatch is what the caller gets", async () => {
    const { provider, cache } = await warmed();
    provider.serve(scripted({ handshake: ack("contextgraph/2.0"), query: errorReply("incompatible_version") }));
    const connection = await cache.connect(KEY, transportOf(provider));
    await assert.rejects(
      connection.query(QUERY),
      hostError("version_mismatch", { providerVersion: "contextgraph/2.0" }),
    );
    assert.deepEqual(provider.posted, ["handshake", "query", "handshake"]);
    assert.deepEqual(connection.signals, [{ kind: "error", code: "incompatible_version" }]);
    // Nothing is cached for a provider that no longer speaks our family.
    await assert.rejects(cache.connect(KEY, transportOf(provider)), hostError("version_mismatch"));
  });

  test("shutting_down renegotiates and retries the request once, on the new instance", async () => {
    const { provider, cache } = await warmed();
    const next = await providerApp({ keyN: 1 });
    provider.serve(async (request) => {
      const { type } = (await request.clone().json()) as { type: string };
      if (type === "handshake") provider.serve(next); // the respawned instance answers from its handshake on
      return type === "handshake" ? next(request) : scripted({ query: errorReply("shutting_down") })(request);
    });
    const connection = await cache.connect(KEY, transportOf(provider));
    const result = await connection.query(QUERY);
    assert.equal(result.frames.length, 2);
    assert.deepEqual(provider.posted, ["handshake", "query", "handshake", "query"]);
  });

  test("a signal on the retry is not followed again: one renegotiation per request", async () => {
    const { provider, cache } = await warmed();
    provider.serve(scripted({ handshake: ack("contextgraph/1.0"), query: errorReply("shutting_down") }));
    const connection = await cache.connect(KEY, transportOf(provider));
    await assert.rejects(connection.query(QUERY), hostError("provider", { code: "shutting_down" }));
    assert.deepEqual(provider.posted, ["handshake", "query", "handshake", "query"]);
  });

  test("unsupported_kind for a kind the cached ack lists renegotiates; for a kind it never listed it does not", async () => {
    const { provider, cache } = await warmed();
    provider.serve(scripted({ handshake: ack("contextgraph/1.0"), query: errorReply("unsupported_kind") }));
    const never = await cache.connect(KEY, transportOf(provider));
    await assert.rejects(
      never.query({ ...QUERY, kinds: ["symbol"] }),
      hostError("provider", { code: "unsupported_kind" }),
    );
    assert.equal(provider.count("handshake"), 1);
    const listed = await cache.connect(KEY, transportOf(provider));
    await assert.rejects(
      listed.query({ ...QUERY, kinds: ["doc"] }),
      hostError("provider", { code: "unsupported_kind" }),
    );
    assert.equal(provider.count("handshake"), 2);
    assert.deepEqual(listed.signals, [{ kind: "error", code: "unsupported_kind" }]);
  });

  test("unsupported_representation renegotiates (the host only asks for advertised representations, P5)", async () => {
    const { provider, cache } = await warmed();
    provider.serve(scripted({ handshake: ack("contextgraph/1.0"), query: errorReply("unsupported_representation") }));
    const connection = await cache.connect(KEY, transportOf(provider));
    await assert.rejects(connection.query(QUERY), hostError("provider", { code: "unsupported_representation" }));
    assert.equal(provider.count("handshake"), 2);
  });

  for (const code of ["bad_request", "budget_unsatisfiable", "unavailable", "internal", "vendor:moved"]) {
    test(`${code} is not a signal: it passes as it is, with no handshake`, async () => {
      const { provider, cache } = await warmed();
      provider.serve(scripted({ query: errorReply(code) }));
      const connection = await cache.connect(KEY, transportOf(provider));
      await assert.rejects(
        connection.query(QUERY),
        hostError("provider", { code: code === "vendor:moved" ? "internal" : code }),
      );
      assert.deepEqual(provider.posted, ["handshake", "query"]);
      assert.deepEqual(connection.signals, []);
    });
  }

  test("a provider that is down fails the request with its HTTP status and renegotiates nothing", async () => {
    const { provider, cache } = await warmed();
    provider.serve(down);
    const connection = await cache.connect(KEY, transportOf(provider));
    await assert.rejects(connection.query(QUERY), hostError("transport", { status: 503, code: "unavailable" }));
    assert.deepEqual(provider.posted, ["handshake", "query"]);
  });

  test("an HTTP refusal whose error body says shutting_down is a signal too", async () => {
    const { provider, cache } = await warmed();
    const next = await providerApp({ keyN: 1 });
    provider.serve(async () => {
      provider.serve(next);
      return new Response(JSON.stringify(errorReply("shutting_down")), { status: 503 });
    });
    const connection = await cache.connect(KEY, transportOf(provider));
    assert.equal((await connection.query(QUERY)).frames.length, 2);
    assert.deepEqual(provider.posted, ["handshake", "query", "handshake", "query"]);
  });

  test("verify renegotiates on the same error signals and retries once", async () => {
    const { provider, cache } = await warmed();
    const next = await providerApp({ keyN: 1 });
    provider.serve(async (request) => {
      const { type } = (await request.clone().json()) as { type: string };
      if (type === "handshake") provider.serve(next);
      return type === "handshake" ? next(request) : scripted({ verify: errorReply("shutting_down") })(request);
    });
    const connection = await cache.connect(KEY, transportOf(provider));
    const response = await connection.verify([
      { provider_id: "docs", frame_id: "a", content_digest: `sha256:${"0".repeat(64)}` },
    ]);
    assert.equal(response.verdicts.length, 1);
    assert.deepEqual(provider.posted, ["handshake", "verify", "handshake", "verify"]);
  });
});

// The handshake cache (src/host/handshake-cache, spec §4.2 step 5): a warm connect sends no handshake, from
// this cache's memory or from a store shared with another cache; entries expire, are keyed by the host's
// version, and are never trusted when read back; a slow or failing store costs a handshake, never a hang.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import { resealed, STORE_KEY } from "../support/ask/store-key.ts";
import {
  HandshakeCache,
  type HandshakeStore,
  Host,
  httpTransport,
  kvHandshakeStore,
  memoryHandshakeStore,
} from "../support/lib.ts";
import { type Endpoint, endpoint, providerApp, URL_OF_PROVIDER } from "../support/ask/endpoint.ts";
import { publicKeyOfSeed } from "../support/worker/http.ts";
import { seedOf } from "../support/ask/endpoint.ts";
import { legOf } from "../support/host/adversaries.ts";

const KEY = "docs-endpoint";
const QUERY = { goal: "what is cached", max_frames: 4, max_tokens: 400 };

async function signedEndpoint(): Promise<Endpoint> {
  return endpoint(await providerApp({ keyN: 1 }));
}

const transportOf = (provider: Endpoint) => httpTransport(URL_OF_PROVIDER, { fetch: provider.fetch });

/** The store key the cache documents: `frameline-handshake:` + SHA-256 of `["<host version>","<key>"]`, computed here. */
function storeKeyOf(key: string, hostVersion = "contextgraph/1.0"): string {
  return `frameline-handshake:${createHash("sha256")
    .update(JSON.stringify([hostVersion, key]))
    .digest("hex")}`;
}

/** A store over a Map that records every call, with the raw values inspectable. */
function recordingStore() {
  const values = new Map<string, string>();
  const calls: string[] = [];
  const store: HandshakeStore = {
    async get(key) {
      calls.push("get");
      return values.get(key);
    },
    async put(key, value) {
      calls.push("put");
      values.set(key, value);
    },
    async delete(key) {
      calls.push("delete");
      values.delete(key);
    },
  };
  return { store, values, calls };
}

describe("HandshakeCache: the memory tier", () => {
  test("a second connect for the same key resumes from memory and sends no handshake", async () => {
    const provider = await signedEndpoint();
    const cache = new HandshakeCache();
    const first = await cache.connect(KEY, transportOf(provider));
    const second = await cache.connect(KEY, transportOf(provider));
    assert.equal(first.source, "handshake");
    assert.equal(second.source, "memory");
    await second.query(QUERY);
    assert.deepEqual(provider.posted, ["handshake", "query"]);
    assert.deepEqual(second.attesterKeys, [
      { key_id: "key-1", algorithm: "ed25519", public_key: publicKeyOfSeed(seedOf(1)) },
    ]);
    assert.deepEqual(cache.stats, { memoryHits: 1, storeHits: 0, handshakes: 1, renegotiations: 0, storeFailures: 0 });
  });

  test("a resumed HTTP connection still forces egress (C4), so the host's consent gate still applies", async () => {
    const provider = await signedEndpoint();
    const cache = new HandshakeCache();
    await cache.connect(KEY, transportOf(provider));
    const resumed = await cache.connect(KEY, transportOf(provider));
    assert.equal(resumed.provider.data_flow.egress, true);
    const host = new Host();
    await host.add("docs", resumed);
    const [leg] = await host.queryAll(QUERY);
    assert.equal(leg?.outcome, "consent_required");
    assert.equal(provider.count("query"), 0);
  });

  test("a resumed connection's answers are audited with the cached keys: every frame attested", async () => {
    const provider = await signedEndpoint();
    const cache = new HandshakeCache();
    await cache.connect(KEY, transportOf(provider));
    const host = new Host();
    const resumed = await cache.connect(KEY, transportOf(provider));
    await host.add("docs", resumed);
    host.consent.grant("docs", resumed.provider.data_flow, "test");
    const leg = legOf(await host.query("docs", QUERY), "frames");
    assert.deepEqual(
      leg.frames.map((f) => [f.attestation.state, f.attestation.state === "attested" && f.attestation.keyId]),
      [
        ["attested", "key-1"],
        ["attested", "key-1"],
      ],
    );
    assert.equal(provider.count("handshake"), 1);
  });

  test("different keys are different providers: each handshakes once", async () => {
    const provider = await signedEndpoint();
    const cache = new HandshakeCache();
    await cache.connect("a", transportOf(provider));
    await cache.connect("b", transportOf(provider));
    await cache.connect("a", transportOf(provider));
    assert.equal(provider.count("handshake"), 2);
  });

  test("another host version is another entry: connecting as contextgraph/1.1 handshakes again", async () => {
    const provider = await signedEndpoint();
    const cache = new HandshakeCache();
    await cache.connect(KEY, transportOf(provider));
    const other = await cache.connect(KEY, transportOf(provider), { hostVersion: "contextgraph/1.1" });
    assert.equal(other.source, "handshake");
    assert.equal((await cache.connect(KEY, transportOf(provider))).source, "memory");
    assert.equal(provider.count("handshake"), 2);
  });

  test("an entry is used for maxAgeMs and not a millisecond more", async () => {
    const provider = await signedEndpoint();
    let now = 1_000_000;
    const cache = new HandshakeCache({ maxAgeMs: 60_000, now: () => now });
    await cache.connect(KEY, transportOf(provider));
    now += 59_999;
    assert.equal((await cache.connect(KEY, transportOf(provider))).source, "memory");
    now += 1;
    assert.equal((await cache.connect(KEY, transportOf(provider))).source, "handshake");
    assert.equal(provider.count("handshake"), 2);
  });

  test("the memory tier keeps at most maxEntries acks, the least recently used leaving first", async () => {
    const provider = await signedEndpoint();
    const cache = new HandshakeCache({ maxEntries: 2 });
    await cache.connect("a", transportOf(provider));
    await cache.connect("b", transportOf(provider));
    await cache.connect("a", transportOf(provider)); // a is now the most recently used
    await cache.connect("c", transportOf(provider)); // evicts b
    assert.equal((await cache.connect("a", transportOf(provider))).source, "memory");
    assert.equal((await cache.connect("b", transportOf(provider))).source, "handshake");
    assert.equal(provider.count("handshake"), 4);
  });

  test("a failed handshake caches nothing and is thrown as connect throws it", async () => {
    const provider = endpoint(() => new Response("nope", { status: 500 }));
    const cache = new HandshakeCache();
    await assert.rejects(cache.connect(KEY, transportOf(provider)), { name: "HostError", kind: "transport" });
    provider.serve(await providerApp({ keyN: 1 }));
    assert.equal((await cache.connect(KEY, transportOf(provider))).source, "handshake");
  });

  test("invalidate drops the entry: the next connect handshakes", async () => {
    const provider = await signedEndpoint();
    const { store, values } = recordingStore();
    const cache = new HandshakeCache({ storeKey: STORE_KEY, store });
    await cache.connect(KEY, transportOf(provider));
    await cache.invalidate(KEY);
    assert.equal(values.size, 0);
    assert.equal((await cache.connect(KEY, transportOf(provider))).source, "handshake");
  });
});

describe("HandshakeCache: the async store", () => {
  test("a second cache sharing the store (another isolate) resumes from it without a handshake", async () => {
    const provider = await signedEndpoint();
    const store = memoryHandshakeStore();
    await new HandshakeCache({ storeKey: STORE_KEY, store }).connect(KEY, transportOf(provider));
    const elsewhere = new HandshakeCache({ storeKey: STORE_KEY, store });
    const resumed = await elsewhere.connect(KEY, transportOf(provider));
    assert.equal(resumed.source, "store");
    assert.equal((await elsewhere.connect(KEY, transportOf(provider))).source, "memory");
    await resumed.query(QUERY);
    assert.deepEqual(provider.posted, ["handshake", "query"]);
    assert.equal(resumed.provider.name, "docs");
    assert.equal(elsewhere.stats.storeHits, 1);
  });

  test("the entry is stored under a digest of the key, holding the ack as received and nothing else", async () => {
    const provider = await signedEndpoint();
    const { store, values } = recordingStore();
    await new HandshakeCache({ storeKey: STORE_KEY, store, now: () => 1_700_000_000_000 }).connect(
      "https://user:secret@provider.example/cg",
      transportOf(provider),
    );
    assert.equal(values.size, 1);
    const [key, value] = [...values][0]!;
    assert.equal(key, storeKeyOf("https://user:secret@provider.example/cg"));
    assert.doesNotMatch(value, /secret/);
    const entry = JSON.parse(value);
    assert.deepEqual(Object.keys(entry).sort(), ["ack", "format", "host_version", "mac", "stored_at"]);
    assert.equal(entry.format, "frameline-handshake/2");
    assert.equal(entry.mac, resealed(entry).mac, "sealed with HMAC-SHA-256 under the store key");
    assert.equal(entry.host_version, "contextgraph/1.0");
    assert.equal(entry.stored_at, 1_700_000_000_000);
    const ack = JSON.parse(entry.ack);
    assert.equal(ack.type, "handshake_ack");
    // As the provider sent it: egress false (C4 is applied again on every resume, not baked into the entry).
    assert.equal(ack.provider.data_flow.egress, false);
  });

  for (const [name, mutate] of [
    ["another format", (e: Record<string, unknown>) => ({ ...e, format: "frameline-handshake/0" })],
    ["another host version", (e: Record<string, unknown>) => ({ ...e, host_version: "contextgraph/1.1" })],
    [
      "an ack of another major family",
      (e: Record<string, unknown>) => ({ ...e, ack: String(e.ack).replace("contextgraph/1.0", "contextgraph/2.0") }),
    ],
    ["an ack that is not an envelope", (e: Record<string, unknown>) => ({ ...e, ack: '{"type":"handshake_ack"}' })],
    [
      "a frames envelope instead of an ack",
      (e: Record<string, unknown>) => ({ ...e, ack: '{"type":"frames","result":{"frames":[],"truncated":false}}' }),
    ],
    ["a time in the future", (e: Record<string, unknown>) => ({ ...e, stored_at: Date.now() + 3_600_000 })],
    ["a time past maxAgeMs", (e: Record<string, unknown>) => ({ ...e, stored_at: Date.now() - 11 * 60_000 })],
    ["no time", (e: Record<string, unknown>) => ({ ...e, stored_at: "yesterday" })],
  ] as const) {
    test(`a stored entry with ${name} is a miss: the next cache handshakes`, async () => {
      const provider = await signedEndpoint();
      const { store, values } = recordingStore();
      await new HandshakeCache({ storeKey: STORE_KEY, store }).connect(KEY, transportOf(provider));
      const key = storeKeyOf(KEY);
      // Sealed again: each rule holds on its own, not only through the seal.
      values.set(key, JSON.stringify(resealed(mutate(JSON.parse(values.get(key)!)))));
      assert.equal(
        (await new HandshakeCache({ storeKey: STORE_KEY, store }).connect(KEY, transportOf(provider))).source,
        "handshake",
      );
      assert.equal(provider.count("handshake"), 2);
    });
  }

  test("a stored value that is not JSON, or too large, is a miss", async () => {
    const provider = await signedEndpoint();
    const { store, values } = recordingStore();
    for (const garbage of ["{not json", `"${"x".repeat(70_000)}"`]) {
      values.set(storeKeyOf(KEY), garbage);
      assert.equal(
        (await new HandshakeCache({ storeKey: STORE_KEY, store }).connect(KEY, transportOf(provider))).source,
        "handshake",
      );
    }
  });

  test("a store that hangs costs one handshake after storeTimeoutMs, never a hang", async () => {
    const provider = await signedEndpoint();
    const hanging: HandshakeStore = {
      get: () => new Promise(() => undefined),
      put: () => new Promise(() => undefined),
      delete: () => new Promise(() => undefined),
    };
    const cache = new HandshakeCache({ storeKey: STORE_KEY, store: hanging, storeTimeoutMs: 20 });
    const connection = await cache.connect(KEY, transportOf(provider));
    assert.equal(connection.source, "handshake");
    assert.equal(cache.stats.storeFailures, 2, "the read and the write each ran out of time");
  });

  test("a store that throws is a miss and a lost write, never an error", async () => {
    const provider = await signedEndpoint();
    const failing: HandshakeStore = {
      get: async () => {
        throw new Error("store down");
      },
      put: async () => {
        throw new Error("store down");
      },
      delete: async () => undefined,
    };
    const cache = new HandshakeCache({ storeKey: STORE_KEY, store: failing });
    assert.equal((await cache.connect(KEY, transportOf(provider))).source, "handshake");
    assert.equal((await cache.connect(KEY, transportOf(provider))).source, "memory");
    assert.equal(cache.stats.storeFailures, 2);
  });

  test("with waitUntil, the store write is handed over instead of awaited", async () => {
    const provider = await signedEndpoint();
    const { store, calls } = recordingStore();
    const handed: Promise<unknown>[] = [];
    await new HandshakeCache({ storeKey: STORE_KEY, store }).connect(KEY, transportOf(provider), {
      waitUntil: (p) => handed.push(p),
    });
    assert.equal(handed.length, 1);
    await Promise.all(handed);
    assert.deepEqual(calls, ["get", "put"]);
  });

  test("kvHandshakeStore reads text, and raises a TTL under KV's 60-second minimum to it", async () => {
    const calls: unknown[] = [];
    const kv = {
      get: async (key: string, type: "text") => (calls.push(["get", key, type]), "value"),
      put: async (key: string, value: string, options?: { expirationTtl?: number }) =>
        void calls.push(["put", key, value, options]),
      delete: async (key: string) => void calls.push(["delete", key]),
    };
    const store = kvHandshakeStore(kv);
    assert.equal(await store.get("k"), "value");
    await store.put("k", "v", 5);
    await store.put("k", "v", 600.5);
    await store.delete("k");
    assert.deepEqual(calls, [
      ["get", "k", "text"],
      ["put", "k", "v", { expirationTtl: 60 }],
      ["put", "k", "v", { expirationTtl: 601 }],
      ["delete", "k"],
    ]);
  });

  test("memoryHandshakeStore expires an entry after its TTL and keeps at most maxEntries", async () => {
    let now = 0;
    const store = memoryHandshakeStore({ maxEntries: 2, now: () => now });
    await store.put("a", "1", 10);
    await store.put("b", "2", 10);
    await store.put("c", "3", 10);
    assert.equal(await store.get("a"), undefined);
    assert.equal(await store.get("b"), "2");
    now = 10_000;
    assert.equal(await store.get("b"), undefined);
  });
});

describe("HandshakeCache: bad input", () => {
  for (const [name, options] of [
    ["maxAgeMs", { maxAgeMs: Number.NaN }],
    ["maxAgeMs", { maxAgeMs: -1 }],
    ["maxEntries", { maxEntries: 0 }],
    ["maxEntries", { maxEntries: 2.5 }],
    ["storeTimeoutMs", { storeTimeoutMs: 0 }],
    ["storeTimeoutMs", { storeTimeoutMs: Number.POSITIVE_INFINITY }],
  ] as const) {
    test(`${JSON.stringify(options, (_, v) => (typeof v === "number" && !Number.isFinite(v) ? String(v) : v))} is a RangeError naming ${name}`, () => {
      assert.throws(() => new HandshakeCache(options), {
        name: "RangeError",
        message: new RegExp(`^HandshakeCache: ${name} must be`),
      });
    });
  }

  test("memoryHandshakeStore refuses maxEntries below 1", () => {
    assert.throws(() => memoryHandshakeStore({ maxEntries: 0 }), RangeError);
  });

  test("a stream transport is refused as invalid_request, with nothing sent: a stream starts with its own handshake", async () => {
    let sent = 0;
    const stream = {
      kind: "stream" as const,
      send: async () => void sent++,
      incoming: { next: () => new Promise<never>(() => undefined) },
      close: async () => undefined,
    };
    await assert.rejects(new HandshakeCache().connect(KEY, stream as never), {
      name: "HostError",
      kind: "invalid_request",
    });
    assert.equal(sent, 0);
  });
});

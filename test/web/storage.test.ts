// What the playground remembers on a device (web/src/storage.ts): pinned keys (the trust store of spec §3.13),
// consent (§4.5) and, only when asked, a bearer token. Storage that is missing, refused, full or corrupt reads
// as nothing: never as trust, never as consent, never as a token. Node has no Web Storage, so each test puts a
// Map-backed one (the interface the page uses) where the page finds it; Chromium runs the page's own
// (test/e2e/playground-offline.test.ts, playground-state.test.ts, playground-worker.test.ts).
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import type { AttesterKey } from "../support/lib.ts";
import {
  loadConsent,
  pinKey,
  pinnedKeys,
  pinState,
  rememberedToken,
  rememberToken,
  saveConsent,
} from "../../web/src/storage.ts";

/** Installs `storage` as `globalThis.localStorage` (a getter that throws stands for storage the browser refuses). */
function install(storage: () => Partial<Storage>): void {
  Object.defineProperty(globalThis, "localStorage", { configurable: true, get: storage });
}

/** A Web Storage over a Map; `full` makes every write throw, as a full storage does. */
function mapStorage(initial: Record<string, string> = {}, full = false) {
  const items = new Map(Object.entries(initial));
  const refuse = () => {
    throw new DOMException("quota exceeded", "QuotaExceededError");
  };
  const storage: Partial<Storage> = {
    getItem: (key) => items.get(key) ?? null,
    setItem: full ? refuse : (key, value) => void items.set(key, value),
    removeItem: full ? refuse : (key) => void items.delete(key),
  };
  install(() => storage);
  return items;
}

afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

const key = (key_id: string, public_key = "a".repeat(64)): AttesterKey => ({
  key_id,
  algorithm: "ed25519",
  public_key,
});

describe("the trust store", () => {
  test("a pin is kept per provider under frameline.trust, replaced under the same key id, removed on unpin", () => {
    const items = mapStorage();
    assert.deepEqual(pinnedKeys("docs"), []);
    assert.deepEqual(pinKey("docs", key("k1")), [key("k1")]);
    assert.deepEqual(pinKey("docs", key("k2")), [key("k1"), key("k2")]);
    assert.deepEqual(pinKey("docs", key("k1", "b".repeat(64))), [key("k2"), key("k1", "b".repeat(64))]);
    pinKey("other", key("k1"));
    assert.deepEqual(JSON.parse(items.get("frameline.trust")!), {
      docs: [key("k2"), key("k1", "b".repeat(64))],
      other: [key("k1")],
    });
    assert.deepEqual(pinKey("docs", key("k2"), false), [key("k1", "b".repeat(64))]);
    assert.deepEqual(pinnedKeys("docs"), [key("k1", "b".repeat(64))]);
    assert.deepEqual(pinnedKeys("other"), [key("k1")], "another provider's pins stay");
  });

  test("a published key is pinned, not pinned, or (loudly) pinned to another key under its id", () => {
    mapStorage();
    pinKey("docs", key("k1"));
    assert.equal(pinState("docs", key("k1")), "pinned");
    assert.equal(pinState("docs", key("k2")), "unpinned");
    assert.equal(pinState("other", key("k1")), "unpinned");
    assert.equal(pinState("docs", key("k1", "c".repeat(64))), "mismatch");
    assert.equal(pinState("docs", { ...key("k1"), algorithm: "rsa" }), "mismatch");
  });

  test("a corrupt trust store, or entries that are not keys, trust nothing", () => {
    const entries = [
      "{not json",
      "null",
      "5",
      '{"docs":"k1"}',
      '{"docs":[null,1,"k",{"key_id":"k1"},{"key_id":"k1","public_key":5,"algorithm":"ed25519"}]}',
    ];
    for (const entry of entries) {
      mapStorage({ "frameline.trust": entry });
      assert.deepEqual(pinnedKeys("docs"), [], entry);
      assert.equal(pinState("docs", key("k1")), "unpinned", entry);
    }
    mapStorage({ "frameline.trust": JSON.stringify({ docs: [{ bad: true }, key("k1")] }) });
    assert.deepEqual(pinnedKeys("docs"), [key("k1")], "the keys among them are still read");
  });
});

describe("a remembered token", () => {
  test("kept only when asked, under frameline.token:<provider>, and forgotten", () => {
    const items = mapStorage();
    assert.equal(rememberedToken("https://a.example"), undefined);
    rememberToken("https://a.example", "s3cret");
    assert.deepEqual([...items], [["frameline.token:https://a.example", '"s3cret"']]);
    assert.equal(rememberedToken("https://a.example"), "s3cret");
    assert.equal(rememberedToken("https://b.example"), undefined);
    rememberToken("https://a.example", undefined);
    assert.deepEqual([...items], []);
  });

  test("a stored value that is not a string is no token", () => {
    for (const entry of ["{not json", "null", "42", '{"token":"x"}', '["x"]']) {
      mapStorage({ "frameline.token:p": entry });
      assert.equal(rememberedToken("p"), undefined, entry);
    }
  });
});

describe("consent", () => {
  const state = {
    records: [
      {
        provider_id: "docs",
        data_flow: { reads: true, writes: false, egress: true },
        granted_scope: "granted in the playground",
        granted_at: "2026-07-21T12:00:00Z",
      },
    ],
    receipts: [],
  };

  test("what the host reports is saved, and read back when the page loads", () => {
    mapStorage();
    assert.deepEqual(loadConsent(), { records: [], receipts: [] });
    saveConsent(state);
    assert.deepEqual(loadConsent(), state);
  });

  test("corrupt consent is no consent", () => {
    mapStorage({ "frameline.consent": "{not json" });
    assert.deepEqual(loadConsent(), { records: [], receipts: [] });
  });
});

describe("storage the browser refuses, or that is full", () => {
  test("refused (reading localStorage throws): nothing is read, nothing is written, nothing throws", () => {
    install(() => {
      throw new DOMException("denied", "SecurityError");
    });
    assert.deepEqual(pinKey("docs", key("k1")), [key("k1")], "the pin lasts as long as the page");
    assert.deepEqual(pinnedKeys("docs"), []);
    rememberToken("p", "t");
    assert.equal(rememberedToken("p"), undefined);
    saveConsent({ records: [], receipts: [] });
    assert.deepEqual(loadConsent(), { records: [], receipts: [] });
  });

  test("absent (no localStorage at all): the same", () => {
    assert.equal((globalThis as { localStorage?: unknown }).localStorage, undefined);
    assert.deepEqual(pinnedKeys("docs"), []);
    assert.deepEqual(loadConsent(), { records: [], receipts: [] });
    rememberToken("p", "t");
    assert.equal(rememberedToken("p"), undefined);
  });

  test("full (every write throws): nothing is remembered, and nothing throws", () => {
    const items = mapStorage({}, true);
    assert.deepEqual(pinKey("docs", key("k1")), [key("k1")]);
    rememberToken("p", "t");
    rememberToken("p", undefined);
    saveConsent({ records: [], receipts: [] });
    assert.deepEqual([...items], []);
  });
});

// Where consent lives (spec §4.5, C1): in memory, or in Web Storage, where a corrupt entry is no consent.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  ConsentStore,
  consentReceipt,
  memoryConsentStorage,
  type WebStorage,
  webConsentStorage,
} from "../../../support/lib.ts";

const FLOW = { reads: true, writes: false, egress: true };
const AT = new Date("2026-07-21T12:00:00Z");

/** A Web Storage over a Map, counting writes. */
function mapStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  let writes = 0;
  const storage: WebStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      writes += 1;
      items.set(key, value);
    },
  };
  return { storage, items, writes: () => writes };
}

const receipt = (providerId: string, scope: string) =>
  consentReceipt({
    providerId,
    scope,
    provider: { name: providerId, version: "1" },
    grantor: { kind: "human", id: "ops@example.com" },
    grantedAt: AT,
  });

describe("webConsentStorage", () => {
  test("a grant is written under frameline.consent as JSON and read back by a new store", () => {
    const { storage, items } = mapStorage();
    new ConsentStore(webConsentStorage(storage)).grant("web", FLOW, "search the docs", AT);
    assert.deepEqual(JSON.parse(items.get("frameline.consent") ?? ""), {
      records: [
        { provider_id: "web", data_flow: FLOW, granted_scope: "search the docs", granted_at: "2026-07-21T12:00:00Z" },
      ],
      receipts: [],
    });
    assert.deepEqual(new ConsentStore(webConsentStorage(storage)).evaluate("web", FLOW), { permitted: true });
  });

  test("another key keeps its own consent", () => {
    const { storage, items } = mapStorage();
    new ConsentStore(webConsentStorage(storage, "page-a")).grant("web", FLOW, "s", AT);
    assert.deepEqual([...items.keys()], ["page-a"]);
    assert.deepEqual(new ConsentStore(webConsentStorage(storage, "page-b")).evaluate("web", FLOW), {
      permitted: false,
      needs: "consent",
    });
  });

  test("a corrupt entry reads as no consent", () => {
    for (const value of ["{not json", '"a string"', '{"records":{"provider_id":"web"},"receipts":7}', "null"]) {
      const { storage } = mapStorage({ "frameline.consent": value });
      assert.deepEqual(webConsentStorage(storage).load(), { records: [], receipts: [] }, value);
    }
  });

  test("an entry with only records keeps them and reads no receipts", () => {
    const record = { provider_id: "web", data_flow: FLOW, granted_scope: "s", granted_at: "2026-07-21T12:00:00Z" };
    const { storage } = mapStorage({ "frameline.consent": JSON.stringify({ records: [record] }) });
    assert.deepEqual(webConsentStorage(storage).load(), { records: [record], receipts: [] });
  });
});

describe("memoryConsentStorage", () => {
  test("starts from the state it is given", () => {
    const state = { records: [], receipts: [receipt("p", "org-tenant")] };
    assert.equal(memoryConsentStorage(state).load(), state);
  });
});

describe("ConsentStore", () => {
  test("a second grant to the same provider replaces the first record", () => {
    const storage = memoryConsentStorage();
    const store = new ConsentStore(storage);
    store.grant("web", FLOW, "first", AT);
    store.grant("other", FLOW, "other", AT);
    store.grant("web", FLOW, "second", AT);
    assert.deepEqual(
      storage.load().records.map((r) => [r.provider_id, r.granted_scope]),
      [
        ["other", "other"],
        ["web", "second"],
      ],
    );
  });

  test("revoking withdraws the provider's record and receipts, and no other provider's", () => {
    const store = new ConsentStore();
    store.grant("web", FLOW, "s", AT);
    store.grant("other", FLOW, "s", AT);
    store.recordReceipt(receipt("web", "org-tenant"));
    store.recordReceipt(receipt("other", "org-tenant"));
    store.revoke("web");
    assert.deepEqual(store.evaluate("web", FLOW), { permitted: false, needs: "consent" });
    assert.deepEqual(store.receipts("web"), []);
    assert.deepEqual(store.evaluate("other", FLOW), { permitted: true });
    assert.deepEqual(store.receipts("other"), [receipt("other", "org-tenant")]);
  });

  test("a provider without egress needs no consent; local-only needs no receipt", () => {
    const store = new ConsentStore();
    assert.deepEqual(store.evaluate("local", { reads: true, writes: false, egress: false }), { permitted: true });
    assert.deepEqual(
      store.evaluate("local", { reads: true, writes: false, egress: false, egress_scopes: ["local-only"] }),
      { permitted: true },
    );
  });

  test("a boolean record does not stand in for a scope receipt", () => {
    const store = new ConsentStore();
    const flow = { ...FLOW, egress_scopes: ["org-tenant"] };
    store.grant("web", flow, "s", AT);
    assert.deepEqual(store.evaluate("web", flow), { permitted: false, needs: "receipts", missing: ["org-tenant"] });
  });
});

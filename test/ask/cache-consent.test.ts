// A handshake cache cannot change consent (issue 24.3; spec §4.2 step 5, §4.5 C1/C6, §3.13): an ack edited in
// a shared, writable store (its egress_scopes removed, its keys swapped) is not resumed: its seal fails, the
// host handshakes, and the live ack's scope gate holds. A store without a key to seal with is refused.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import { HandshakeCache, Host, httpTransport, memoryHandshakeStore } from "../support/lib.ts";
import { endpoint, providerApp, URL_OF_PROVIDER } from "../support/ask/endpoint.ts";
import { STORE_KEY } from "../support/ask/store-key.ts";

const KEY = "docs-endpoint";
const QUERY = { goal: "is consent kept", max_frames: 4, max_tokens: 400 };
const SCOPE = "third-party-model";

/** A provider whose live ack declares an off-machine scope: every query needs a C6 receipt for it. */
async function scopedProvider() {
  return endpoint(
    await providerApp({
      keyN: 1,
      extra: {
        info: { name: "docs", version: "1.0.0", data_flow: { reads: true, egress: true, egress_scopes: [SCOPE] } },
      },
    }),
  );
}

/** The one stored entry, with its ack's data_flow stripped of every scope (what a writer to the store could do). */
function withoutScopes(stored: string): string {
  const entry = JSON.parse(stored);
  const ack = JSON.parse(entry.ack);
  ack.provider.data_flow = { reads: true, egress: true };
  return JSON.stringify({ ...entry, ack: JSON.stringify(ack) });
}

/** The store key the cache documents for `KEY`. */
const slot = `frameline-handshake:${createHash("sha256")
  .update(JSON.stringify(["contextgraph/1.0", KEY]))
  .digest("hex")}`;

describe("a cached ack edited in the store cannot widen consent", () => {
  test("scopes removed in the store: the entry is a miss, the host handshakes, and the query is gated (C6)", async () => {
    const provider = await scopedProvider();
    const store = memoryHandshakeStore();
    const transport = () => httpTransport(URL_OF_PROVIDER, { fetch: provider.fetch });
    await new HandshakeCache({ storeKey: STORE_KEY, store }).connect(KEY, transport());
    const stored = await store.get(slot);
    assert.ok(stored, "the first isolate stored its ack");
    await store.put(slot, withoutScopes(stored), 600);

    const elsewhere = new HandshakeCache({ storeKey: STORE_KEY, store });
    const connection = await elsewhere.connect(KEY, transport());
    assert.equal(connection.source, "handshake", "the edited entry is not resumed");
    assert.deepEqual(connection.provider.data_flow.egress_scopes, [SCOPE], "the live ack's scopes");
    const host = new Host();
    await host.add("docs", connection);
    host.consent.grant("docs", connection.provider.data_flow, "operator");
    const [leg] = await host.queryAll(QUERY);
    assert.deepEqual(
      leg && leg.outcome === "consent_scope_required" ? leg.missing : leg?.outcome,
      [SCOPE],
      "no receipt, no query",
    );
    assert.equal(provider.count("query"), 0, "nothing was sent");
  });

  test("control: the same entry unedited is resumed from the store with its scopes", async () => {
    const provider = await scopedProvider();
    const store = memoryHandshakeStore();
    const transport = () => httpTransport(URL_OF_PROVIDER, { fetch: provider.fetch });
    await new HandshakeCache({ storeKey: STORE_KEY, store }).connect(KEY, transport());
    const resumed = await new HandshakeCache({ storeKey: STORE_KEY, store }).connect(KEY, transport());
    assert.equal(resumed.source, "store");
    assert.deepEqual(resumed.provider.data_flow.egress_scopes, [SCOPE]);
  });

  test("an entry sealed under another key (another deployment, or a forger) is a miss", async () => {
    const provider = await scopedProvider();
    const store = memoryHandshakeStore();
    const transport = () => httpTransport(URL_OF_PROVIDER, { fetch: provider.fetch });
    await new HandshakeCache({ storeKey: `${STORE_KEY}-other`, store }).connect(KEY, transport());
    assert.equal(
      (await new HandshakeCache({ storeKey: STORE_KEY, store }).connect(KEY, transport())).source,
      "handshake",
    );
  });

  test("a store without storeKey, or with a short one, is a RangeError naming it", () => {
    const store = memoryHandshakeStore();
    assert.throws(() => new HandshakeCache({ store }), { name: "RangeError", message: /storeKey/ });
    assert.throws(() => new HandshakeCache({ store, storeKey: "short" }), { name: "RangeError", message: /storeKey/ });
    assert.doesNotThrow(() => new HandshakeCache({}), "memory only needs no key");
  });
});

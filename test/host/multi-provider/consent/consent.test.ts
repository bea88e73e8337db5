// The consent gate per scope (spec §4.5, C6): every off-machine scope a provider declares needs its own
// receipt, recorded for that provider; until each has one, the provider is sent nothing.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { consentReceipt, Host, inPageTransport } from "../../../support/lib.ts";
import { legOf } from "../../../support/host/adversaries.ts";
import { candidate, echoProvider } from "../../../support/providers.ts";

const Q = { goal: "g", max_frames: 4, max_tokens: 100 };
const FLOW = { reads: true, writes: false, egress: true, egress_scopes: ["local-only", "org-tenant", "acme:vectors"] };

/** A provider declaring two off-machine scopes (and `local-only`, which needs no receipt), counting its queries. */
async function twoScopes() {
  let queries = 0;
  const provider = echoProvider({
    info: { name: "scoped", version: "1.0.0", data_flow: FLOW },
    query: () => (queries++, [candidate("s", "scoped answer")]),
  });
  const host = new Host();
  await host.add("scoped", inPageTransport(provider));
  return { host, queries: () => queries };
}

const receipt = (providerId: string, scope: string) =>
  consentReceipt({
    providerId,
    scope,
    provider: { name: "scoped", version: "1.0.0" },
    grantor: { kind: "human", id: "ops@example.com" },
  });

describe("consent per scope (C6)", () => {
  test("a receipt for one of two off-machine scopes does not open the gate; the refusal names the other", async () => {
    const { host, queries } = await twoScopes();
    host.consent.recordReceipt(receipt("scoped", "org-tenant"));
    assert.deepEqual(host.consent.evaluate("scoped", FLOW), {
      permitted: false,
      needs: "receipts",
      missing: ["acme:vectors"],
    });
    assert.deepEqual(legOf(await host.query("scoped", Q), "consent_scope_required").missing, ["acme:vectors"]);
    const [leg] = await host.queryAll(Q);
    assert.ok(leg?.outcome === "consent_scope_required");
    assert.deepEqual(leg.missing, ["acme:vectors"]);
    assert.equal(queries(), 0, "nothing transmitted while a scope lacks its receipt");
    host.consent.recordReceipt(receipt("scoped", "acme:vectors"));
    assert.equal((await host.query("scoped", Q)).outcome, "frames");
    assert.equal(queries(), 1);
  });

  test("a receipt recorded for another provider does not open this provider's gate", async () => {
    const { host, queries } = await twoScopes();
    host.consent.recordReceipt(receipt("scoped", "org-tenant"));
    host.consent.recordReceipt(receipt("someone-else", "acme:vectors"));
    assert.deepEqual(legOf(await host.query("scoped", Q), "consent_scope_required").missing, ["acme:vectors"]);
    assert.equal(queries(), 0);
  });
});

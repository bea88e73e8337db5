// The hook the handshake cache stands on (src/host/connection/connection.ts): `negotiate` hands back the ack as the
// provider sent it, and `resumeConnection` accepts a cached ack exactly as a fresh one, sending nothing.
import assert from "node:assert/strict";
import { test } from "node:test";
import { HostError, httpTransport, negotiate, resumeConnection } from "../support/lib.ts";
import { endpoint, providerApp, scripted, URL_OF_PROVIDER } from "../support/ask/endpoint.ts";

const QUERY = { goal: "resume", max_frames: 2, max_tokens: 200 };

test("negotiate hands back the ack as the provider sent it, while the connection forces egress over HTTP (C4)", async () => {
  const provider = endpoint(await providerApp({ keyN: 3 }));
  const { connection, ack } = await negotiate(httpTransport(URL_OF_PROVIDER, { fetch: provider.fetch }));
  assert.equal(ack.type, "handshake_ack");
  assert.equal(ack.provider.data_flow.egress, false);
  assert.equal(connection.provider.data_flow.egress, true);
  assert.deepEqual(ack.attester_keys, connection.attesterKeys);
});

test("resumeConnection sends nothing: the first envelope the provider sees is the query", async () => {
  const provider = endpoint(await providerApp({ keyN: 3 }));
  const { ack } = await negotiate(httpTransport(URL_OF_PROVIDER, { fetch: provider.fetch }));
  provider.posted.length = 0;
  const resumed = resumeConnection(httpTransport(URL_OF_PROVIDER, { fetch: provider.fetch }), ack);
  assert.deepEqual(provider.posted, []);
  assert.equal(resumed.provider.data_flow.egress, true);
  assert.equal((await resumed.query(QUERY)).frames.length, 2);
  assert.deepEqual(provider.posted, ["query"]);
});

test("resumeConnection refuses an ack of another major family with version_mismatch (H3), sending nothing", async () => {
  const provider = endpoint(scripted({}));
  const ack = {
    type: "handshake_ack" as const,
    protocol_version: "contextgraph/2.0",
    provider: { name: "docs", version: "1", data_flow: { reads: true, writes: false, egress: false } },
    capabilities: { query: { kinds: ["doc"] }, correlation: true, graph: false, verify: false, resolve: false },
  };
  assert.throws(
    () => resumeConnection(httpTransport(URL_OF_PROVIDER, { fetch: provider.fetch }), ack),
    (error: unknown) => error instanceof HostError && error.kind === "version_mismatch",
  );
  assert.deepEqual(provider.posted, []);
});

test("resumeConnection records the ack's breaches as a fresh handshake would (H2, C5)", async () => {
  const provider = endpoint(scripted({}));
  const ack = {
    type: "handshake_ack" as const,
    protocol_version: "contextgraph/1.0",
    provider: {
      name: "docs",
      version: " ",
      data_flow: { reads: true, writes: false, egress: false, egress_scopes: ["third-party-index"] },
    },
    capabilities: { query: { kinds: ["doc"] }, correlation: true, graph: false, verify: false, resolve: false },
  };
  const resumed = resumeConnection(httpTransport(URL_OF_PROVIDER, { fetch: provider.fetch }), ack);
  assert.deepEqual(resumed.violations.map((v) => v.anchor).sort(), ["C5", "H2"]);
});

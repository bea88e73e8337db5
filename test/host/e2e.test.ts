// End to end: the host against the real providers (spec §4).
// 1. The real Worker in workerd (Miniflare, 127.0.0.1 only) through httpTransport, whose `fetch` is
//    `mf.dispatchFetch` (http://localhost/contextgraph is loopback, so C7 allows plaintext): consent forced
//    by C4, signed answers verified end to end, revalidation of what was served.
// 2. The real stdio provider (`frameline serve --stdio`, from the sources) through streamTransport: a session,
//    100 concurrent correlated queries each matched to its own request (their replies handed to the host in
//    reverse order, since the provider answers in order), a clean shutdown (exit 0).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { Miniflare } from "miniflare";
import { type Connection, type DecodedItem, Host, httpTransport, type StreamTransport } from "../support/lib.ts";
import { legOf } from "../support/host/adversaries.ts";
import { spawnStdioProvider, type StdioProvider, within } from "../support/host/stdio.ts";
import { bundleWorker, type WorkerBundle } from "../support/worker/bundle.ts";
import { ENDPOINT, publicKeyOfSeed, startWorker } from "../support/worker/http.ts";

const SEED = createHash("sha256").update("frameline host e2e seed").digest("hex");

/**
 * `transport` with a reordering stage on its way in: once `reverseNext(n)` is called, the next `n` replies
 * of type `frames` are held back and handed on in reverse order; everything else passes untouched.
 * `released` lists the ids of the held replies in the order they were handed on.
 */
function reversing(transport: StreamTransport) {
  let batch = 0;
  const held: DecodedItem[] = [];
  const ready: DecodedItem[] = [];
  const released: string[] = [];
  const incoming: AsyncIterator<DecodedItem> = {
    async next() {
      while (ready.length === 0) {
        const next = await transport.incoming.next();
        if (next.done || batch === 0 || !("envelope" in next.value) || next.value.envelope.type !== "frames")
          return next;
        held.push(next.value);
        if (held.length < batch) continue;
        ready.push(...held.splice(0).reverse());
        for (const item of ready)
          if ("envelope" in item && item.envelope.type === "frames") released.push(item.envelope.id ?? "");
        batch = 0;
      }
      return { done: false, value: ready.shift()! };
    },
  };
  return { transport: { ...transport, incoming }, reverseNext: (n: number) => void (batch = n), released };
}

describe("e2e: the Worker in workerd over httpTransport", () => {
  let bundle: WorkerBundle | undefined;
  let mf: Miniflare | undefined;
  /** The type of every envelope the host POSTed, in order. */
  const posted: string[] = [];
  /** The identities of every verify request. */
  const verifyRequests: unknown[] = [];

  const viaWorker = (async (url: URL | string, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body)) as { type: string; request?: { frames: unknown[] } };
    posted.push(body.type);
    if (body.type === "verify") verifyRequests.push(body.request?.frames);
    const response = await mf!.dispatchFetch(String(url), {
      method: init.method ?? "POST",
      headers: init.headers as Record<string, string>,
      body: init.body as string,
    });
    return response as unknown as Response;
  }) as typeof fetch;

  before(async () => {
    bundle = await bundleWorker();
    mf = await startWorker(bundle, { ATTESTATION_SEED: SEED });
  });
  after(async () => {
    await mf?.dispose();
    await bundle?.cleanup();
  });

  test("a full session: consent gate first, then signed answers attested end to end, then revalidated", async () => {
    const host = new Host();
    const connection: Connection = await host.add("edge", httpTransport(ENDPOINT, { fetch: viaWorker }));
    assert.equal(connection.provider.name, "docs");
    assert.equal(connection.provider.data_flow.egress, true, "HTTP forces egress whatever the provider declares (C4)");
    assert.equal(connection.attesterKeys.length, 1);
    const key = connection.attesterKeys[0]!;
    assert.equal(key.public_key, publicKeyOfSeed(SEED), "the published key is the seed's (node:crypto)");

    const query = { goal: "verify a signed answer in the browser", max_frames: 5, max_tokens: 4000 };
    const gated = legOf((await host.queryAll(query))[0], "consent_required");
    assert.deepEqual(posted, ["handshake"], "no query left before consent (C2)");

    host.consent.grant("edge", gated.dataFlow, "docs search at the edge");
    const leg = legOf((await host.queryAll(query))[0], "frames");
    assert.deepEqual(posted, ["handshake", "query"]);
    assert.ok(leg.frames.length >= 2, `only ${leg.frames.length} frames`);
    for (const frame of leg.frames) {
      assert.equal(frame.frameId.provider_id, "edge", "identities carry the host's local id");
      assert.deepEqual(frame.violations, [], frame.frame.id);
      assert.deepEqual(
        frame.attestation,
        { state: "attested", keyId: key.key_id, attesterId: "docs", coversContent: true, anchor: "handshake" },
        frame.frame.id,
      );
    }
    assert.deepEqual(leg.resultAttestation, {
      state: "attested",
      keyId: key.key_id,
      attesterId: "docs",
      coversContent: true,
      anchor: "handshake",
    });

    const held = leg.frames.map((f) => f.frameId);
    const revalidation = await host.verifyFrames(held);
    assert.deepEqual(revalidation, { retained: held, dropped: [] });
    assert.deepEqual(
      verifyRequests,
      [held.map((f) => ({ ...f, provider_id: "docs" }))],
      "sent under the declared name (D5), identities only (V1)",
    );
    const forged = { ...held[0]!, content_digest: `sha256:${"0".repeat(64)}` };
    const stale = await host.verifyFrames([forged]);
    assert.equal(stale.dropped[0]?.reason.kind, "stale", "the Worker is not a rubber stamp");

    await host.close();
    assert.equal(posted.at(-1), "shutdown");
  });

  test("with the seed's key pinned for the local id, the same answers are attested with anchor pinned", async () => {
    // The Worker's default key id: the provider name and the key's first 8 hex (worker/index.ts).
    const keyId = `docs-${publicKeyOfSeed(SEED).slice(0, 8)}`;
    const host = new Host({
      pinnedKeys: { edge: [{ key_id: keyId, algorithm: "ed25519", public_key: publicKeyOfSeed(SEED) }] },
    });
    const connection = await host.add("edge", httpTransport(ENDPOINT, { fetch: viaWorker }));
    assert.equal(connection.attesterKeys[0]?.key_id, keyId);
    host.consent.grant("edge", connection.provider.data_flow, "docs search at the edge");
    const leg = legOf(
      (await host.queryAll({ goal: "consent receipts and egress scopes", max_frames: 4, max_tokens: 4000 }))[0],
      "frames",
    );
    assert.ok(leg.frames.length > 0);
    for (const frame of leg.frames)
      assert.equal(frame.attestation.state === "attested" && frame.attestation.anchor, "pinned", frame.frame.id);
    assert.equal(leg.resultAttestation.anchor, "pinned");
    await host.close();
  });
});

describe("e2e: the stdio provider over streamTransport", () => {
  let provider: StdioProvider | undefined;
  after(() => provider?.kill());

  test("a full session, 100 concurrent correlated queries each matched to its request, shutdown exits 0", async () => {
    provider = spawnStdioProvider();
    const host = new Host();
    const reorder = reversing(provider.transport);
    const connection = await within(host.add("docs", reorder.transport), 20_000, "handshake");
    assert.equal(connection.provider.name, "docs");
    assert.equal(connection.capabilities.correlation, true);

    // A first query through the host: audited frames, then revalidated against the running provider.
    const leg = legOf((await host.queryAll({ goal: "frameline", max_frames: 50, max_tokens: 100_000 }))[0], "frames");
    assert.ok(leg.frames.length >= 10, `only ${leg.frames.length} frames`);
    for (const frame of leg.frames) assert.deepEqual(frame.violations, [], frame.frame.id);
    const held = leg.frames.map((f) => f.frameId);
    assert.deepEqual(await host.verifyFrames(held), { retained: held, dropped: [] });

    // 100 distinct goals, from the titles the provider itself serves; each asked alone first.
    const titles = [...new Set(leg.frames.map((f) => f.frame.title))];
    // Distinct whatever the corpus holds: a title plus the query's number (both runs ask exactly the same goals).
    const goals = Array.from({ length: 100 }, (_, i) => `${titles[i % titles.length]} (question ${i})`);
    assert.equal(new Set(goals).size, 100, "the goals are distinct");
    const shape = { max_frames: 3, max_tokens: 4000 };
    const alone: string[][] = [];
    for (const goal of goals) alone.push((await connection.query({ goal, ...shape })).frames.map((f) => f.id));
    assert.ok(
      new Set(alone.map((ids) => ids[0])).size >= 10,
      "the goals lead to different top frames, so a crossed reply would show",
    );

    // The provider answers in order; the host is handed the 100 replies last first.
    reorder.reverseNext(100);
    const ids: string[] = [];
    const together = await within(
      Promise.all(goals.map((goal, i) => connection.query({ goal, ...shape }, { id: (ids[i] = `e2e-${i}`) }))),
      30_000,
      "100 concurrent queries",
    );
    assert.deepEqual(reorder.released, [...ids].reverse(), "the replies reached the host in reverse order");
    together.forEach((result, i) =>
      assert.deepEqual(
        result.frames.map((f) => f.id),
        alone[i],
        `goal ${i}: ${goals[i]}`,
      ),
    );

    await host.close();
    const exit = await within(provider.exited, 10_000, "exit after shutdown");
    assert.deepEqual(exit, { code: 0, signal: null }, provider.stderr());
    assert.match(provider.stderr(), /serving docs \(\d+ chunks\) on stdio/);
  });
});

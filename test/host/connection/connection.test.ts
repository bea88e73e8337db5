// connect(): handshake, correlation, lock-step, timeouts, teardown (spec §4.2, §4.3).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  connect,
  createProviderApp,
  Credential,
  type EnvelopeInit,
  HostError,
  httpTransport,
  inPageTransport,
  isLoopbackUrl,
  streamTransport,
} from "../../support/lib.ts";
import { ackFor, rejectsWith, scriptedStream } from "../../support/host/adversaries.ts";
import { gate } from "../../support/gate.ts";
import { echoProvider } from "../../support/providers.ts";
import { seededRandom } from "../../support/random.ts";

const Q = { goal: "g", max_frames: 4, max_tokens: 100 };

/** A `frames` reply under `id` carrying one frame with id `frameId`. */
function framesFor(id: string | undefined, frameId: string): EnvelopeInit {
  const frame = { id: frameId, kind: "doc", title: "t", content: "c", score: 1, token_cost: 1, citation_label: "c" };
  return { type: "frames", id, result: { frames: [frame], truncated: false } };
}

describe("connect", () => {
  test("in-page: handshake, then a query and a verify", async () => {
    const connection = await connect(inPageTransport(echoProvider()));
    assert.equal(connection.provider.name, "echo");
    const result = await connection.query(Q);
    assert.equal(result.frames[0]?.id, "echo:g");
    const verified = await connection.verify([
      { provider_id: "echo", frame_id: "x", content_digest: `sha256:${"0".repeat(64)}` },
    ]);
    assert.equal(verified.verdicts[0]?.status, "gone");
    await connection.close();
  });

  test("over a stream pair: 100 concurrent correlated queries answered in shuffled order, every reply matched to its request", async () => {
    const random = seededRandom(15);
    const answered: string[] = [];
    const { transport, done } = scriptedStream(async (peer) => {
      const asked: { id: string; goal: string }[] = [];
      for (let envelope = await peer.next(); envelope !== undefined; envelope = await peer.next()) {
        if (envelope.type === "handshake") await peer.send(ackFor("shuffler"));
        if (envelope.type === "query") asked.push({ id: envelope.id ?? "", goal: envelope.query.goal });
        if (asked.length < 100) continue;
        // All 100 are in flight: answer them in a shuffled order (Fisher–Yates, seeded).
        for (let i = asked.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [asked[i], asked[j]] = [asked[j]!, asked[i]!];
        }
        for (const { id, goal } of asked.splice(0)) {
          answered.push(goal);
          await peer.send(framesFor(id, `echo:${goal}`));
        }
      }
    });
    const connection = await connect(transport);
    const goals = Array.from({ length: 100 }, (_, i) => `goal-${i}`);
    const results = await Promise.all(goals.map((goal) => connection.query({ ...Q, goal })));
    results.forEach((result, i) => assert.equal(result.frames[0]?.id, `echo:${goals[i]}`));
    assert.notDeepEqual(answered, goals, "the replies really came out of order");
    assert.deepEqual([...answered].sort(), [...goals].sort());
    await connection.close();
    await done;
  });

  test("over a stream, a second query under an id still in flight is duplicate_id, unsent; the first keeps its own answer (H4)", async () => {
    const seen: { id: string | undefined; goal: string }[] = [];
    let answerFirst: () => Promise<void> = async () => {};
    const firstArrived = gate();
    const { transport, done } = scriptedStream(async (peer) => {
      for (let envelope = await peer.next(); envelope !== undefined; envelope = await peer.next()) {
        if (envelope.type === "handshake") await peer.send(ackFor("held"));
        if (envelope.type !== "query") continue;
        const { id, query } = envelope;
        seen.push({ id, goal: query.goal });
        const reply = framesFor(id, query.goal);
        // The first query's answer is held back until the test has tried the same id again.
        if (seen.length === 1) (answerFirst = () => peer.send(reply)), firstArrived.open();
        else await peer.send(reply);
      }
    });
    const connection = await connect(transport);
    const first = connection.query({ ...Q, goal: "first" }, { id: "dup" });
    await firstArrived.opened; // the first query is in flight: the provider holds it
    const error = await rejectsWith(connection.query({ ...Q, goal: "second" }, { id: "dup" }), "duplicate_id");
    assert.match(error.message, /dup/);
    await answerFirst();
    assert.equal((await first).frames[0]?.id, "first", "the first query got its own answer");
    assert.equal((await connection.query({ ...Q, goal: "again" }, { id: "dup" })).frames[0]?.id, "again", "free again");
    assert.deepEqual(seen, [
      { id: "dup", goal: "first" },
      { id: "dup", goal: "again" },
    ]);
    await connection.close();
    await done;
  });

  test("close() lets a request in flight finish, sends shutdown, and refuses later requests", async () => {
    let release: () => void = () => {};
    const asked = gate();
    const provider = echoProvider({
      query: (q) =>
        new Promise((resolve) => {
          release = () =>
            resolve([{ id: q.goal, kind: "doc", title: "t", content: "c", score: 1, citation_label: "c" }]);
          asked.open();
        }),
    });
    const seen: string[] = [];
    const connection = await connect(
      inPageTransport({
        handle: (envelope, session) => (seen.push(envelope.type), provider.handle(envelope, session)),
      }),
    );
    const inFlight = connection.query(Q);
    await asked.opened; // the provider holds the query
    const closed = connection.close();
    release();
    assert.equal((await inFlight).frames[0]?.id, "g");
    await closed;
    assert.deepEqual(seen, ["handshake", "query", "shutdown"]);
    await rejectsWith(connection.query(Q), "closed");
  });

  test("another major family is version_mismatch naming both versions, at once (H3)", async () => {
    const provider = echoProvider();
    const liar = {
      handle: async () => ({
        type: "handshake_ack" as const,
        protocol_version: "contextgraph/2.0",
        provider: provider.info,
        capabilities: provider.capabilities,
      }),
    };
    const error = await rejectsWith(connect(inPageTransport(liar)), "version_mismatch");
    assert.equal(error.details.providerVersion, "contextgraph/2.0");
    assert.equal(error.details.hostVersion, "contextgraph/1.0");
  });

  test("a stalled handshake is handshake_timeout, never a hang", async () => {
    const stalled = { handle: () => new Promise<never>(() => {}) };
    await rejectsWith(connect(inPageTransport(stalled), { handshakeTimeoutMs: 50 }), "handshake_timeout");
  });

  test("a provider that never answers a query times out; an AbortSignal cancels locally", async () => {
    // The provider's own limit (200 ms) is longer than the host's (50 ms), and short enough not to hold the process open.
    const provider = echoProvider({ query: () => new Promise(() => {}), timeoutMs: 200 });
    const connection = await connect(inPageTransport(provider), { timeoutMs: 50 });
    await rejectsWith(connection.query(Q), "timeout");
    const controller = new AbortController();
    const pending = connection.query(Q, { signal: controller.signal, timeoutMs: 10_000 });
    controller.abort();
    await rejectsWith(pending, "aborted");
  });

  test("an error envelope becomes a HostError with its code and reaction; unknown codes read as internal (X1)", async () => {
    const provider = echoProvider();
    const erring = {
      handle: async (
        envelope: Parameters<typeof provider.handle>[0],
        session: Parameters<typeof provider.handle>[1],
      ) =>
        envelope.type === "query"
          ? { type: "error" as const, id: envelope.id, code: envelope.query.goal, message: "no" }
          : provider.handle(envelope, session),
    };
    const connection = await connect(inPageTransport(erring));
    const unavailable = await rejectsWith(connection.query({ ...Q, goal: "unavailable" }), "provider");
    assert.equal(unavailable.details.code, "unavailable");
    assert.equal(unavailable.retryable, true);
    const vendor = await rejectsWith(connection.query({ ...Q, goal: "vendor:quota" }), "provider");
    assert.equal(vendor.details.code, "internal");
    assert.equal(vendor.details.rawCode, "vendor:quota");
    assert.equal(vendor.retryable, false);
  });

  test("a wrong or missing id echo on an exchange transport is correlation_mismatch (H4)", async () => {
    const provider = echoProvider();
    for (const echoed of ["other", undefined]) {
      const liar = {
        handle: async (
          envelope: Parameters<typeof provider.handle>[0],
          session: Parameters<typeof provider.handle>[1],
        ) => {
          const reply = await provider.handle(envelope, session);
          return reply?.type === "frames" ? { ...reply, id: echoed } : reply;
        },
      };
      const connection = await connect(inPageTransport(liar));
      const error = await rejectsWith(connection.query(Q), "correlation_mismatch");
      assert.equal(error.details.got, echoed ?? "<absent>");
    }
  });

  test("a provider that dies mid-query fails every pending request at once, not at its timeout", async () => {
    const toHost = new TransformStream<Uint8Array, Uint8Array>();
    const toProvider = new TransformStream<Uint8Array, Uint8Array>();
    const writer = toHost.writable.getWriter();
    const reader = toProvider.readable.getReader();
    void (async () => {
      await reader.read(); // the handshake
      await writer.write(
        new TextEncoder().encode(
          '{"type":"handshake_ack","protocol_version":"contextgraph/1.0","provider":{"name":"dying","version":"1","data_flow":{}},"capabilities":{"correlation":true}}\n',
        ),
      );
      await reader.read(); // the first query
      await writer.close(); // dies
    })();
    const connection = await connect(streamTransport({ readable: toHost.readable, writable: toProvider.writable }), {
      timeoutMs: 30_000,
    });
    const started = Date.now();
    await Promise.all([
      rejectsWith(connection.query(Q), "provider_crashed"),
      rejectsWith(connection.query(Q), "provider_crashed"),
    ]);
    assert.ok(Date.now() - started < 5_000);
  });

  test("a garbage line from a provider is a wire error for everything pending: three queries and a verify", async () => {
    const { transport, done } = scriptedStream(async (peer) => {
      let waiting = 0;
      for (let envelope = await peer.next(); envelope !== undefined; envelope = await peer.next()) {
        if (envelope.type === "handshake") await peer.send(ackFor("g", { correlation: true, verify: true }));
        if (envelope.type === "query" || envelope.type === "verify") waiting++;
        // Three correlated queries and the lock-step verify all wait: now the line that does not decode.
        if (waiting === 4) await peer.send("garbage");
      }
    });
    const connection = await connect(transport, { timeoutMs: 5_000 });
    const identity = { provider_id: "g", frame_id: "x", content_digest: `sha256:${"0".repeat(64)}` };
    await Promise.all([
      rejectsWith(connection.query({ ...Q, goal: "one" }), "wire"),
      rejectsWith(connection.query({ ...Q, goal: "two" }), "wire"),
      rejectsWith(connection.query({ ...Q, goal: "three" }), "wire"),
      rejectsWith(connection.verify([identity]), "wire"),
    ]);
    await rejectsWith(connection.query(Q), "wire");
    await connection.close();
    await done;
  });

  test("HTTP: plaintext to a non-loopback host is refused before any fetch (C7); loopback is allowed", () => {
    let fetched = 0;
    const counting = (async () => {
      fetched++;
      return new Response("");
    }) as typeof fetch;
    assert.throws(
      () => httpTransport("http://example.com/contextgraph", { fetch: counting }),
      (e: unknown) => e instanceof HostError && e.kind === "insecure_transport",
    );
    assert.throws(
      () => httpTransport("http://127.0.0.1.example.com/", { fetch: counting }),
      (e: unknown) => e instanceof HostError && e.kind === "insecure_transport",
    );
    assert.equal(fetched, 0);
    for (const url of ["http://localhost:8787/", "http://127.5.6.7/", "http://[::1]:80/", "https://example.com/"])
      assert.doesNotThrow(() => httpTransport(url, { fetch: counting }), url);
    assert.ok(isLoopbackUrl(new URL("http://LOCALHOST/")));
  });

  test("HTTP: the provider counts as egress (C4); 401 is unauthorized; the credential never shows (C8)", async () => {
    const secret = "tok-0123456789-SECRET";
    const credential = new Credential(secret);
    const provider = echoProvider();
    const guarded = viaApp(createProviderApp(provider, { bearerToken: "another" }));
    const failure = await rejectsWith(
      connect(httpTransport("http://localhost/contextgraph", { credential, fetch: guarded })),
      "unauthorized",
    );
    for (const text of [
      String(credential),
      JSON.stringify({ credential }),
      failure.message,
      JSON.stringify(failure),
      String(failure.stack),
    ])
      assert.ok(!text.includes(secret), text);
    const open = viaApp(createProviderApp(provider));
    const connection = await connect(httpTransport("http://localhost/contextgraph", { fetch: open }));
    assert.equal(connection.provider.data_flow.egress, true);
  });
});

/** A `fetch` that hands requests to a hono app in-process. */
function viaApp(app: ReturnType<typeof createProviderApp>): typeof fetch {
  return (async (url: URL, init: RequestInit) => app.request(new URL(url).pathname, init)) as unknown as typeof fetch;
}

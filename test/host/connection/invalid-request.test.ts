// A request the host cannot or must not send is refused locally as `invalid_request`, before a byte of it
// leaves (spec §1.2, §1.6, §4.1), over every transport, through every public method; no WireError escapes.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type Connection,
  connect,
  createProviderApp,
  type Envelope,
  Host,
  type HostError,
  httpTransport,
  inPageTransport,
  type QueryInput,
  WireError,
} from "../../support/lib.ts";
import { ackFor, counting, failedWith, rejectsWith, scriptedStream } from "../../support/host/adversaries.ts";
import { echoProvider } from "../../support/providers.ts";

const GOOD = { goal: "a good question", max_frames: 2, max_tokens: 100 };

/** Queries that do not fit the `query` shape (spec §1.6), with the member each breaks. */
const UNENCODABLE: [string, QueryInput, RegExp][] = [
  ["max_tokens: 7.5", { ...GOOD, max_tokens: 7.5 }, /max_tokens/],
  ["max_frames: -1", { ...GOOD, max_frames: -1 }, /max_frames/],
  ["max_tokens: 2^32", { ...GOOD, max_tokens: 2 ** 32 }, /max_tokens/],
  ["a missing goal", { max_frames: 2, max_tokens: 100 } as unknown as QueryInput, /goal/],
  ["a kind that is not a string", { ...GOOD, kinds: [7 as unknown as string] }, /kinds/],
];

/** A provider on each transport, and a way to read which envelope types it was sent. */
async function providers(): Promise<{ label: string; connection: Connection; sent: () => string[] }[]> {
  const inPage = counting(echoProvider());
  const http = counting(echoProvider());
  const app = createProviderApp(echoProvider());
  const viaApp = (async (url: URL | string, init: RequestInit = {}) => {
    const envelope = JSON.parse(String(init.body)) as Envelope;
    http.received.push(envelope);
    return app.request(new URL(url).pathname, init);
  }) as typeof fetch;
  const streamed: Envelope[] = [];
  const { transport } = scriptedStream(async (peer) => {
    for (let envelope: Envelope | undefined; (envelope = await peer.next()) !== undefined; ) {
      streamed.push(envelope);
      if (envelope.type === "handshake") await peer.send(ackFor("scripted"));
      if (envelope.type === "query")
        await peer.send({ type: "frames", id: envelope.id, result: { frames: [], truncated: false } });
    }
  });
  return [
    {
      label: "in-page",
      connection: await connect(inPageTransport(inPage.provider)),
      sent: () => types(inPage.received),
    },
    {
      label: "HTTP",
      connection: await connect(httpTransport("http://localhost/contextgraph", { fetch: viaApp })),
      sent: () => types(http.received),
    },
    { label: "stream", connection: await connect(transport), sent: () => types(streamed) },
  ];
}

const types = (envelopes: readonly Envelope[]) => envelopes.map((e) => e.type);

/** Asserts `error` is the local refusal: a HostError, never a WireError, naming the member and the anchor. */
function assertRefusal(error: HostError, member: RegExp, anchor: string, label: string) {
  assert.ok(!(error instanceof WireError), label);
  assert.equal(error.details.anchor, anchor, label);
  assert.match(error.message, member, label);
}

describe("an unencodable request is invalid_request, and nothing is sent", () => {
  test("a query that does not fit its shape, over in-page, HTTP and stream: refused, the provider sees only the next good one", async () => {
    for (const { label, connection, sent } of await providers()) {
      for (const [what, query, member] of UNENCODABLE) {
        const error = await rejectsWith(connection.query(query), "invalid_request");
        assertRefusal(error, member, "§1.6", `${label}, ${what}`);
      }
      await connection.query(GOOD);
      assert.deepEqual(sent(), ["handshake", "query"], `${label}: the good query is the only one sent`);
      await connection.close();
    }
  });

  test("a verify of an identity that does not encode is refused the same way, over every transport", async () => {
    const bad = [{ provider_id: "echo", frame_id: 42 as unknown as string }];
    for (const { label, connection, sent } of await providers()) {
      const error = await rejectsWith(connection.verify(bad), "invalid_request");
      assertRefusal(error, /frame_id/, "§1.10", label);
      assert.deepEqual(sent(), ["handshake"], label);
      await connection.close();
    }
  });

  test("connect with a host version that does not encode is refused before the handshake is sent", async () => {
    const provider = counting(echoProvider());
    const error = await rejectsWith(
      connect(inPageTransport(provider.provider), { hostVersion: 1 as unknown as string }),
      "invalid_request",
    );
    assertRefusal(error, /protocol_version/, "§1.3", "handshake");
    assert.deepEqual(provider.received, []);
  });

  test("through a Host: query and queryAll report the refusal as the leg's error", async () => {
    const provider = counting(echoProvider());
    const host = new Host();
    await host.add("echo", inPageTransport(provider.provider));
    const bad = { ...GOOD, max_tokens: 7.5 };
    assertRefusal(failedWith(await host.query("echo", bad), "invalid_request"), /max_tokens/, "§1.6", "query");
    const [leg] = await host.queryAll(bad);
    assert.ok(leg?.outcome === "failed" && leg.error.kind === "invalid_request", JSON.stringify(leg));
    assert.equal(provider.calls("query"), 0);
    await host.close();
  });
});

describe("a query breaking a requirement its provider checks is refused locally, with the anchor named", () => {
  /** Queries the provider's own checks reject (F4, §1.6 goal), with the anchor each breaks. */
  const BREACHES: [string, QueryInput, string][] = [
    ["as_of: last tuesday", { ...GOOD, as_of: "last tuesday" }, "F4"],
    ["as_of: 30 February", { ...GOOD, as_of: "2026-02-30T00:00:00Z" }, "F4"],
    ["as_of with an offset", { ...GOOD, as_of: "2026-07-21T12:34:56+02:00" }, "F4"],
    ["an empty goal", { ...GOOD, goal: "" }, "§1.6"],
    ["a blank goal", { ...GOOD, goal: " \t " }, "§1.6"],
  ];

  test("F4 and a blank goal, over in-page, HTTP and stream: refused, nothing sent, a good as_of still goes", async () => {
    for (const { label, connection, sent } of await providers()) {
      for (const [what, query, anchor] of BREACHES) {
        const error = await rejectsWith(connection.query(query), "invalid_request");
        assertRefusal(error, new RegExp(anchor), anchor, `${label}, ${what}`);
      }
      await connection.query({ ...GOOD, as_of: "2026-07-21T12:34:56Z" });
      assert.deepEqual(sent(), ["handshake", "query"], `${label}: only the good query was sent`);
      await connection.close();
    }
  });

  test("E1: an embedding whose length contradicts the shared fingerprint is refused, not sent", async () => {
    const provider = counting(
      echoProvider({
        capabilities: { query: { kinds: ["doc"] }, correlation: true, embeddings_fingerprint: "model/3" },
      }),
    );
    const connection = await connect(inPageTransport(provider.provider), { embeddingsFingerprint: "model/3" });
    const error = await rejectsWith(connection.query({ ...GOOD, embedding: [0.5, 0.25] }), "invalid_request");
    assertRefusal(error, /E1/, "E1", "two elements for a fingerprint of three");
    await connection.query({ ...GOOD, embedding: [0.5, 0.25, 1] });
    assert.equal(provider.calls("query"), 1, "only the good embedding was sent");
    await connection.close();
  });
});

// Runs in Chromium: the host runtime against in-page, stream and HTTP providers. It reports what it saw on
// window.__frameline; the node test (host-browser.test.ts) asserts on it.
import {
  connect,
  defineProvider,
  detectEngine,
  Host,
  HostError,
  httpTransport,
  inPageTransport,
  serveStream,
  signerFromSeed,
  streamTransport,
  verifyResultAttestations,
} from "../support/lib.ts";

const Q = { goal: "browser", max_frames: 4, max_tokens: 200 };

function echo(extra: Partial<Parameters<typeof defineProvider>[0]> = {}) {
  return defineProvider({
    info: { name: "page-echo", version: "1.0.0", data_flow: { reads: true } },
    capabilities: { query: { kinds: ["doc"] }, correlation: true, verify: true },
    query: (q) => [
      {
        id: `echo:${q.goal}`,
        kind: "doc",
        title: q.goal,
        content: `you asked: ${q.goal} — café 🦀`,
        score: 1,
        citation_label: q.goal,
      },
    ],
    ...extra,
  });
}

async function kindOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return "no error";
  } catch (error) {
    return error instanceof HostError ? error.kind : `not a HostError: ${String(error)}`;
  }
}

async function scenarios() {
  const engine = (await detectEngine()).name;

  const signer = await signerFromSeed("5e".repeat(32), { keyId: "page-1", attesterId: "page" });
  const signed = await connect(inPageTransport(echo({ signer })));
  const result = await signed.query(Q);
  const report = await verifyResultAttestations(result, signed.provider.name, signed.attesterKeys);

  const liar = echo();
  const wrongVersion = await kindOf(() =>
    connect(
      inPageTransport({
        handle: async () => ({
          type: "handshake_ack",
          protocol_version: "contextgraph/2.0",
          provider: liar.info,
          capabilities: liar.capabilities,
        }),
      }),
    ),
  );
  const stalled = await kindOf(() =>
    connect(inPageTransport({ handle: () => new Promise(() => {}) }), { handshakeTimeoutMs: 100 }),
  );
  const insecure = await kindOf(async () => httpTransport("http://example.com/contextgraph"));

  const toProvider = new TransformStream<Uint8Array, Uint8Array>();
  const toHost = new TransformStream<Uint8Array, Uint8Array>();
  const served = serveStream(echo(), { readable: toProvider.readable, writable: toHost.writable });
  const overStream = await connect(streamTransport({ readable: toHost.readable, writable: toProvider.writable }));
  const goals = Array.from({ length: 20 }, (_, i) => `goal-${i}`);
  const answers = await Promise.all(goals.map((goal) => overStream.query({ ...Q, goal })));
  await overStream.close();
  await served;

  const host = new Host();
  const http = await host.add("edge", httpTransport(new URL("/contextgraph", location.origin)));
  const beforeConsent = (await host.queryAll(Q))[0]?.outcome;
  host.consent.grant("edge", http.provider.data_flow, "browser test");
  const leg = (await host.queryAll(Q))[0];
  await host.close();

  return {
    engine,
    inPage: {
      frames: result.frames.length,
      result: report.result.state,
      frames_attested: report.frames.every((s) => s.state === "attested" && s.coversContent),
    },
    wrongVersion,
    stalled,
    insecure,
    stream: {
      matched: answers.every((answer, i) => answer.frames[0]?.id === `echo:${goals[i]}`),
      count: answers.length,
    },
    http: {
      egressForced: http.provider.data_flow.egress,
      beforeConsent,
      outcome: leg?.outcome,
      attested:
        leg?.outcome === "frames" &&
        leg.frames.length > 0 &&
        leg.frames.every((f) => f.attestation.state === "attested" && f.attestation.anchor === "handshake"),
    },
  };
}

declare global {
  interface Window {
    __frameline?: { results?: unknown; error?: string };
  }
}

scenarios().then(
  (results) => (window.__frameline = { results }),
  (error: unknown) =>
    (window.__frameline = { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
);

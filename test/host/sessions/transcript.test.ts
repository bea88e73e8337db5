// A session's transcript (spec §1.1, §4.2–§4.4): recordingTransport sees every envelope both ways over either
// transport shape, readTranscript pairs requests with replies, and replayTransport plays an answer back so the
// same host code re-checks it offline: the same attestation states, and a tampered line shows as tampering.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  auditLeg,
  connect,
  encodeLine,
  HostError,
  inPageTransport,
  type RecordedEnvelope,
  readTranscript,
  recordingTransport,
  replayTransport,
  serveStream,
  signerFromSeed,
  streamTransport,
} from "../../support/lib.ts";
import { echoProvider } from "../../support/providers.ts";

const Q = { goal: "retry policy", max_frames: 4, max_tokens: 200 };

/** The transcript text of a recording: each envelope on its own line, as the playground exports it. */
function text(log: readonly RecordedEnvelope[]): string {
  return log.map((entry) => ("envelope" in entry ? encodeLine(entry.envelope) : "")).join("");
}

async function signedEcho() {
  const signer = await signerFromSeed("3c".repeat(32), { keyId: "echo-1", attesterId: "echo" });
  return echoProvider({ signer });
}

describe("recordingTransport", () => {
  test("over an exchange transport: each request before it leaves, then its reply", async () => {
    const log: RecordedEnvelope[] = [];
    const connection = await connect(recordingTransport(inPageTransport(echoProvider()), (e) => log.push(e)));
    await connection.query(Q);
    await connection.close();
    assert.deepEqual(
      log.map((e) => `${e.direction} ${"envelope" in e ? e.envelope.type : "error"}`),
      ["sent handshake", "received handshake_ack", "sent query", "received frames", "sent shutdown"],
    );
  });

  test("over a stream transport: the same envelopes, and a line that does not decode recorded as its error", async () => {
    const toProvider = new TransformStream<Uint8Array, Uint8Array>();
    const toHost = new TransformStream<Uint8Array, Uint8Array>();
    const served = serveStream(echoProvider(), { readable: toProvider.readable, writable: toHost.writable });
    const log: RecordedEnvelope[] = [];
    const connection = await connect(
      recordingTransport(streamTransport({ readable: toHost.readable, writable: toProvider.writable }), (e) =>
        log.push(e),
      ),
    );
    const result = await connection.query(Q);
    await connection.close();
    await served;
    assert.equal(result.frames[0]?.id, "echo:retry policy");
    assert.deepEqual(
      log.map((e) => `${e.direction} ${"envelope" in e ? e.envelope.type : "error"}`),
      ["sent handshake", "received handshake_ack", "sent query", "received frames", "sent shutdown"],
    );

    const garbled = new TransformStream<Uint8Array, Uint8Array>();
    const writer = garbled.writable.getWriter();
    const errors: RecordedEnvelope[] = [];
    const transport = recordingTransport(
      streamTransport({ readable: garbled.readable, writable: new WritableStream() }),
      (e) => errors.push(e),
    );
    void writer.write(new TextEncoder().encode("not json\n"));
    await transport.incoming.next();
    assert.equal(errors.length, 1);
    assert.ok("error" in errors[0]! && errors[0].error.code === "invalid_json");
  });

  test("a recorder that throws does not break the exchange", async () => {
    const connection = await connect(
      recordingTransport(inPageTransport(echoProvider()), () => {
        throw new Error("full disk");
      }),
    );
    assert.equal((await connection.query(Q)).frames.length, 1);
  });
});

describe("readTranscript", () => {
  test("pairs each request with its reply, correlated by id even when replies arrive out of order", () => {
    const lines = [
      '{"type":"handshake","protocol_version":"contextgraph/1.0"}',
      '{"type":"handshake_ack","protocol_version":"contextgraph/1.0","provider":{"name":"p","version":"1","data_flow":{"reads":true}},"capabilities":{"query":{"kinds":["doc"]},"correlation":true}}',
      '{"type":"query","id":"q1","query":{"goal":"a","max_frames":1,"max_tokens":10}}',
      '{"type":"query","id":"q2","query":{"goal":"b","max_frames":1,"max_tokens":10}}',
      '{"type":"frames","id":"q2","result":{"frames":[],"truncated":false}}',
      '{"type":"error","id":"q1","code":"unavailable","message":"busy"}',
      '{"type":"verify","request":{"frames":[]}}',
      '{"type":"verified","response":{"verdicts":[]}}',
      '{"type":"shutdown"}',
    ];
    const transcript = readTranscript(`${lines.join("\r\n")}\r\n`);
    assert.deepEqual(transcript.problems, []);
    assert.equal(transcript.conversations.length, 1);
    const [conversation] = transcript.conversations;
    assert.equal(conversation?.ack?.type, "handshake_ack");
    assert.deepEqual(
      conversation?.exchanges.map((e) => `${e.request.type}→${e.reply?.type ?? "none"}`),
      ["query→error", "query→frames", "verify→verified", "shutdown→none"],
    );
  });

  test("every handshake opens a new conversation", () => {
    const handshake = '{"type":"handshake","protocol_version":"contextgraph/1.0"}';
    assert.equal(readTranscript(`${handshake}\n${handshake}\n`).conversations.length, 2);
  });

  test("a line that is not an envelope, a request before any handshake and a reply to nothing are problems, by line", () => {
    const transcript = readTranscript(
      [
        '{"type":"query","query":{"goal":"a","max_frames":1,"max_tokens":10}}',
        '{"type":"handshake","protocol_version":"contextgraph/1.0"}',
        "<script>alert(1)</script>",
        "",
        '{"type":"verified","response":{"verdicts":[]}}',
        '{"type":"verified","response":{"verdicts":[]}}',
      ].join("\n"),
    );
    assert.deepEqual(
      transcript.problems.map((p) => p.line),
      [1, 3, 6],
    );
    assert.ok(
      transcript.problems.every((p) => !p.message.includes("alert")),
      "no line content is quoted",
    );
    assert.equal(transcript.conversations[0]?.ack?.type, "verified", "line 5 answers the handshake, lock-step");
  });

  test("a line longer than maxLineBytes is refused without being parsed", () => {
    const transcript = readTranscript(`{"type":"handshake","protocol_version":"${"x".repeat(200)}"}\n`, {
      maxLineBytes: 100,
    });
    assert.deepEqual(transcript.problems, [{ line: 1, message: "the line is longer than 100 bytes" }]);
  });

  test("reading is linear: 20,000 unanswered correlated queries and their late replies read in one pass", () => {
    const head =
      '{"type":"handshake","protocol_version":"contextgraph/1.0"}\n{"type":"handshake_ack","protocol_version":"contextgraph/1.0","provider":{"name":"p","version":"1","data_flow":{"reads":true}},"capabilities":{"query":{"kinds":["doc"]},"correlation":true}}\n';
    const n = 20_000;
    const queries = Array.from(
      { length: n },
      (_, i) => `{"type":"query","id":"q${i}","query":{"goal":"g","max_frames":1,"max_tokens":1}}\n`,
    );
    const replies = Array.from(
      { length: n },
      (_, i) => `{"type":"frames","id":"q${n - 1 - i}","result":{"frames":[],"truncated":false}}\n`,
    );
    const transcript = readTranscript(head + queries.join("") + replies.join(""));
    assert.equal(transcript.problems.length, 0);
    assert.ok(transcript.conversations[0]?.exchanges.every((e) => e.reply?.type === "frames"));
  });
});

describe("replayTransport", () => {
  async function recordedSession() {
    const provider = await signedEcho();
    const log: RecordedEnvelope[] = [];
    const live = await connect(recordingTransport(inPageTransport(provider), (e) => log.push(e)));
    const result = await live.query(Q);
    const audited = await auditLeg(live, "echo", Q, result, []);
    await live.close();
    return { log, audited };
  }

  test("a replayed answer audits to the same attestation states as the live one", async () => {
    const { log, audited } = await recordedSession();
    const [conversation] = readTranscript(text(log)).conversations;
    const replayed = await connect(replayTransport(conversation!));
    const result = await replayed.query(Q);
    const again = await auditLeg(replayed, "echo", Q, result, []);
    assert.equal(audited.outcome, "frames");
    assert.deepEqual(again, audited);
    assert.ok(again.outcome === "frames" && again.frames.every((f) => f.attestation.state === "attested"));
  });

  test("a tampered line replays as tampering: the frame whose provenance changed is invalid", async () => {
    const { log } = await recordedSession();
    const lines = text(log).split("\n");
    const frames = lines.findIndex((line) => line.startsWith('{"type":"frames"'));
    const envelope = JSON.parse(lines[frames]!);
    envelope.result.frames[0].provenance = [{ type: "derivation", method: "rewritten", by: "mallory" }];
    lines[frames] = JSON.stringify(envelope);
    const [conversation] = readTranscript(lines.join("\n")).conversations;
    const replayed = await connect(replayTransport(conversation!));
    const audited = await auditLeg(replayed, "echo", Q, await replayed.query(Q), []);
    assert.ok(audited.outcome === "frames");
    const state = audited.frames[0]?.attestation;
    assert.ok(state?.state === "invalid" && state.verdict.kind === "commitment_mismatch", JSON.stringify(state));
  });

  test("the reply carries the id the host asks with now, so correlation holds on replay", async () => {
    const { log } = await recordedSession();
    const [conversation] = readTranscript(text(log)).conversations;
    const replayed = await connect(replayTransport(conversation!));
    assert.equal((await replayed.query(Q, { id: "replay-7" })).frames.length, 1);
  });

  test("asking for more answers than were recorded is a transport error; nothing is invented", async () => {
    const { log } = await recordedSession();
    const [conversation] = readTranscript(text(log)).conversations;
    const replayed = await connect(replayTransport(conversation!));
    await replayed.query(Q);
    await assert.rejects(
      replayed.query(Q),
      (error: unknown) => error instanceof HostError && error.kind === "transport",
    );
  });
});

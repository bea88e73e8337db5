// The host consuming a recorded provider transcript through streamTransport (spec §3.12, §3.13, §4.3, §4.9):
// the reference's handshake_ack publishing test key B and its signed `frames` answer (id "q3"), read in place
// from ../shared/fixtures/reference-messages.json. The transcript is played lazily by a tiny fake provider on
// a stream pair, which echoes the host's own query id (H4) and leaves the frames and attestations untouched.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import { type AttesterKey, type Envelope, Host, type HostError } from "../../support/lib.ts";
import { fixtureJson } from "../../support/fixtures.ts";
import { legOf, rejectsWith, scriptedStream } from "../../support/host/adversaries.ts";
import { publicKeyOfSeed } from "../../support/worker/http.ts";

type Message = Record<string, unknown> & { type: string; id?: string };
const messages = fixtureJson<Message[]>("reference-messages.json");
const ack = messages.find((m) => m.type === "handshake_ack" && Array.isArray(m.attester_keys)) as Message & {
  attester_keys: AttesterKey[];
  provider: { name: string };
};
const signed = messages.find((m) => m.type === "frames" && m.id === "q3") as Message & {
  result: { frames: { id: string; content: string; content_digest: string }[]; frame_attestations: unknown[] };
};
const KEY_B_SEED = "2a".repeat(32);

/** The state of a fixture frame whose signature verifies but whose content does not hash to its digest. */
function contentMismatch(frame: { content: string; content_digest: string }) {
  const recomputed = `sha256:${createHash("sha256").update(frame.content, "utf8").digest("hex")}`;
  return { state: "invalid", verdict: { kind: "content_mismatch", signed: frame.content_digest, recomputed } };
}
const LOCAL = "repo"; // the host's local id differs from the declared name on purpose (commitments use the declared one)
const Q = { goal: "how do I configure the retry policy?", max_frames: 5, max_tokens: 1024 };

/**
 * A provider that replays the transcript: the fixture's ack for the handshake, the fixture's signed
 * frames for each query (with `id` set to the host's query id unless `verbatim`), nothing else. Lines
 * are written as the fixture's own JSON, not through this project's encoder.
 */
function replay(options: { verbatim?: boolean } = {}) {
  const queryIds: (string | undefined)[] = [];
  const { transport, done } = scriptedStream(async (peer) => {
    for (let envelope: Envelope | undefined; (envelope = await peer.next()) !== undefined; ) {
      if (envelope.type === "handshake") await peer.send(JSON.stringify(ack));
      else if (envelope.type === "query") {
        queryIds.push(envelope.id);
        await peer.send(JSON.stringify(options.verbatim ? signed : { ...signed, id: envelope.id }));
      } else if (envelope.type === "shutdown") break;
    }
    await peer.end();
  });
  return { transport, done, queryIds };
}

describe("replaying the reference transcript", () => {
  test("the fixtures are what the spec says: key B published, a signed answer with id q3", () => {
    assert.equal(ack.provider.name, "repo-graph");
    assert.deepEqual(ack.attester_keys, [
      { key_id: "repo-graph-2026-08", algorithm: "ed25519", public_key: publicKeyOfSeed(KEY_B_SEED) },
    ]);
    assert.equal(signed.result.frames.length, 2);
    assert.equal(signed.result.frame_attestations.length, 2);
  });

  test("every signature verifies under the published key, but the fixture's short digests are not its content's: each frame and the root are content_mismatch, never attested", async () => {
    const { transport, done, queryIds } = replay();
    const host = new Host();
    await host.add(LOCAL, transport);
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    assert.equal(queryIds.length, 1);
    assert.match(queryIds[0] ?? "", /^q\d+$/, "the host sent a correlation id (the ack declares correlation)");
    assert.deepEqual(
      leg.frames.map((f) => [f.frameId, f.frame.content]),
      signed.result.frames.map((f) => [
        { provider_id: LOCAL, frame_id: f.id, content_digest: f.content_digest },
        f.content,
      ]),
      "the frames as recorded, under the host's local id",
    );
    const mismatches = signed.result.frames.map((f) => contentMismatch(f));
    assert.deepEqual(
      leg.frames.map((frame) => frame.attestation),
      mismatches,
    );
    assert.deepEqual(leg.resultAttestation, mismatches[0], "the root signs the first frame's digest as well");
    for (const frame of leg.frames)
      assert.deepEqual(
        frame.violations.filter((v) => v.path === "content").map((v) => v.anchor),
        ["D1"],
        `${frame.frame.id}: its bytes do not hash to its content_digest`,
      );
    assert.deepEqual(
      leg.violations.filter((v) => v.anchor === "F11"),
      [],
      "no orphaned attestation entries",
    );
    await host.close();
    await done;
  });

  test("with the published key pinned for that provider id, the signatures verify under it (the content still does not match)", async () => {
    const { transport, done } = replay();
    const host = new Host({
      pinnedKeys: {
        [LOCAL]: [{ key_id: "repo-graph-2026-08", algorithm: "ed25519", public_key: publicKeyOfSeed(KEY_B_SEED) }],
      },
    });
    await host.add(LOCAL, transport);
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    assert.equal(leg.frames.length, 2);
    // content_mismatch is only reached once the signature verified: under the pinned key, since the control
    // below (another key pinned under the same id) is bad_signature.
    assert.deepEqual(
      leg.frames.map((frame) => frame.attestation),
      signed.result.frames.map((f) => contentMismatch(f)),
    );
    await host.close();
    await done;
  });

  test("control: a different key pinned under the same key id makes the same transcript invalid, frames kept (F9)", async () => {
    const { transport, done } = replay();
    const host = new Host({
      pinnedKeys: {
        [LOCAL]: [{ key_id: "repo-graph-2026-08", algorithm: "ed25519", public_key: publicKeyOfSeed("07".repeat(32)) }],
      },
    });
    await host.add(LOCAL, transport);
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    assert.equal(leg.frames.length, 2);
    for (const frame of leg.frames)
      assert.deepEqual(frame.attestation, { state: "invalid", verdict: { kind: "bad_signature" } }, frame.frame.id);
    await host.close();
    await done;
  });

  test("control: the transcript replayed verbatim (id q3) never answers the host's query: it times out (H4, spec §4.3)", async () => {
    // On a stream a reply is routed by its id; one naming no waiting request is dropped, so the query
    // ends at its timeout (spec §4.3) rather than taking another request's answer.
    const { transport, done, queryIds } = replay({ verbatim: true });
    const host = new Host({ connect: { timeoutMs: 200 } });
    const connection = await host.add(LOCAL, transport);
    const error: HostError = await rejectsWith(connection.query(Q, { id: "host-7" }), "timeout");
    assert.deepEqual(queryIds, ["host-7"]);
    assert.equal(error.details.timeoutMs, 200);
    await host.close();
    await done;
  });
});

// Issue 20 item 5, the edges of content binding (spec §1.8 #5, §3.6, §3.11, §3.13, §4.8): a forger who rewrites
// the digest as well is caught by the commitment, not by the re-hash; a reference frame has no inline bytes to
// re-hash (D4); a frame without a digest has nothing binding its bytes (F15), so nothing says they are covered,
// the root included; and the re-hash holds for a connection resumed from a HandshakeCache and for an answer
// re-audited offline from an imported transcript, as the playground's import does.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  auditLeg,
  type CandidateFrame,
  composeForPrompt,
  connect,
  type ContextFrame,
  frameIdOf,
  frameProof,
  HandshakeCache,
  Host,
  httpTransport,
  inPageTransport,
  readTranscript,
  replayTransport,
  resultTree,
  type Signer,
  signCommitment,
  signerFromSeed,
} from "../../support/lib.ts";
import { distortFrames, legOf, type ResultInit } from "../../support/host/adversaries.ts";
import {
  type Alteration,
  alteredContent,
  alterFrame,
  alterFrameInLine,
  alteringRelay,
  assertAlteredFrameCaught,
  contentMismatchState,
  MARKER,
  sha256Of,
} from "../../support/host/altered-content.ts";
import { endpoint, providerApp, URL_OF_PROVIDER } from "../../support/ask/endpoint.ts";
import { recordSession } from "../../support/browser/transcripts.ts";
import { candidate, echoProvider } from "../../support/providers.ts";

const Q = { goal: "how are answers signed and checked", max_frames: 10, max_tokens: 10_000 };
const NAME = "answers";

const FRAMES = [
  candidate("retry", "Retries back off exponentially, from 100 ms up to three attempts.", { score: 0.9 }),
  candidate("signing", "Every answer is signed over its Merkle root, each frame with a proof.", { score: 0.6 }),
  candidate("rehash", "A host re-hashes each frame's content against its content_digest.", { score: 0.3 }),
];

async function answersSigner(): Promise<Signer> {
  return signerFromSeed("6f".repeat(32), { keyId: "answers-2026-12", attesterId: NAME });
}

/** A provider answering `frames`, signing each answer (root and proofs) unless `signer` is undefined. */
function answers(signer: Signer | undefined, frames = FRAMES, extra: Parameters<typeof echoProvider>[0] = {}) {
  return echoProvider({
    info: { name: NAME, version: "1.0.0", data_flow: { reads: true } },
    ...(signer ? { signer } : {}),
    query: () => frames,
    ...extra,
  });
}

const identity = (signer: Signer) => ({ keyId: signer.attesterKey.key_id, attesterId: signer.attesterId });
const attested = (signer: Signer, coversContent: boolean) => ({
  state: "attested",
  ...identity(signer),
  coversContent,
  anchor: "handshake",
});

/** The frame's violations at `content` (where the audit puts a content_mismatch's D1). */
const contentViolations = (frame: { violations: readonly { path?: string; anchor: string }[] }) =>
  frame.violations.filter((v) => v.path === "content").map((v) => v.anchor);

describe("content binding at the edges", () => {
  test("content and content_digest both rewritten (the entry's digest too) → commitment_mismatch, not content_mismatch, beside a content-only edit that is content_mismatch", async () => {
    const signer = await answersSigner();
    const forgedContent = alteredContent(FRAMES[1]!.content!);
    const forgedDigest = sha256Of(forgedContent);
    let signedDigest = "";
    let contentOnly: Alteration | undefined;
    const forger = distortFrames(answers(signer), (result) => {
      signedDigest = result.frames[1]!.content_digest!;
      // Frame 0: content only (a careless forger). Frame 1: content and digest, and the entry naming it.
      const edited = alterFrame(result, 0);
      contentOnly = edited.alteration;
      const frames = edited.result.frames.map((f, i) =>
        i === 1 ? { ...f, content: forgedContent, content_digest: forgedDigest } : f,
      );
      const frame_attestations = result.frame_attestations!.map((entry) =>
        entry.frame.frame_id === "signing"
          ? { ...entry, frame: { ...entry.frame, content_digest: forgedDigest } }
          : entry,
      );
      return { ...result, frames, frame_attestations };
    });
    const host = new Host();
    await host.add(NAME, inPageTransport(forger));
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    assert.ok(contentOnly);
    const [careless, forged, untouched] = leg.frames;
    assert.notEqual(signedDigest, forgedDigest);
    assert.deepEqual(forged?.contentBinding, { kind: "matches" }, "its bytes do hash to the digest it now carries");
    assert.ok(
      forged.attestation.state === "invalid" && forged.attestation.verdict.kind === "commitment_mismatch",
      JSON.stringify(forged.attestation),
    );
    assert.deepEqual(contentViolations(forged), [], "no D1: the digest is its content's");
    assert.deepEqual(careless?.attestation, contentMismatchState(contentOnly), "the content-only edit");
    assert.deepEqual(contentViolations(careless), ["D1"]);
    assert.deepEqual(untouched?.attestation, attested(signer, true));
    assert.ok(
      leg.resultAttestation.state === "invalid" && leg.resultAttestation.verdict.kind === "commitment_mismatch",
      `the root, over a leaf that is not what was signed: ${JSON.stringify(leg.resultAttestation)}`,
    );
    // The forged frame's bytes match its digest, so composition has no content mismatch to exclude it for: it
    // is kept (F9), its entry saying invalid and never covered; the content-only edit is left out.
    const entries = composeForPrompt(leg.frames, { budgetTokens: 10_000 }).audit.entries;
    const entry = entries.find((e) => e.frame.frame_id === "signing");
    assert.equal(entry?.disposition.kind, "included");
    assert.equal(entry?.attestation.state, "invalid");
    assert.equal(entry?.coversContent, undefined);
    assert.equal(entry?.contentMismatch, undefined);
    assert.deepEqual(entries.find((e) => e.frame.frame_id === "retry")?.disposition, {
      kind: "excluded",
      reason: { kind: "content_mismatch", declared: contentOnly.declared, recomputed: sha256Of(contentOnly.altered) },
    });
    await host.close();
  });

  test("a reference frame (no inline content) beside an altered full frame: only the full one is content_mismatch (D4)", async () => {
    const signer = await answersSigner();
    const reference: CandidateFrame = {
      id: "retry#ref",
      kind: "doc",
      title: "Retry policy (reference)",
      representation: "reference",
      content_fidelity: "omitted",
      canonical_content_hash: sha256Of("the retry policy, in full"),
      content_ref: { provider_id: NAME, uri: "contextgraph-ref://answers/retry" },
      score: 0.7,
      token_cost: 0,
      citation_label: "retry (reference)",
    };
    const provider = answers(signer, [FRAMES[0]!, reference, FRAMES[1]!], {
      capabilities: { query: { kinds: ["doc"] }, correlation: true, representations: ["full", "reference"] },
    });
    let alteration: Alteration | undefined;
    const relayed = distortFrames(provider, (result) => {
      const edited = alterFrame(result, 2);
      alteration = edited.alteration;
      return edited.result;
    });
    const host = new Host();
    await host.add(NAME, inPageTransport(relayed));
    const leg = legOf((await host.queryAll({ ...Q, representation_preferences: ["reference", "full"] }))[0], "frames");
    const [full, ref, altered] = leg.frames;
    assert.equal(ref?.frame.content, undefined);
    assert.equal(ref?.frame.content_digest, undefined, "a reference frame carries no digest (P1–P3)");
    assert.deepEqual(ref?.contentBinding, { kind: "no_content" });
    assert.deepEqual(ref?.attestation, attested(signer, false), "identity only: no digest to bind");
    assert.deepEqual(ref?.violations, []);
    assert.deepEqual(full?.attestation, attested(signer, true));
    assert.deepEqual(full?.contentBinding, { kind: "matches" });
    assert.ok(alteration);
    assert.deepEqual(altered?.attestation, contentMismatchState(alteration));
    assert.deepEqual(contentViolations(altered!), ["D1"]);
    const composed = composeForPrompt(leg.frames, { budgetTokens: 10_000 });
    const dispositions = Object.fromEntries(composed.audit.entries.map((e) => [e.frame.frame_id, e.disposition.kind]));
    assert.deepEqual(dispositions, { retry: "included", "retry#ref": "included", signing: "excluded" });
    await host.close();
  });

  test("a signed frame without a content_digest, its content edited: attested identity only, no D1, and the root is not said to cover content (F15)", async () => {
    const signer = await answersSigner();
    let edited = "";
    // A provider that drops one frame's digest and signs the root over the frames as they are (F14 forbids it;
    // the identity-only-signature misbehaviour does it), and a relay that then edits that frame's content.
    const identityOnly = distortFrames(answers(undefined), async (result): Promise<ResultInit> => {
      // The kit's frames, as it wrote them (no member is null).
      const frames = (result.frames as ContextFrame[]).map(
        ({ content_digest, ...frame }, i): ContextFrame =>
          i === 1 ? frame : { ...frame, content_digest: content_digest! },
      );
      const tree = resultTree(NAME, frames);
      const signed: ResultInit = {
        ...result,
        frames,
        frame_attestations: frames.map((frame, i) => ({
          frame: frameIdOf(NAME, frame),
          inclusion_proof: frameProof(tree, i),
        })),
        result_attestation: await signCommitment(tree.tree.root, signer),
      };
      edited = alteredContent(frames[1]!.content!);
      return { ...signed, frames: signed.frames.map((f, i) => (i === 1 ? { ...f, content: edited } : f)) };
    });
    const provider = {
      handle: async (...args: Parameters<typeof identityOnly.handle>) => {
        const reply = await identityOnly.handle(...args);
        return reply?.type === "handshake_ack" ? { ...reply, attester_keys: [signer.attesterKey] } : reply;
      },
    };
    const host = new Host();
    await host.add(NAME, inPageTransport(provider));
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    const bare = leg.frames[1]!;
    assert.equal(bare.frame.content_digest, undefined);
    assert.equal(bare.frame.content, edited);
    assert.deepEqual(bare.contentBinding, { kind: "no_digest" });
    assert.deepEqual(bare.attestation, attested(signer, false), "the signature binds identity and provenance only");
    assert.deepEqual(contentViolations(bare), [], "no digest, so nothing to mismatch");
    for (const i of [0, 2]) assert.deepEqual(leg.frames[i]?.attestation, attested(signer, true));
    assert.deepEqual(leg.resultAttestation, attested(signer, false), "a digest-less frame's bytes are not covered");
    const composed = composeForPrompt(leg.frames, { budgetTokens: 10_000 });
    const entry = composed.audit.entries.find((e) => e.frame.frame_id === "signing");
    assert.equal(entry?.disposition.kind, "included", "not a content mismatch, so not excluded");
    assert.equal(entry?.coversContent, false);
    assert.equal(entry?.contentMismatch, undefined);
    assert.equal(composed.citations.find((c) => c.frame.frame_id === "signing")?.coversContent, false);
    assert.ok(composed.prompt.includes(MARKER), "it is in the prompt, shown as not covered");
    await host.close();
  });

  test("a connection resumed from a HandshakeCache (no handshake sent) gets the same content_mismatch", async () => {
    const app = await providerApp({ name: NAME, keyN: 7, extra: { query: () => FRAMES } });
    const relay = alteringRelay(async (request) => app(request), 1);
    const ep = endpoint(relay.fetch);
    const cache = new HandshakeCache();
    const first = await cache.connect(URL_OF_PROVIDER, httpTransport(URL_OF_PROVIDER, { fetch: ep.fetch }));
    assert.equal(first.source, "handshake");
    const resumed = await cache.connect(URL_OF_PROVIDER, httpTransport(URL_OF_PROVIDER, { fetch: ep.fetch }));
    assert.equal(resumed.source, "memory");
    assert.equal(ep.count("handshake"), 1, "the second connection sent no handshake");
    const host = new Host();
    await host.add(NAME, resumed);
    host.consent.grant(NAME, resumed.provider.data_flow, "answers over HTTP");
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    const [alteration] = relay.alterations;
    assert.ok(alteration, "the answer went through the relay");
    assertAlteredFrameCaught(leg, alteration, { keyId: "key-7", attesterId: "test" });
    assert.deepEqual(ep.posted, ["handshake", "query"]);
    await host.close();
  });

  test("an imported transcript with one frame's content edited in its recorded frames line: re-audited offline, content_mismatch", async () => {
    const signer = await answersSigner();
    const recorded = await recordSession(answers(signer), [Q]);
    const lines = recorded.split("\n");
    const at = lines.findIndex((line) => line !== "" && (JSON.parse(line) as { type: string }).type === "frames");
    const edited = alterFrameInLine(lines[at]!, 1);
    lines[at] = edited.line;
    const transcript = readTranscript(lines.join("\n"));
    assert.deepEqual(transcript.problems, []);
    const [conversation] = transcript.conversations;
    assert.ok(conversation);
    // As web/host/import.ts does: the recorded conversation replayed, each recorded query asked again and audited.
    const connection = await connect(replayTransport(conversation), { handshakeTimeoutMs: 5_000, timeoutMs: 5_000 });
    const queries = conversation.exchanges.flatMap((e) => (e.request.type === "query" ? [e.request.query] : []));
    assert.equal(queries.length, 1);
    const query = queries[0]!;
    const leg = await auditLeg(
      connection,
      `transcript:${connection.provider.name}`,
      query,
      await connection.query(query),
      [],
    );
    assert.equal(leg.outcome, "frames");
    assert.ok(leg.outcome === "frames");
    assertAlteredFrameCaught(leg, edited.alteration, identity(signer));
    await connection.close();
  });
});

// Every value of attestation-vectors.json recomputed (spec §3.14), and the signed reference message verified.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import {
  decodeLine,
  digestString,
  DOMAIN,
  encodeLink,
  encStr,
  frameCommitment,
  frameCommitmentString,
  fromHex,
  inclusionProof,
  merkleRoot,
  nobleEngine,
  provenanceChainHeadString,
  type Provenance,
  signCommitment,
  signerFromSeed,
  toHex,
  verifyCommitment,
  verifyResultAttestations,
  verifyResultSignatures,
  webCryptoEngine,
} from "../support/lib.ts";
import { fixtureJson } from "../support/fixtures.ts";

interface Vectors {
  domain_tags: Record<string, string>;
  links: Record<string, Provenance>;
  link_encodings_hex: Record<string, string>;
  unicode_length_trap: Record<string, { utf8_bytes: number }>;
  chain_heads: Record<string, string>;
  frame_commitment: {
    provider_id: string;
    frame: { id: string; content_digest: string; provenance: string[] };
    commitment: string;
  };
  merkle: {
    provider_id: string;
    leaf_frames: { id: string; content_digest: string; provenance: Provenance[] }[];
    roots_by_leaf_count: Record<string, string>;
    inclusion_proof: { leaf_index: number; leaf_count: number; path: { sibling: string; sibling_is_left: boolean }[] };
  };
  signature: {
    signing_key_seed_hex: string;
    public_key_hex: string;
    attestation: {
      signed_commitment: string;
      key_id: string;
      attester_id: string;
      signature: string;
      issued_at: string;
      algorithm: string;
    };
  };
  verifier_strictness: { small_order_public_keys_hex: string[]; non_canonical_public_keys_hex: string[] };
}

const vectors = fixtureJson<Vectors>("attestation-vectors.json");
const CHAINS: Record<string, string[]> = {
  empty: [],
  file: ["file"],
  file_then_derivation: ["file", "derivation"],
  unicode: ["unicode"],
  empty_uri: ["empty_uri"],
  absent_uri: ["absent_uri"],
};
const ENGINES = [webCryptoEngine(), nobleEngine()];

describe("attestation-vectors.json", () => {
  test("domain tags", () => {
    assert.equal(new TextDecoder().decode(DOMAIN.genesis), vectors.domain_tags.genesis);
    assert.equal(new TextDecoder().decode(DOMAIN.link), vectors.domain_tags.link);
    assert.equal(new TextDecoder().decode(DOMAIN.frame), vectors.domain_tags.frame);
    assert.equal(new TextDecoder().decode(DOMAIN.merkleEmpty), vectors.domain_tags.merkle_empty);
    assert.equal(toHex(DOMAIN.merkleLeaf), vectors.domain_tags.merkle_leaf_prefix_hex);
    assert.equal(toHex(DOMAIN.merkleNode), vectors.domain_tags.merkle_node_prefix_hex);
  });

  for (const [name, hex] of Object.entries(vectors.link_encodings_hex)) {
    test(`link encoding ${name}`, () => assert.equal(toHex(encodeLink(vectors.links[name]!)), hex));
  }

  test("the UTF-8 length trap: lengths are UTF-8 byte counts", () => {
    const link = vectors.links.unicode!;
    for (const field of ["uri", "by"] as const) {
      const encoded = encStr(link[field]!);
      assert.equal(new DataView(encoded.buffer).getUint32(0), vectors.unicode_length_trap[field]!.utf8_bytes, field);
    }
  });

  for (const [name, head] of Object.entries(vectors.chain_heads)) {
    test(`chain head ${name}`, () => {
      const links = (CHAINS[name] ?? assert.fail(`no chain for ${name}`)).map((link) => vectors.links[link]!);
      assert.equal(provenanceChainHeadString(links), head);
    });
  }

  test("empty vs absent uri give different heads", () =>
    assert.notEqual(vectors.chain_heads.empty_uri, vectors.chain_heads.absent_uri));

  test("frame commitment", () => {
    const { provider_id, frame, commitment } = vectors.frame_commitment;
    const provenance = frame.provenance.map((name) => vectors.links[name]!);
    assert.equal(
      frameCommitmentString(provider_id, { id: frame.id, content_digest: frame.content_digest, provenance }),
      commitment,
    );
  });

  for (const [count, root] of Object.entries(vectors.merkle.roots_by_leaf_count)) {
    test(`Merkle root over ${count} leaves`, () => {
      const commitments = vectors.merkle.leaf_frames
        .slice(0, Number(count))
        .map((frame) => frameCommitment(vectors.merkle.provider_id, frame));
      assert.equal(digestString(merkleRoot(commitments)), root);
    });
  }

  test("inclusion proof of leaf 3 of 7", () => {
    const commitments = vectors.merkle.leaf_frames.map((frame) => frameCommitment(vectors.merkle.provider_id, frame));
    assert.deepEqual(
      inclusionProof(commitments, vectors.merkle.inclusion_proof.leaf_index),
      vectors.merkle.inclusion_proof,
    );
  });

  for (const engine of ENGINES) {
    test(`signature under the 0x07 seed (${engine.name})`, async () => {
      const { signing_key_seed_hex, public_key_hex, attestation } = vectors.signature;
      const signer = await signerFromSeed(signing_key_seed_hex, {
        keyId: attestation.key_id,
        attesterId: attestation.attester_id,
        engine,
      });
      assert.equal(signer.attesterKey.public_key, public_key_hex);
      const commitment = fromHex(vectors.frame_commitment.commitment.slice(7), 32)!;
      assert.deepEqual(await signCommitment(commitment, signer, { issuedAt: attestation.issued_at }), attestation);
      assert.deepEqual(await verifyCommitment(commitment, attestation, public_key_hex, { engine }), { kind: "valid" });
    });

    test(`every key under verifier_strictness is refused (${engine.name})`, async () => {
      const { attestation } = vectors.signature;
      const commitment = fromHex(vectors.frame_commitment.commitment.slice(7), 32)!;
      const keys = [
        ...vectors.verifier_strictness.small_order_public_keys_hex,
        ...vectors.verifier_strictness.non_canonical_public_keys_hex,
      ];
      assert.equal(keys.length, 10);
      for (const key of keys)
        assert.deepEqual(
          await verifyCommitment(commitment, attestation, key, { engine }),
          { kind: "malformed_key" },
          key,
        );
    });
  }
});

describe("signed reference messages", () => {
  const messages = fixtureJson<unknown[]>("reference-messages.json").map((message) =>
    decodeLine(JSON.stringify(message)),
  );
  const ack = messages.find((m) => m.type === "handshake_ack" && (m.attester_keys?.length ?? 0) > 0);
  const signed = messages.find((m) => m.type === "frames" && m.id === "q3");

  /** SHA-256 of a frame's content, by node:crypto: what its content_digest would be if it bound the bytes. */
  const sha = (content: string | undefined) =>
    `sha256:${createHash("sha256")
      .update(content ?? "", "utf8")
      .digest("hex")}`;

  for (const engine of ENGINES) {
    test(`the signed frames message (id q3): its signatures verify under the key its handshake_ack publishes (${engine.name})`, async () => {
      assert.ok(ack?.type === "handshake_ack" && signed?.type === "frames");
      const report = await verifyResultSignatures(signed.result, ack.provider.name, ack.attester_keys ?? [], {
        engine,
      });
      assert.deepEqual(report.result, {
        state: "attested",
        keyId: "repo-graph-2026-08",
        attesterId: "repo-graph",
        coversContent: true,
      });
      assert.ok(report.frames.length > 0);
      for (const state of report.frames)
        assert.equal(state.state === "attested" && state.coversContent, true, JSON.stringify(state));
      assert.equal(report.orphans, 0);
    });
  }

  test("the signed frames message (id q3): its short digests are not its content's, so no frame and not the result is reported covered", async () => {
    assert.ok(ack?.type === "handshake_ack" && signed?.type === "frames");
    const report = await verifyResultAttestations(signed.result, ack.provider.name, ack.attester_keys ?? []);
    const [doc, sym] = signed.result.frames;
    assert.deepEqual(report.frames, [
      {
        state: "invalid",
        verdict: { kind: "content_mismatch", signed: "sha256:9f2c3e7a1b", recomputed: sha(doc?.content) },
      },
      {
        state: "invalid",
        verdict: { kind: "content_mismatch", signed: "sha256:1a2b3c4d5e", recomputed: sha(sym?.content) },
      },
    ]);
    assert.deepEqual(report.result, {
      state: "invalid",
      verdict: { kind: "content_mismatch", signed: "sha256:9f2c3e7a1b", recomputed: sha(doc?.content) },
    });
    assert.equal(report.orphans, 0);
  });

  test("line 8 of reference-vectors.ndjson verifies under test key B; its digest-less frame is identity-only", async () => {
    const line = (await import("../support/fixtures.ts")).referenceVectorLines()[7]!;
    const envelope = decodeLine(line);
    assert.ok(envelope.type === "frames");
    const keyB = await signerFromSeed("2a".repeat(32), { keyId: "repo-indexer-2026-08", attesterId: "repo-indexer" });
    const signatures = await verifyResultSignatures(envelope.result, "repo-indexer", [keyB.attesterKey]);
    assert.equal(signatures.result.state, "attested");
    assert.deepEqual(
      signatures.frames.map((s) => (s.state === "attested" ? s.coversContent : s.state)),
      [true, false],
    );
    // Its content_digest is the empty string's (e3b0…), not its content's: with content bound, that frame is altered.
    const bound = await verifyResultAttestations(envelope.result, "repo-indexer", [keyB.attesterKey]);
    const retry = envelope.result.frames[0];
    const mismatch = {
      state: "invalid",
      verdict: {
        kind: "content_mismatch",
        signed: "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        recomputed: sha(retry?.content),
      },
    };
    assert.deepEqual(bound.frames, [mismatch, signatures.frames[1]]);
    assert.deepEqual(bound.result, mismatch);
  });
});

// Forgery suite (spec §3.6–§3.13): one named test per attack on a genuine signed result, each expecting the
// verdict (and/or host state) the spec names for it. The whole suite runs once per Ed25519 engine, passed
// explicitly, with identical expectations; a counting engine proves where no signature work may be spent.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { before, describe, test } from "node:test";
import {
  AttestationError,
  type AttestationState,
  type AttestationVerdict,
  attestResult,
  type AttesterKey,
  canonicalOrder,
  contentDigest,
  type ContextFrame,
  type ContextQueryResult,
  digestString,
  type Ed25519Engine,
  type FrameAttestation,
  frameCommitment,
  frameCommitmentString,
  type InclusionProof,
  merkleRoot,
  nobleEngine,
  type Provenance,
  type ProvenanceAttestation,
  rootFromProof,
  signCommitment,
  signFrameAttestation,
  type Signer,
  signerFromSeed,
  verifyCommitment,
  verifyFrameAttestation,
  verifyFrameInclusion,
  verifyResultAttestations,
  verifyResultSignatures,
  type VerifyOptions,
  webCryptoEngine,
  detectEngine,
} from "../support/lib.ts";
import {
  contentFrame,
  countingEngine,
  flipBit,
  mutated,
  nonHexTail,
  referenceFrame,
  upperDigest,
  upperHex,
} from "../support/attest/forgery-kit.ts";
import { fixtureJson } from "../support/fixtures.ts";

interface Vectors {
  links: Record<string, Provenance>;
  verifier_strictness: { small_order_public_keys_hex: string[]; non_canonical_public_keys_hex: string[] };
}

const vectors = fixtureJson<Vectors>("attestation-vectors.json");
const FILE_LINK = vectors.links.file ?? assert.fail("no `file` link in attestation-vectors.json");
const DERIVATION_LINK = vectors.links.derivation ?? assert.fail("no `derivation` link in attestation-vectors.json");
const SMALL_ORDER_KEYS = vectors.verifier_strictness.small_order_public_keys_hex;
const NON_CANONICAL_KEYS = vectors.verifier_strictness.non_canonical_public_keys_hex;
/** The identity point: a small-order key under which (R = identity, S = 0) "verifies" any message non-strictly. */
const IDENTITY_KEY =
  SMALL_ORDER_KEYS.find((key) => key.startsWith("01")) ?? assert.fail("no identity point in verifier_strictness");

const PROVIDER = "repo-graph";
const SEED = "11".repeat(32);
const KEY_ID = "forgery-suite-2026-08";
const ATTESTER = "repo-graph";
const ISSUED_AT = "2026-08-29T12:00:00Z";
/** Index (in `result.frames`) of the frame with a `[file, derivation]` chain and an explicit digest. */
const RETRY = 0;
/** Index of a frame whose `content_digest` `attestResult` fills in. */
const BACKOFF = 1;

const ATTESTED: AttestationState = { state: "attested", keyId: KEY_ID, attesterId: ATTESTER, coversContent: true };

type SignedResult = Pick<ContextQueryResult, "frames" | "frame_attestations" | "result_attestation">;

/** What every attack starts from: one signed result, in three evidence shapes. */
interface Genuine {
  readonly signer: Signer;
  readonly publicKey: string;
  readonly keys: AttesterKey[];
  /** `attestResult`: a signed root and one inclusion proof per frame. */
  readonly proofs: SignedResult;
  /** Per-frame `signFrameAttestation` entries only, no root. */
  readonly perFrame: SignedResult;
  /** Both: each entry carries its frame's attestation and inclusion proof, plus the signed root. */
  readonly full: SignedResult;
}

const RETRY_CONTENT = "Retries back off exponentially from 100 ms, capped at 30 s.";

async function genuineFrames(): Promise<ContextFrame[]> {
  return [
    contentFrame("retry-policy", RETRY_CONTENT, [FILE_LINK, DERIVATION_LINK], await contentDigest(RETRY_CONTENT)),
    contentFrame("backoff-cap", "const MAX_BACKOFF: Duration = Duration::from_secs(30);", [FILE_LINK]),
    contentFrame("timeouts", "Every outbound request times out after 10 s.", [DERIVATION_LINK]),
    contentFrame("glossary/naïve-日本語", "naïve retry: 素朴な再試行", []),
  ];
}

async function buildGenuine(engine: Ed25519Engine): Promise<Genuine> {
  const signer = await signerFromSeed(SEED, { keyId: KEY_ID, attesterId: ATTESTER, engine });
  const proofs = await attestResult({ frames: await genuineFrames() }, PROVIDER, signer, { issuedAt: ISSUED_AT });
  const perFrameEntries = await Promise.all(
    proofs.frames.map((frame) => signFrameAttestation(PROVIDER, frame, signer, { issuedAt: ISSUED_AT })),
  );
  const full: SignedResult = {
    ...proofs,
    frame_attestations: perFrameEntries.map((entry, i) => ({ ...entry, inclusion_proof: proofOf(proofs, i) })),
  };
  return {
    signer,
    publicKey: signer.attesterKey.public_key,
    keys: [signer.attesterKey],
    proofs,
    perFrame: { frames: proofs.frames, frame_attestations: perFrameEntries },
    full,
  };
}

// ---- accessors (fail loudly instead of `!`) -------------------------------------------------------------

function entries(result: SignedResult): FrameAttestation[] {
  return result.frame_attestations ?? assert.fail("result has no frame_attestations");
}

function entryOf(result: SignedResult, i: number): FrameAttestation {
  return entries(result)[i] ?? assert.fail(`no frame_attestations[${i}]`);
}

function frameOf(result: SignedResult, i: number): ContextFrame {
  return result.frames[i] ?? assert.fail(`no frames[${i}]`);
}

function proofOf(result: SignedResult, i: number): InclusionProof {
  return entryOf(result, i).inclusion_proof ?? assert.fail(`frame_attestations[${i}] has no inclusion_proof`);
}

function attestationOf(result: SignedResult, i: number): ProvenanceAttestation {
  return entryOf(result, i).attestation ?? assert.fail(`frame_attestations[${i}] has no attestation`);
}

function rootOf(result: SignedResult): ProvenanceAttestation {
  return result.result_attestation ?? assert.fail("result has no result_attestation");
}

function linksOf(frame: ContextFrame): Provenance[] {
  return frame.provenance ?? assert.fail(`frame ${frame.id} has no provenance`);
}

/** The wire FrameId an entry uses to name `frame` (spec §3.12). */
function frameIdOf(frame: ContextFrame, providerId = PROVIDER): FrameAttestation["frame"] {
  return {
    provider_id: providerId,
    frame_id: frame.id,
    ...(frame.content_digest === undefined ? {} : { content_digest: frame.content_digest }),
  };
}

/** `result` with frame `i` replaced and its entry renamed to match (a consistent attacker). */
function withFrame(result: SignedResult, i: number, frame: ContextFrame): SignedResult {
  return mutated(result, (copy) => {
    copy.frames[i] = frame;
    entryOf(copy, i).frame = frameIdOf(frame);
  });
}

/** The root an inclusion proof replays to from `frame` (what a verifier "expects" it to be signed). */
function replayedRoot(frame: ContextFrame, proof: InclusionProof, providerName = PROVIDER): string {
  const replayed = rootFromProof(frameCommitment(providerName, frame), proof);
  assert.ok("root" in replayed, `proof does not replay: ${JSON.stringify(replayed)}`);
  return digestString(replayed.root);
}

/** The Merkle root of exactly `frames`, in canonical order (spec §3.7). */
function rootString(frames: readonly ContextFrame[]): string {
  return digestString(merkleRoot(canonicalOrder(frames).map((i) => frameCommitment(PROVIDER, frames[i]!))));
}

function invalid(verdict: AttestationVerdict): AttestationState {
  return { state: "invalid", verdict };
}

function kindOf(state: AttestationState | undefined): string {
  return state?.state === "invalid" ? `invalid:${state.verdict.kind}` : (state?.state ?? "missing");
}

/** The order of the Ed25519 base point, RFC 8032 §5.1: a canonical S is below it. */
const ED25519_L = 2n ** 252n + 27742317777372353535851937790883648493n;

/** The S half (bytes 32–63, little-endian) of a signature in hex. */
function scalarS(signatureHex: string): bigint {
  const bytes = signatureHex.slice(64).match(/../g) ?? assert.fail("no S half");
  return bytes.reduceRight((value, pair) => (value << 8n) | BigInt(parseInt(pair, 16)), 0n);
}

/** A signature in hex with its S half replaced by `s` (< 2^256), R kept. */
function withScalarS(signatureHex: string, s: bigint): string {
  assert.ok(s < 2n ** 256n, "S does not fit 32 bytes");
  const bytes = Array.from({ length: 32 }, (_, i) => Number((s >> BigInt(8 * i)) & 0xffn));
  return signatureHex.slice(0, 64) + bytes.map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A deliberately long proof: `steps` well-formed siblings. */
function longPath(steps: number): InclusionProof["path"] {
  return Array.from({ length: steps }, (_, n) => ({
    sibling: digestString(new Uint8Array(32).fill(n)),
    sibling_is_left: n % 2 === 0,
  }));
}

// ---- the suite, once per engine ----------------------------------------------------------------------------

for (const engine of [webCryptoEngine(), nobleEngine()]) {
  describe(`forgery suite (${engine.name} engine)`, () => {
    const options: VerifyOptions = { engine };
    let g: Genuine;
    before(async () => {
      g = await buildGenuine(engine);
    });

    // Verdict-level checks, under the genuine key and provider name unless told otherwise.
    const frameVerdict = (
      frame: ContextFrame,
      attestation: ProvenanceAttestation,
      publicKey = g.publicKey,
      providerName = PROVIDER,
      opts = options,
    ) => verifyFrameAttestation(providerName, frame, attestation, publicKey, opts);
    const inclusionVerdict = (
      frame: ContextFrame,
      proof: InclusionProof,
      root = rootOf(g.proofs),
      publicKey = g.publicKey,
      providerName = PROVIDER,
      opts = options,
    ) => verifyFrameInclusion(providerName, frame, proof, root, publicKey, opts);
    // Host-level states.
    const report = (
      result: SignedResult,
      keys: readonly AttesterKey[] = g.keys,
      providerName = PROVIDER,
      opts = options,
    ) => verifyResultAttestations(result, providerName, keys, opts);

    /** A frame edit inside the commitment: commitment_mismatch per frame, through the proof, and as host state. */
    async function assertTampered(i: number, frame: ContextFrame): Promise<void> {
      const signed = attestationOf(g.full, i);
      assert.deepEqual(await frameVerdict(frame, signed), {
        kind: "commitment_mismatch",
        expected: frameCommitmentString(PROVIDER, frame),
        signed: signed.signed_commitment,
      });
      const proof = proofOf(g.proofs, i);
      assert.deepEqual(await inclusionVerdict(frame, proof), {
        kind: "commitment_mismatch",
        expected: replayedRoot(frame, proof),
        signed: rootOf(g.proofs).signed_commitment,
      });
      const { result, frames, orphans } = await report(withFrame(g.full, i, frame));
      assert.equal(kindOf(result), "invalid:commitment_mismatch", "the root over the edited frame set");
      assert.equal(kindOf(frames[i]), "invalid:commitment_mismatch", "the edited frame");
      frames.forEach((state, n) => n !== i && assert.deepEqual(state, ATTESTED, `untouched frame ${n}`));
      assert.equal(orphans, 0);
    }

    test("the genuine result: every verdict valid, every frame attested covering content, no orphans", async () => {
      for (const [i, frame] of g.full.frames.entries()) {
        assert.deepEqual(await frameVerdict(frame, attestationOf(g.full, i)), { kind: "valid" }, frame.id);
        assert.deepEqual(await inclusionVerdict(frame, proofOf(g.full, i)), { kind: "valid" }, frame.id);
      }
      for (const shape of [g.proofs, g.perFrame, g.full]) {
        const { result, frames, orphans } = await report(shape);
        assert.deepEqual(result, shape.result_attestation ? ATTESTED : { state: "unattested" });
        assert.deepEqual(
          frames,
          shape.frames.map(() => ATTESTED),
        );
        assert.equal(orphans, 0);
      }
    });

    describe("content and content_digest", () => {
      test("content edited under a kept content_digest → the signature still verifies (content binds only via content_digest); verifyResultAttestations re-hashes and reports content_mismatch", async () => {
        const original = frameOf(g.full, RETRY);
        const edited = mutated(original, (f) => (f.content = "Retries never back off."));
        assert.deepEqual(await frameVerdict(edited, attestationOf(g.full, RETRY)), { kind: "valid" });
        assert.deepEqual(await inclusionVerdict(edited, proofOf(g.full, RETRY)), { kind: "valid" });
        const tampered = withFrame(g.full, RETRY, edited);
        assert.deepEqual(
          (await verifyResultSignatures(tampered, PROVIDER, g.keys, options)).frames[RETRY],
          ATTESTED,
          "signatures alone do not see it",
        );
        const recomputed = `sha256:${createHash("sha256").update("Retries never back off.", "utf8").digest("hex")}`;
        const bound = await report(tampered);
        const mismatch = {
          state: "invalid",
          verdict: { kind: "content_mismatch", signed: original.content_digest, recomputed },
        };
        assert.deepEqual(bound.frames[RETRY], mismatch);
        assert.deepEqual(bound.frames[BACKOFF], ATTESTED, "the untouched frame stays attested");
        assert.deepEqual(bound.result, mismatch, "the root over an altered frame is not what was signed either");
        assert.deepEqual(bound.bindings[RETRY], { kind: "mismatch", declared: original.content_digest, recomputed });
      });

      test("content_digest changed → commitment_mismatch (per-frame and via inclusion proof, with expected/signed)", async () => {
        const digest = await contentDigest("forged content");
        await assertTampered(
          RETRY,
          mutated(frameOf(g.full, RETRY), (f) => (f.content_digest = digest)),
        );
        await assertTampered(
          BACKOFF,
          mutated(frameOf(g.full, BACKOFF), (f) => (f.content_digest = digest)),
        );
      });

      test("content_digest changed in the frame but not in its entry → the entry is an orphan and the frame unattested, never attested", async () => {
        const forged = mutated(g.full, (r) => (frameOf(r, RETRY).content_digest = digestString(new Uint8Array(32))));
        const { frames, orphans } = await report(forged);
        assert.deepEqual(frames[RETRY], { state: "unattested" });
        assert.equal(orphans, 1);
      });

      test("content_digest stripped from a signed frame (downgrade to identity-only) → commitment_mismatch, never valid_identity_only", async () => {
        const { content_digest: _dropped, ...stripped } = frameOf(g.full, RETRY);
        await assertTampered(RETRY, stripped);
      });

      test("fields outside the commitment edited (title, kind, score, token_cost, uri, relations) → still valid (spec §3.6)", async () => {
        const edited = mutated(frameOf(g.full, RETRY), (f) => {
          Object.assign(f, {
            title: "forged title",
            kind: "decision",
            score: 1,
            token_cost: 1,
            uri: "repo://elsewhere",
          });
          f.relations = [{ rel: "supersedes", target_uri: "repo://x" }];
        });
        assert.deepEqual(await frameVerdict(edited, attestationOf(g.full, RETRY)), { kind: "valid" });
        assert.deepEqual(await inclusionVerdict(edited, proofOf(g.full, RETRY)), { kind: "valid" });
      });
    });

    describe("provenance", () => {
      test("a provenance link edited (one field: range) → commitment_mismatch", async () => {
        await assertTampered(
          RETRY,
          mutated(frameOf(g.full, RETRY), (f) => (linksOf(f)[0]!.range = "L10-L21")),
        );
      });

      test("a provenance link inserted → commitment_mismatch", async () => {
        const inserted: Provenance = { type: "file", uri: "src/forged.rs", digest: digestString(new Uint8Array(32)) };
        await assertTampered(
          RETRY,
          mutated(frameOf(g.full, RETRY), (f) => linksOf(f).splice(1, 0, inserted)),
        );
      });

      test("a provenance link removed → commitment_mismatch", async () => {
        await assertTampered(
          RETRY,
          mutated(frameOf(g.full, RETRY), (f) => linksOf(f).pop()),
        );
      });

      test("provenance links reordered → commitment_mismatch", async () => {
        await assertTampered(
          RETRY,
          mutated(frameOf(g.full, RETRY), (f) => linksOf(f).reverse()),
        );
      });

      test("an unknown extra member added to a link → still valid (not part of the link encoding, spec §3.4)", async () => {
        const edited = mutated(
          frameOf(g.full, RETRY),
          (f) => ((linksOf(f)[0] as Record<string, unknown>).note = "added in transit"),
        );
        assert.deepEqual(await frameVerdict(edited, attestationOf(g.full, RETRY)), { kind: "valid" });
      });
    });

    describe("identity", () => {
      test("frame id changed → commitment_mismatch", async () => {
        await assertTampered(
          BACKOFF,
          mutated(frameOf(g.full, BACKOFF), (f) => (f.id = "backoff-cap-v2")),
        );
      });

      test("provider name changed (verified as another provider) → commitment_mismatch; the result root invalid", async () => {
        const frame = frameOf(g.full, RETRY);
        const signed = attestationOf(g.full, RETRY);
        assert.deepEqual(await frameVerdict(frame, signed, g.publicKey, "repo-graph-mirror"), {
          kind: "commitment_mismatch",
          expected: frameCommitmentString("repo-graph-mirror", frame),
          signed: signed.signed_commitment,
        });
        assert.equal(
          (await inclusionVerdict(frame, proofOf(g.full, RETRY), rootOf(g.full), g.publicKey, "repo-graph-mirror"))
            .kind,
          "commitment_mismatch",
        );
        const { result, frames, orphans } = await report(g.full, g.keys, "repo-graph-mirror");
        assert.equal(kindOf(result), "invalid:commitment_mismatch");
        // Every entry names provider_id "repo-graph", so under another name they are orphans.
        assert.equal(orphans, g.full.frames.length);
        assert.deepEqual(
          frames,
          g.full.frames.map(() => ({ state: "unattested" })),
        );
      });

      test("lift-signature: a genuine per-frame signature lifted onto a frame with the same digest and provenance but another id → commitment_mismatch", async () => {
        const source = frameOf(g.full, RETRY);
        const lifted = attestationOf(g.full, RETRY);
        const twin = mutated(source, (f) => (f.id = "retry-policy-copy"));
        assert.deepEqual(await frameVerdict(twin, lifted), {
          kind: "commitment_mismatch",
          expected: frameCommitmentString(PROVIDER, twin),
          signed: lifted.signed_commitment,
        });
        const forged: SignedResult = {
          frames: [...g.perFrame.frames, twin],
          frame_attestations: [...entries(g.perFrame), { frame: frameIdOf(twin), attestation: lifted }],
        };
        const { frames } = await report(forged);
        assert.equal(kindOf(frames[4]), "invalid:commitment_mismatch");
        assert.deepEqual(
          frames.slice(0, 4),
          g.perFrame.frames.map(() => ATTESTED),
        );
      });
    });

    describe("signature and unsigned members", () => {
      test("a signature bit flipped (in R, in S) → bad_signature", async () => {
        const frame = frameOf(g.full, RETRY);
        const genuine = attestationOf(g.full, RETRY);
        for (const [byte, bit] of [
          [0, 0],
          [31, 7],
          [32, 0],
        ] as const) {
          const flipped = { ...genuine, signature: flipBit(genuine.signature, byte, bit) };
          assert.deepEqual(await frameVerdict(frame, flipped), { kind: "bad_signature" }, `byte ${byte} bit ${bit}`);
        }
        const forgedRoot = mutated(g.proofs, (r) => (rootOf(r).signature = flipBit(rootOf(r).signature, 32, 0)));
        const { result, frames } = await report(forgedRoot);
        assert.deepEqual(result, invalid({ kind: "bad_signature" }));
        assert.deepEqual(
          frames,
          g.proofs.frames.map(() => invalid({ kind: "bad_signature" })),
        );
      });

      test("S pushed to L or past it (S = L, S + L malleated, bit 252 set) → bad_signature with no engine call; S = L − 1 reaches the engine", async () => {
        const frame = frameOf(g.full, RETRY);
        const genuine = attestationOf(g.full, RETRY);
        const s = scalarS(genuine.signature);
        for (const [name, forgedS] of [
          ["S = L", ED25519_L],
          ["S + L", s + ED25519_L],
          ["S + 2^252", s + 2n ** 252n],
        ] as const) {
          const counter = countingEngine(engine);
          const forged = { ...genuine, signature: withScalarS(genuine.signature, forgedS) };
          assert.deepEqual(
            await frameVerdict(frame, forged, g.publicKey, PROVIDER, { engine: counter.engine }),
            { kind: "bad_signature" },
            name,
          );
          assert.equal(counter.calls(), 0, `${name}: refused by the canonical-S rule, not by an engine`);
        }
        const counter = countingEngine(engine);
        const largest = { ...genuine, signature: withScalarS(genuine.signature, ED25519_L - 1n) };
        assert.deepEqual(await frameVerdict(frame, largest, g.publicKey, PROVIDER, { engine: counter.engine }), {
          kind: "bad_signature",
        });
        assert.equal(counter.calls(), 1, "S = L − 1 is canonical: the engine decides");
      });

      test("key_id rewritten to another published key (wrong key) → bad_signature", async () => {
        const other = await signerFromSeed("22".repeat(32), { keyId: "other-key", attesterId: ATTESTER, engine });
        const frame = frameOf(g.full, RETRY);
        assert.deepEqual(await frameVerdict(frame, attestationOf(g.full, RETRY), other.attesterKey.public_key), {
          kind: "bad_signature",
        });
        const rekeyed = mutated(g.perFrame, (r) => (attestationOf(r, RETRY).key_id = "other-key"));
        const { frames } = await report(rekeyed, [...g.keys, other.attesterKey]);
        assert.deepEqual(frames[RETRY], invalid({ kind: "bad_signature" }));
      });

      test("attester_id and issued_at rewritten → still valid (they are not signed); the state echoes the unverified attester_id", async () => {
        const rewrite = (a: ProvenanceAttestation) =>
          Object.assign(a, { attester_id: "mallory", issued_at: "1999-01-01T00:00:00Z" });
        const forged = mutated(g.full, (r) => {
          rewrite(rootOf(r));
          for (const entry of entries(r)) rewrite(entry.attestation ?? assert.fail("no attestation"));
        });
        assert.deepEqual(await frameVerdict(frameOf(forged, RETRY), attestationOf(forged, RETRY)), { kind: "valid" });
        assert.deepEqual(await inclusionVerdict(frameOf(forged, RETRY), proofOf(forged, RETRY), rootOf(forged)), {
          kind: "valid",
        });
        const mallory: AttestationState = { ...ATTESTED, attesterId: "mallory" };
        const { result, frames } = await report(forged);
        assert.deepEqual(result, mallory);
        assert.deepEqual(
          frames,
          forged.frames.map(() => mallory),
        );
      });
    });

    describe("inclusion proof", () => {
      test("a proof sibling altered → commitment_mismatch", async () => {
        const frame = frameOf(g.proofs, BACKOFF);
        const proof = mutated(
          proofOf(g.proofs, BACKOFF),
          (p) => (p.path[0]!.sibling = `sha256:${flipBit(p.path[0]!.sibling.slice(7), 5, 3)}`),
        );
        assert.deepEqual(await inclusionVerdict(frame, proof), {
          kind: "commitment_mismatch",
          expected: replayedRoot(frame, proof),
          signed: rootOf(g.proofs).signed_commitment,
        });
        const { result, frames } = await report(
          mutated(g.proofs, (r) => (entryOf(r, BACKOFF).inclusion_proof = proof)),
        );
        assert.deepEqual(result, ATTESTED, "the root itself is untouched");
        assert.equal(kindOf(frames[BACKOFF]), "invalid:commitment_mismatch");
      });

      test("a tampered inclusion proof beside a genuine frame attestation → invalid, never attested (and a tampered attestation beside a genuine proof)", async () => {
        const frame = frameOf(g.full, BACKOFF);
        const proof = mutated(
          proofOf(g.full, BACKOFF),
          (p) => (p.path[0]!.sibling = `sha256:${flipBit(p.path[0]!.sibling.slice(7), 5, 3)}`),
        );
        const tamperedProof = await report(mutated(g.full, (r) => (entryOf(r, BACKOFF).inclusion_proof = proof)));
        assert.deepEqual(
          tamperedProof.frames[BACKOFF],
          invalid({
            kind: "commitment_mismatch",
            expected: replayedRoot(frame, proof),
            signed: rootOf(g.full).signed_commitment,
          }),
        );
        const forged = flipBit(attestationOf(g.full, BACKOFF).signature, 0, 0);
        const tamperedSignature = await report(mutated(g.full, (r) => (attestationOf(r, BACKOFF).signature = forged)));
        assert.deepEqual(tamperedSignature.frames[BACKOFF], invalid({ kind: "bad_signature" }));
        for (const { frames } of [tamperedProof, tamperedSignature]) {
          frames.forEach((state, n) => n !== BACKOFF && assert.deepEqual(state, ATTESTED, `untouched frame ${n}`));
        }
      });

      test("a proof side flipped → malformed_commitment (the path no longer has the shape its index implies)", async () => {
        const frame = frameOf(g.proofs, BACKOFF);
        const proof = mutated(
          proofOf(g.proofs, BACKOFF),
          (p) => (p.path[0]!.sibling_is_left = !p.path[0]!.sibling_is_left),
        );
        assert.deepEqual(await inclusionVerdict(frame, proof), { kind: "malformed_commitment" });
        const { frames } = await report(mutated(g.proofs, (r) => (entryOf(r, BACKOFF).inclusion_proof = proof)));
        assert.equal(kindOf(frames[BACKOFF]), "invalid:malformed_commitment");
      });

      test("leaf_index lied about (in range, path kept) → not valid (commitment_mismatch or malformed_commitment)", async () => {
        const genuine = proofOf(g.proofs, BACKOFF);
        const frame = frameOf(g.proofs, BACKOFF);
        const lie = (genuine.leaf_index + 2) % genuine.leaf_count; // another leaf's index, whose path has another shape
        const proof = { ...genuine, leaf_index: lie };
        assert.match((await inclusionVerdict(frame, proof)).kind, /^(commitment_mismatch|malformed_commitment)$/);
        const { frames } = await report(mutated(g.proofs, (r) => (entryOf(r, BACKOFF).inclusion_proof = proof)));
        assert.match(kindOf(frames[BACKOFF]), /^invalid:(commitment_mismatch|malformed_commitment)$/);
      });

      test("leaf_count lied about (in range, path kept) → not valid (commitment_mismatch or malformed_commitment)", async () => {
        const genuine = proofOf(g.proofs, BACKOFF);
        const frame = frameOf(g.proofs, BACKOFF);
        const proof = { ...genuine, leaf_count: genuine.leaf_count * 2 }; // a tree twice the size needs one more step
        assert.match((await inclusionVerdict(frame, proof)).kind, /^(commitment_mismatch|malformed_commitment)$/);
        const { frames } = await report(mutated(g.proofs, (r) => (entryOf(r, BACKOFF).inclusion_proof = proof)));
        assert.match(kindOf(frames[BACKOFF]), /^invalid:(commitment_mismatch|malformed_commitment)$/);
      });

      test("leaf_index ≥ leaf_count → malformed_commitment", async () => {
        const genuine = proofOf(g.proofs, BACKOFF);
        const frame = frameOf(g.proofs, BACKOFF);
        for (const proof of [
          { ...genuine, leaf_index: genuine.leaf_count },
          { ...genuine, leaf_count: genuine.leaf_index },
        ]) {
          assert.deepEqual(
            await inclusionVerdict(frame, proof),
            { kind: "malformed_commitment" },
            JSON.stringify(proof),
          );
          const { frames } = await report(mutated(g.proofs, (r) => (entryOf(r, BACKOFF).inclusion_proof = proof)));
          assert.deepEqual(frames[BACKOFF], invalid({ kind: "malformed_commitment" }));
        }
      });

      test("a proof longer than 64 steps → malformed_commitment, with no signature verified", async () => {
        const frame = frameOf(g.proofs, BACKOFF);
        const proof = { ...proofOf(g.proofs, BACKOFF), path: longPath(65) };
        const counter = countingEngine(engine);
        assert.deepEqual(
          await inclusionVerdict(frame, proof, rootOf(g.proofs), g.publicKey, PROVIDER, { engine: counter.engine }),
          { kind: "malformed_commitment" },
        );
        assert.equal(counter.calls(), 0, "no Ed25519 verification for an over-long proof");
        const hostCounter = countingEngine(engine);
        const { frames } = await report(
          mutated(g.proofs, (r) => (entryOf(r, BACKOFF).inclusion_proof = proof)),
          g.keys,
          PROVIDER,
          { engine: hostCounter.engine },
        );
        assert.deepEqual(frames[BACKOFF], invalid({ kind: "malformed_commitment" }));
        assert.equal(hostCounter.calls(), 1, "only the root signature, verified once for the whole result");
      });

      test("a malformed proof sibling (uppercase, short, wrong prefix, non-hex) → malformed_commitment", async () => {
        const frame = frameOf(g.proofs, BACKOFF);
        const sibling = proofOf(g.proofs, BACKOFF).path[0]?.sibling ?? assert.fail("empty path");
        for (const bad of [
          upperDigest(sibling),
          sibling.slice(0, -2),
          `sha512:${sibling.slice(7)}`,
          sibling.slice(7),
          nonHexTail(sibling),
        ]) {
          const proof = mutated(proofOf(g.proofs, BACKOFF), (p) => (p.path[0]!.sibling = bad));
          assert.deepEqual(await inclusionVerdict(frame, proof), { kind: "malformed_commitment" }, bad);
          const { frames } = await report(mutated(g.proofs, (r) => (entryOf(r, BACKOFF).inclusion_proof = proof)));
          assert.deepEqual(frames[BACKOFF], invalid({ kind: "malformed_commitment" }), bad);
        }
      });
    });

    describe("result root", () => {
      test("result root swapped (signed_commitment replaced by another real root) → result invalid with commitment_mismatch", async () => {
        const genuineRoot = rootOf(g.proofs).signed_commitment;
        const otherRoot = rootString(g.proofs.frames.slice(0, 3));
        assert.notEqual(otherRoot, genuineRoot);
        const { result, frames } = await report(mutated(g.proofs, (r) => (rootOf(r).signed_commitment = otherRoot)));
        assert.deepEqual(result, invalid({ kind: "commitment_mismatch", expected: genuineRoot, signed: otherRoot }));
        for (const state of frames) assert.equal(kindOf(state), "invalid:commitment_mismatch");
      });

      test("a frame dropped from the signed result → result invalid with commitment_mismatch (the remaining proofs still attest membership)", async () => {
        const dropped = mutated(g.proofs, (r) => {
          r.frames.pop();
          entries(r).pop();
        });
        const { result, frames } = await report(dropped);
        assert.deepEqual(
          result,
          invalid({
            kind: "commitment_mismatch",
            expected: rootString(dropped.frames),
            signed: rootOf(g.proofs).signed_commitment,
          }),
        );
        assert.deepEqual(
          frames,
          dropped.frames.map(() => ATTESTED),
        );
      });

      test("a frame injected into the signed result → result invalid with commitment_mismatch; the injected frame unattested", async () => {
        const injected = contentFrame("injected", "trust me", [FILE_LINK], await contentDigest("trust me"));
        const forged = mutated(g.proofs, (r) => r.frames.push(injected));
        const { result, frames } = await report(forged);
        assert.deepEqual(
          result,
          invalid({
            kind: "commitment_mismatch",
            expected: rootString(forged.frames),
            signed: rootOf(g.proofs).signed_commitment,
          }),
        );
        assert.deepEqual(frames.at(-1), { state: "unattested" });
        assert.deepEqual(
          frames.slice(0, -1),
          g.proofs.frames.map(() => ATTESTED),
        );
      });
    });

    describe("keys and algorithm", () => {
      test("unknown key_id → no_trusted_key, with no signature verified", async () => {
        const forged = mutated(g.full, (r) => {
          rootOf(r).key_id = "unknown-key";
          for (const entry of entries(r)) (entry.attestation ?? assert.fail("no attestation")).key_id = "unknown-key";
        });
        const counter = countingEngine(engine);
        const { result, frames } = await report(forged, g.keys, PROVIDER, { engine: counter.engine });
        assert.deepEqual(result, { state: "no_trusted_key", keyId: "unknown-key" });
        assert.deepEqual(
          frames,
          forged.frames.map(() => ({ state: "no_trusted_key", keyId: "unknown-key" })),
        );
        assert.equal(counter.calls(), 0);
      });

      test("a small-order key published as the attester key (with the identity-point forgery) → malformed_key, never valid", async () => {
        const frame = frameOf(g.full, RETRY);
        // Under the identity key, R = identity and S = 0 satisfy the cofactored equation for any message.
        const forgery = { ...attestationOf(g.full, RETRY), signature: IDENTITY_KEY + "00".repeat(32) };
        const counter = countingEngine(engine);
        assert.deepEqual(await frameVerdict(frame, forgery, IDENTITY_KEY, PROVIDER, { engine: counter.engine }), {
          kind: "malformed_key",
        });
        for (const key of SMALL_ORDER_KEYS) {
          assert.deepEqual(
            await frameVerdict(frame, attestationOf(g.full, RETRY), key, PROVIDER, { engine: counter.engine }),
            { kind: "malformed_key" },
            key,
          );
        }
        assert.equal(counter.calls(), 0, "a refused key costs no signature work");
        const published: AttesterKey[] = [{ key_id: KEY_ID, algorithm: "ed25519", public_key: IDENTITY_KEY }];
        const { frames } = await report(
          mutated(g.perFrame, (r) => (entryOf(r, RETRY).attestation = forgery)),
          published,
        );
        assert.deepEqual(frames[RETRY], invalid({ kind: "malformed_key" }));
      });

      test("a non-canonical key (y ≥ p) → malformed_key", async () => {
        assert.ok(NON_CANONICAL_KEYS.length > 0);
        for (const key of NON_CANONICAL_KEYS) {
          assert.deepEqual(
            await frameVerdict(frameOf(g.full, RETRY), attestationOf(g.full, RETRY), key),
            { kind: "malformed_key" },
            key,
          );
          const { result } = await report(g.proofs, [{ ...g.signer.attesterKey, public_key: key }]);
          assert.deepEqual(result, invalid({ kind: "malformed_key" }), key);
        }
      });

      test("malformed public key hex (uppercase, 63 chars, 66 chars, non-hex, empty) → malformed_key", async () => {
        const key = g.publicKey;
        for (const bad of [upperHex(key), key.slice(0, 63), `${key}00`, nonHexTail(key), ""]) {
          assert.deepEqual(
            await frameVerdict(frameOf(g.full, RETRY), attestationOf(g.full, RETRY), bad),
            { kind: "malformed_key" },
            bad,
          );
          const { result } = await report(g.proofs, [{ ...g.signer.attesterKey, public_key: bad }]);
          assert.deepEqual(result, invalid({ kind: "malformed_key" }), bad);
        }
      });

      test("unknown algorithm (ed448, Ed25519) → unknown_algorithm verdict and state, with no signature verified", async () => {
        for (const algorithm of ["ed448", "Ed25519"]) {
          const counter = countingEngine(engine);
          const rewritten = { ...attestationOf(g.full, RETRY), algorithm };
          assert.deepEqual(
            await frameVerdict(frameOf(g.full, RETRY), rewritten, g.publicKey, PROVIDER, { engine: counter.engine }),
            { kind: "unknown_algorithm", algorithm },
          );
          const forged = mutated(g.proofs, (r) => (rootOf(r).algorithm = algorithm));
          const { result, frames } = await report(forged, g.keys, PROVIDER, { engine: counter.engine });
          assert.deepEqual(result, { state: "unknown_algorithm", algorithm });
          assert.deepEqual(
            frames,
            forged.frames.map(() => ({ state: "unknown_algorithm", algorithm })),
          );
          assert.equal(counter.calls(), 0, algorithm);
        }
      });
    });

    describe("malformed hex in signed_commitment and signature", () => {
      const cases = (genuine: string) => ({
        uppercase: upperDigest(genuine),
        short: genuine.slice(0, -1),
        "non-hex": nonHexTail(genuine),
      });

      test("malformed signed_commitment (uppercase, short, non-hex) → malformed_commitment", async () => {
        const genuine = attestationOf(g.full, RETRY);
        for (const [name, bad] of Object.entries(cases(genuine.signed_commitment))) {
          assert.deepEqual(
            await frameVerdict(frameOf(g.full, RETRY), { ...genuine, signed_commitment: bad }),
            { kind: "malformed_commitment" },
            name,
          );
          assert.deepEqual(
            await verifyCommitment(
              frameCommitment(PROVIDER, frameOf(g.full, RETRY)),
              { ...genuine, signed_commitment: bad },
              g.publicKey,
              options,
            ),
            { kind: "malformed_commitment" },
            name,
          );
        }
      });

      test("malformed signed_commitment as host state: 71 chars → invalid(malformed_commitment); wrong length → unusable_evidence (spec §3.13)", async () => {
        const expected: Record<string, string> = {
          uppercase: "invalid:malformed_commitment",
          short: "unusable_evidence",
          "non-hex": "invalid:malformed_commitment",
        };
        for (const [name, bad] of Object.entries(cases(attestationOf(g.full, RETRY).signed_commitment))) {
          const { frames } = await report(
            mutated(g.perFrame, (r) => (attestationOf(r, RETRY).signed_commitment = bad)),
          );
          assert.equal(kindOf(frames[RETRY]), expected[name], name);
        }
      });

      test("malformed signature hex (uppercase, 127 chars, non-hex) → malformed_signature", async () => {
        const genuine = attestationOf(g.full, RETRY);
        for (const bad of [
          upperHex(genuine.signature),
          genuine.signature.slice(0, 127),
          nonHexTail(genuine.signature),
          `${genuine.signature}00`,
        ]) {
          assert.deepEqual(
            await frameVerdict(frameOf(g.full, RETRY), { ...genuine, signature: bad }),
            { kind: "malformed_signature" },
            bad,
          );
        }
      });

      test("malformed signature as host state: 128 chars → invalid(malformed_signature); wrong length → unusable_evidence (spec §3.13)", async () => {
        const signature = attestationOf(g.full, RETRY).signature;
        const expected: [string, string][] = [
          [upperHex(signature), "invalid:malformed_signature"],
          [nonHexTail(signature), "invalid:malformed_signature"],
          [signature.slice(0, 127), "unusable_evidence"],
          [`${signature}00`, "unusable_evidence"],
        ];
        for (const [bad, kind] of expected) {
          const { frames } = await report(mutated(g.perFrame, (r) => (attestationOf(r, RETRY).signature = bad)));
          assert.equal(kindOf(frames[RETRY]), kind, bad);
        }
      });
    });

    describe("frames without content_digest", () => {
      test("a reference frame covered by the signed root only → valid_identity_only, never valid; state attested with coversContent false", async () => {
        const reference = referenceFrame("retry-design-doc", [FILE_LINK, DERIVATION_LINK]);
        const signed = await attestResult({ frames: [...(await genuineFrames()), reference] }, PROVIDER, g.signer, {
          issuedAt: ISSUED_AT,
        });
        const i = signed.frames.length - 1;
        assert.equal(frameOf(signed, i).content_digest, undefined);
        assert.deepEqual(await inclusionVerdict(frameOf(signed, i), proofOf(signed, i), rootOf(signed)), {
          kind: "valid_identity_only",
        });
        const { result, frames } = await report(signed);
        assert.equal(result.state, "attested");
        assert.deepEqual(frames[i], { ...ATTESTED, coversContent: false });
        assert.deepEqual(
          frames.slice(0, i),
          signed.frames.slice(0, i).map(() => ATTESTED),
        );
      });

      test("a per-frame signature over a digest-less frame → valid_identity_only, never valid (and signFrameAttestation refuses to make one, F14)", async () => {
        const reference = referenceFrame("retry-design-doc", [FILE_LINK]);
        const commitment = frameCommitment(PROVIDER, reference);
        const attestation = await signCommitment(commitment, g.signer, { issuedAt: ISSUED_AT });
        assert.deepEqual(await frameVerdict(reference, attestation), { kind: "valid_identity_only" });
        assert.deepEqual(
          await verifyCommitment(commitment, attestation, g.publicKey, options),
          { kind: "valid" },
          "verify_commitment alone never downgrades",
        );
        const { frames } = await report({
          frames: [reference],
          frame_attestations: [{ frame: frameIdOf(reference), attestation }],
        });
        assert.deepEqual(frames, [{ ...ATTESTED, coversContent: false }]);
        await assert.rejects(
          signFrameAttestation(PROVIDER, reference, g.signer),
          (error) => error instanceof AttestationError && error.code === "unsigned_frame",
        );
      });
    });

    describe("orphans", () => {
      const baseline = async () => (await report(g.full)).frames;

      test("an entry naming a frame not in the result → counted as an orphan, frame states unaffected", async () => {
        const ghost: FrameAttestation = {
          ...entryOf(g.full, RETRY),
          frame: { ...entryOf(g.full, RETRY).frame, frame_id: "not-in-this-result" },
        };
        const { result, frames, orphans } = await report(mutated(g.full, (r) => entries(r).push(ghost)));
        assert.equal(orphans, 1);
        assert.deepEqual(frames, await baseline());
        assert.deepEqual(result, ATTESTED);
      });

      test("an entry naming another provider id → counted as an orphan, frame states unaffected", async () => {
        const foreign: FrameAttestation = {
          ...entryOf(g.full, RETRY),
          frame: { ...entryOf(g.full, RETRY).frame, provider_id: "other-provider" },
        };
        const { frames, orphans } = await report(mutated(g.full, (r) => entries(r).push(foreign)));
        assert.equal(orphans, 1);
        assert.deepEqual(frames, await baseline());
      });

      test("an orphan in place of a frame's own entry (within the entry bound) → one orphan; that frame unattested, the others unaffected", async () => {
        const ghost: FrameAttestation = {
          ...entryOf(g.full, BACKOFF),
          frame: { ...entryOf(g.full, BACKOFF).frame, frame_id: "not-in-this-result" },
        };
        const { frames, orphans } = await report(mutated(g.full, (r) => (entries(r)[BACKOFF] = ghost)));
        assert.equal(orphans, 1);
        assert.deepEqual(frames[BACKOFF], { state: "unattested" });
        assert.deepEqual(
          frames.filter((_, n) => n !== BACKOFF),
          (await baseline()).filter((_, n) => n !== BACKOFF),
        );
      });
    });
  });
}

// ---- engine detection --------------------------------------------------------------------------------------

describe("detectEngine", () => {
  /** `crypto.subtle` with Ed25519 removed from `importKey`, as in a runtime without it. */
  function subtleWithoutEd25519(): { subtle: SubtleCrypto; refusals: () => number } {
    const real = crypto.subtle;
    let refusals = 0;
    const isEd25519 = (algorithm: unknown) =>
      (typeof algorithm === "string" ? algorithm : (algorithm as { name?: string } | null)?.name)?.toLowerCase() ===
      "ed25519";
    const subtle = {
      importKey: (...args: Parameters<SubtleCrypto["importKey"]>) => {
        if (isEd25519(args[2])) {
          refusals += 1;
          return Promise.reject(new DOMException("Unrecognized algorithm name", "NotSupportedError"));
        }
        return real.importKey(...args);
      },
      verify: real.verify.bind(real),
      sign: real.sign.bind(real),
      exportKey: real.exportKey.bind(real),
      digest: real.digest.bind(real),
    } as unknown as SubtleCrypto;
    return { subtle, refusals: () => refusals };
  }

  test("falls back to noble when SubtleCrypto's importKey rejects Ed25519", async () => {
    const { subtle, refusals } = subtleWithoutEd25519();
    const engine = await detectEngine(subtle);
    assert.equal(engine.name, "noble");
    assert.ok(refusals() > 0, "the WebCrypto probe was tried first");
    // And the fallback works: it verifies a genuine attestation.
    const signer = await signerFromSeed(SEED, { keyId: KEY_ID, attesterId: ATTESTER, engine });
    const frame = (await genuineFrames())[RETRY]!;
    const { attestation } = await signFrameAttestation(PROVIDER, frame, signer);
    assert.deepEqual(
      await verifyFrameAttestation(
        PROVIDER,
        frame,
        attestation ?? assert.fail("no attestation"),
        signer.attesterKey.public_key,
        { engine },
      ),
      { kind: "valid" },
    );
  });

  test("picks webcrypto with the real crypto.subtle", async () => {
    assert.equal((await detectEngine(crypto.subtle)).name, "webcrypto");
  });
});

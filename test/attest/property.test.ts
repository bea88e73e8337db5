// Property tests of attestation (spec §3): random results signed with attestResult verify, in any wire order;
// any change to what the commitment binds is detected, and a change to anything else is not.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import {
  type AttestationState,
  attestResult,
  canonicalOrder,
  compareUtf8,
  type ContextFrame,
  digestString,
  type FrameAttestation,
  frameCommitment,
  inclusionProof,
  merkleRoot,
  type Provenance,
  type ProvenanceAttestation,
  rootFromProof,
  type Signer,
  signerFromSeed,
  verifyFrameInclusion,
  verifyResultSignatures,
  webCryptoEngine,
} from "../support/lib.ts";
import { seededRandom } from "../support/random.ts";

type Rng = () => number;

interface SignedResult {
  frames: ContextFrame[];
  truncated: boolean;
  frame_attestations?: FrameAttestation[] | undefined;
  result_attestation?: ProvenanceAttestation | undefined;
}

const ENGINE = webCryptoEngine();
const OPTIONS = { engine: ENGINE };
const PROVIDER = "repo-graph/日本～😀";
const ISSUED_AT = "2026-08-29T12:00:00Z";
const HEX = "0123456789abcdef";
const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

// ASCII, 2-, 3- and 4-byte UTF-8, the U+E000…U+FFFF vs astral trap (spec §3.7) and the UTF-8 length-class boundaries.
const ALPHABET = [
  "a",
  "b",
  "c",
  "z",
  "A",
  "Z",
  "0",
  "9",
  "-",
  "_",
  "/",
  ".",
  " ",
  "~",
  "\u007f",
  "é",
  "\u0080",
  "\u07ff",
  "日",
  "\u0800",
  "～",
  "\ue000",
  "\uffff",
  "😀",
  "𝄞",
  "\u{10000}",
  "\u{10ffff}",
];
const ID_ALPHABET = ["a", "b", "é", "日", "～", "\ue000", "😀", "𝄞"];

// ---------- generators ----------

const int = (rnd: Rng, min: number, max: number): number => min + Math.floor(rnd() * (max - min + 1));
const pick = <T>(rnd: Rng, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

function randomString(rnd: Rng, minChars: number, maxChars: number, alphabet: readonly string[] = ALPHABET): string {
  let out = "";
  const length = int(rnd, minChars, maxChars);
  for (let i = 0; i < length; i++) out += pick(rnd, alphabet);
  return out;
}

function randomHex(rnd: Rng, chars: number): string {
  let out = "";
  for (let i = 0; i < chars; i++) out += HEX[Math.floor(rnd() * 16)]!;
  return out;
}

/** An optional string member: absent, present-but-empty, or present. */
function randomOptional(rnd: Rng): string | undefined {
  const r = rnd();
  if (r < 0.4) return undefined;
  if (r < 0.55) return "";
  return randomString(rnd, 1, 12);
}

const LINK_FIELDS = ["uri", "range", "digest", "method", "by"] as const;
type LinkField = (typeof LINK_FIELDS)[number];

function randomLink(rnd: Rng): Provenance {
  const link: Provenance = {
    type: rnd() < 0.6 ? pick(rnd, ["file", "derivation", "fetch", ""]) : randomString(rnd, 1, 8),
  };
  for (const field of LINK_FIELDS) {
    const value = field === "digest" && rnd() < 0.3 ? `sha256:${randomHex(rnd, 64)}` : randomOptional(rnd);
    if (value !== undefined) link[field] = value;
  }
  return link;
}

function randomDigest(rnd: Rng): string | undefined {
  const r = rnd();
  if (r < 0.35) return undefined;
  if (r < 0.75) return `sha256:${randomHex(rnd, 64)}`;
  if (r < 0.8) return "";
  return randomString(rnd, 1, 10); // non-grammatical digests still encode verbatim (spec §3.6)
}

function identityKey(frame: { id: string; content_digest?: string | undefined }): string {
  return JSON.stringify([frame.id, frame.content_digest ?? null]);
}

/**
 * `n` frames with distinct identities (a provider never emits two equal ones, spec §3.7), ids sometimes shared
 * with a different digest so the digest tie-break is exercised. Digest-less frames carry no `content`, so
 * attestResult has nothing to fill in (spec §3.10, F14) and they stay identity-only.
 */
function randomFrames(rnd: Rng, n: number): ContextFrame[] {
  const frames: ContextFrame[] = [];
  const identities = new Set<string>();
  while (frames.length < n) {
    const id =
      frames.length > 0 && rnd() < 0.15
        ? pick(rnd, frames).id
        : rnd() < 0.5
          ? randomString(rnd, 0, 4, ID_ALPHABET)
          : randomString(rnd, 1, 10);
    const digest = randomDigest(rnd);
    const frame: ContextFrame = {
      id,
      kind: "document",
      title: randomString(rnd, 0, 8),
      score: Math.round(rnd() * 1000) / 1000,
      token_cost: int(rnd, 0, 5000),
    };
    if (digest !== undefined) {
      frame.content_digest = digest;
      if (rnd() < 0.7) frame.content = randomString(rnd, 0, 20);
    }
    const links = int(rnd, 0, 3);
    if (links > 0) frame.provenance = Array.from({ length: links }, () => randomLink(rnd));
    else if (rnd() < 0.3) frame.provenance = [];
    if (identities.has(identityKey(frame))) continue;
    identities.add(identityKey(frame));
    frames.push(frame);
  }
  return frames;
}

function shuffled<T>(rnd: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// ---------- mutations ----------

/** Replaces one hex char of `text` at or after `from` by a different lowercase hex char. */
function flipHexChar(rnd: Rng, text: string, from = 0): string {
  const at = int(rnd, from, text.length - 1);
  const old = text[at]!;
  const replacement = pick(
    rnd,
    [...HEX].filter((c) => c !== old),
  );
  return text.slice(0, at) + replacement + text.slice(at + 1);
}

/** A different string one small edit away: a UTF-8 byte changed (still valid UTF-8), a char replaced, inserted or removed. */
function mutateString(rnd: Rng, text: string): string {
  const chars = Array.from(text);
  const mode = chars.length === 0 ? "insert" : pick(rnd, ["byte", "replace", "insert", "delete"] as const);
  let out = text;
  if (mode === "byte") {
    const bytes = utf8.encode(text);
    for (let attempt = 0; attempt < 20 && out === text; attempt++) {
      const copy = new Uint8Array(bytes);
      const at = Math.floor(rnd() * copy.length);
      copy[at] = copy[at]! ^ (1 << Math.floor(rnd() * 8));
      try {
        out = strictUtf8.decode(copy);
      } catch {
        out = text; // not UTF-8 any more: a string field cannot carry it; try another byte
      }
    }
  }
  if (out === text) {
    const at = Math.floor(rnd() * (chars.length + 1));
    if (mode === "delete") chars.splice(Math.min(at, chars.length - 1), 1);
    else if (mode === "insert" || mode === "byte") chars.splice(at, 0, pick(rnd, ALPHABET));
    else {
      const index = Math.min(at, chars.length - 1);
      chars[index] = pick(
        rnd,
        ALPHABET.filter((c) => c !== chars[index]),
      );
    }
    out = chars.join("");
  }
  assert.notEqual(out, text);
  return out;
}

/** Mutates an optional link member: a char/byte change when present, or presence flipped (absent ↔ ""). */
function mutateLinkField(rnd: Rng, link: Provenance, field: LinkField | "type"): string {
  if (field === "type") {
    const before = link.type;
    link.type = mutateString(rnd, link.type);
    return `type ${JSON.stringify(before)} -> ${JSON.stringify(link.type)}`;
  }
  const before = link[field];
  if (before === undefined) {
    link[field] = "";
    return `${field} absent -> ""`;
  }
  if (before === "" || rnd() < 0.7) {
    if (before === "" && rnd() < 0.5) {
      delete link[field];
      return `${field} "" -> absent`;
    }
    link[field] = mutateString(rnd, before);
    return `${field} ${JSON.stringify(before)} -> ${JSON.stringify(link[field])}`;
  }
  delete link[field];
  return `${field} ${JSON.stringify(before)} -> absent`;
}

// ---------- references written independently of src/attest ----------

/** UTF-8 byte order from TextEncoder bytes (spec §3.7), the reference for compareUtf8/canonicalOrder. */
function referenceCompare(a: string, b: string): number {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

function referenceIdentityCompare(
  a: { id: string; content_digest?: string | undefined },
  b: { id: string; content_digest?: string | undefined },
): number {
  const byId = referenceCompare(a.id, b.id);
  if (byId !== 0) return byId;
  if (a.content_digest === undefined) return b.content_digest === undefined ? 0 : -1;
  if (b.content_digest === undefined) return 1;
  return referenceCompare(a.content_digest, b.content_digest);
}

/** The stable reference canonical order (Array.prototype.sort is stable since ES2019). */
function referenceOrder(frames: readonly { id: string; content_digest?: string | undefined }[]): number[] {
  return frames.map((_, i) => i).sort((i, j) => referenceIdentityCompare(frames[i]!, frames[j]!));
}

function nodeSha256(...parts: Uint8Array[]): Uint8Array {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
}

/** MTH of spec §3.7 with node:crypto, straight from the recursive definition. */
function referenceMth(commitments: readonly Uint8Array[]): Uint8Array {
  if (commitments.length === 0) return nodeSha256(utf8.encode("contextgraph/attest/1/merkle-empty"));
  if (commitments.length === 1) return nodeSha256(Uint8Array.of(0), commitments[0]!);
  let k = 1;
  while (k * 2 < commitments.length) k *= 2;
  return nodeSha256(Uint8Array.of(1), referenceMth(commitments.slice(0, k)), referenceMth(commitments.slice(k)));
}

/** The RFC 6962 side sequence of leaf `index` of `count`, leaf-upward: the shape rule of spec §3.8 [later revision]. */
function referenceSides(index: number, count: number): boolean[] {
  const sides: boolean[] = [];
  let [i, m] = [index, count];
  while (m > 1) {
    let k = 1;
    while (k * 2 < m) k *= 2;
    if (i < k) [sides[sides.length], m] = [false, k];
    else [sides[sides.length], i, m] = [true, i - k, m - k];
  }
  return sides.reverse();
}

// ---------- helpers ----------

const seedHex = (rnd: Rng) => randomHex(rnd, 64);

async function makeSigner(rnd: Rng): Promise<Signer> {
  return signerFromSeed(seedHex(rnd), { keyId: "key-2026-08", attesterId: PROVIDER, engine: ENGINE });
}

async function signedResult(
  rnd: Rng,
  signer: Signer,
  n: number,
): Promise<{ frames: ContextFrame[]; result: SignedResult }> {
  const frames = randomFrames(rnd, n);
  const result = await attestResult({ frames: structuredClone(frames), truncated: false }, PROVIDER, signer, {
    issuedAt: ISSUED_AT,
  });
  return { frames, result };
}

function attestedState(
  state: AttestationState | undefined,
  message: string,
): Extract<AttestationState, { state: "attested" }> {
  assert.ok(state, message);
  assert.equal(state.state, "attested", `${message}: ${JSON.stringify(state)}`);
  return state as Extract<AttestationState, { state: "attested" }>;
}

async function verify(result: SignedResult, signer: Signer) {
  return verifyResultSignatures(result, PROVIDER, [signer.attesterKey], OPTIONS);
}

/** Every frame and the result attested, with content coverage exactly for frames with a digest. */
function assertAllAttested(
  report: Awaited<ReturnType<typeof verify>>,
  frames: readonly ContextFrame[],
  message: string,
): void {
  attestedState(report.result, `${message}: result`);
  assert.equal(report.frames.length, frames.length, message);
  assert.equal(report.orphans, 0, message);
  frames.forEach((frame, i) => {
    const state = attestedState(report.frames[i], `${message}: frame ${i}`);
    assert.equal(state.coversContent, frame.content_digest !== undefined, `${message}: frame ${i} coversContent`);
  });
}

const SIZES = [0, 1, 2, 3, 7, 8, 9, 64, 65, 300];
const sizeRnd = seededRandom(0x51_2e5);
const RANDOM_SIZES = Array.from({ length: 5 }, () => int(sizeRnd, 4, 200));

// ---------- 1. canonical order ----------

describe("canonical order (spec §3.7)", () => {
  test("compareUtf8 agrees with TextEncoder byte order on 20000 random pairs (seed 0xC0FFEE)", () => {
    const rnd = seededRandom(0xc0ffee);
    let utf16Disagreements = 0;
    for (let n = 0; n < 20000; n++) {
      const a = randomString(rnd, 0, 6);
      const b = rnd() < 0.1 ? a : rnd() < 0.3 ? a + randomString(rnd, 1, 2) : randomString(rnd, 0, 6);
      const expected = Math.sign(referenceCompare(a, b));
      assert.equal(Math.sign(compareUtf8(a, b)), expected, `compareUtf8(${JSON.stringify(a)}, ${JSON.stringify(b)})`);
      const utf16 = a < b ? -1 : a > b ? 1 : 0;
      if (utf16 !== expected) utf16Disagreements += 1;
    }
    // The generator really hits the JS trap, so the agreement above is meaningful.
    assert.ok(utf16Disagreements > 100, `only ${utf16Disagreements} UTF-16/UTF-8 disagreements generated`);
    assert.ok(compareUtf8("～", "😀") < 0 && "😀" < "～");
    assert.ok(compareUtf8("\ue000", "𝄞") < 0 && "𝄞" < "\ue000");
  });

  test("canonicalOrder is the stable reference sort: UTF-8 ids, absent digest first (seed 0x0DE5)", () => {
    const rnd = seededRandom(0x0de5);
    let tieBreaks = 0;
    for (let round = 0; round < 400; round++) {
      const n = int(rnd, 0, 40);
      // Duplicate identities allowed here, to check stability.
      const frames = Array.from({ length: n }, () => {
        const frame: { id: string; content_digest?: string } = { id: randomString(rnd, 0, 3, ID_ALPHABET) };
        const digest =
          rnd() < 0.4 ? undefined : pick(rnd, ["", "sha256:ab", "sha256:～", "sha256:😀", randomString(rnd, 0, 3)]);
        if (digest !== undefined) frame.content_digest = digest;
        return frame;
      });
      const order = canonicalOrder(frames);
      assert.deepEqual(
        [...order].sort((a, b) => a - b),
        frames.map((_, i) => i),
        "a permutation",
      );
      assert.deepEqual(order, referenceOrder(frames), `round ${round}`);
      for (let k = 1; k < order.length; k++) {
        const a = frames[order[k - 1]!]!;
        const b = frames[order[k]!]!;
        const byId = referenceCompare(a.id, b.id);
        assert.ok(byId <= 0);
        if (byId === 0) {
          tieBreaks += 1;
          assert.ok(!(a.content_digest !== undefined && b.content_digest === undefined), "absent digest sorts first");
          if (a.content_digest !== undefined && b.content_digest !== undefined) {
            const byDigest = referenceCompare(a.content_digest, b.content_digest);
            assert.ok(byDigest <= 0);
            if (byDigest === 0) assert.ok(order[k - 1]! < order[k]!, "stable for equal identities");
          } else if (a.content_digest === undefined && b.content_digest === undefined) {
            assert.ok(order[k - 1]! < order[k]!, "stable for equal identities");
          }
        }
      }
    }
    assert.ok(tieBreaks > 500, `only ${tieBreaks} id ties exercised`);
  });
});

// ---------- 2. honest results verify ----------

describe("attestResult → verification, honest results", () => {
  const cases = [
    ...SIZES.map((n, k) => ({ n, seed: 0xa11ce + k })),
    ...RANDOM_SIZES.map((n, k) => ({ n, seed: 0xb0b + k })),
  ];
  for (const { n, seed } of cases) {
    test(`n=${n} frames (seed 0x${seed.toString(16)})`, async () => {
      const rnd = seededRandom(seed);
      const signer = await makeSigner(rnd);
      const { frames, result } = await signedResult(rnd, signer, n);
      assert.deepEqual(
        result.frames,
        frames,
        "attestResult leaves frames as given (digest-less frames carry no content)",
      );
      const rootAttestation = result.result_attestation;
      assert.ok(rootAttestation);
      const entries = result.frame_attestations ?? [];
      assert.equal(entries.length, n);

      // The signed root is MTH over the canonically ordered commitments, recomputed independently.
      const commitments = frames.map((frame) => frameCommitment(PROVIDER, frame));
      const order = referenceOrder(frames);
      assert.deepEqual(canonicalOrder(frames), order);
      const sorted = order.map((i) => commitments[i]!);
      const root = merkleRoot(sorted);
      assert.deepEqual(root, referenceMth(sorted));
      assert.equal(rootAttestation.signed_commitment, digestString(root));

      const leafOf = new Array<number>(n);
      order.forEach((frameIndex, leaf) => (leafOf[frameIndex] = leaf));
      const verdicts = await Promise.all(
        frames.map(async (frame, i) => {
          const entry = entries[i]!;
          assert.deepEqual(entry.frame, {
            provider_id: PROVIDER,
            frame_id: frame.id,
            ...(frame.content_digest === undefined ? {} : { content_digest: frame.content_digest }),
          });
          assert.equal(entry.attestation, undefined);
          const proof = entry.inclusion_proof;
          assert.ok(proof);
          assert.equal(proof.leaf_index, leafOf[i]);
          assert.equal(proof.leaf_count, n);
          assert.deepEqual(proof, inclusionProof(sorted, leafOf[i]!));
          assert.deepEqual(
            proof.path.map((step) => step.sibling_is_left),
            referenceSides(leafOf[i]!, n),
            "RFC 6962 shape",
          );
          const replayed = rootFromProof(commitments[i]!, proof);
          assert.ok("root" in replayed);
          assert.deepEqual(replayed.root, root);
          return (
            await verifyFrameInclusion(PROVIDER, frame, proof, rootAttestation, signer.attesterKey.public_key, OPTIONS)
          ).kind;
        }),
      );
      verdicts.forEach((kind, i) =>
        assert.equal(kind, frames[i]!.content_digest === undefined ? "valid_identity_only" : "valid", `frame ${i}`),
      );

      const report = await verify(result, signer);
      assertAllAttested(report, frames, "wire order");
      const resultState = attestedState(report.result, "result");
      assert.equal(resultState.keyId, signer.attesterKey.key_id);
      assert.equal(resultState.attesterId, PROVIDER);
      assert.equal(resultState.coversContent, true);

      // Relaying in any order: frames and entries shuffled independently, root unchanged, everything still attested.
      for (let round = 0; round < 3; round++) {
        const permutation = shuffled(
          rnd,
          frames.map((_, i) => i),
        );
        const shuffledFrames = permutation.map((i) => frames[i]!);
        const reordered: SignedResult = {
          ...result,
          frames: shuffledFrames,
          frame_attestations: shuffled(rnd, entries),
        };
        const reorderedCommitments = shuffledFrames.map((frame) => frameCommitment(PROVIDER, frame));
        assert.deepEqual(merkleRoot(canonicalOrder(shuffledFrames).map((i) => reorderedCommitments[i]!)), root);
        assertAllAttested(await verify(reordered, signer), shuffledFrames, `shuffle ${round}`);
      }
    });
  }
});

test("distinct FrameIds that differ only around U+0000 are matched to their own entries (fixed case, seed 0x0)", async () => {
  // ("a", "b\0c") and ("a\0b", "c") are different FrameIds (spec §3.12: entries match by frame_id + content_digest);
  // a lookup key that joins id and digest with U+0000 makes them one.
  const signer = await makeSigner(seededRandom(0));
  const frames: ContextFrame[] = [
    { id: "a", kind: "document", title: "", score: 0, token_cost: 0, content_digest: "b\u0000c" },
    { id: "a\u0000b", kind: "document", title: "", score: 0, token_cost: 0, content_digest: "c" },
  ];
  const result = await attestResult({ frames: structuredClone(frames), truncated: false }, PROVIDER, signer, {
    issuedAt: ISSUED_AT,
  });
  const entries = result.frame_attestations ?? [];
  assertAllAttested(await verify(result, signer), frames, "entries in frame order");
  assertAllAttested(
    await verify({ ...result, frame_attestations: [...entries].reverse() }, signer),
    frames,
    "entries reversed",
  );
});

// ---------- 3. tamper detection ----------

interface Tampered {
  readonly result: SignedResult;
  readonly frameIndex: number;
  readonly description: string;
}

/** Identities of every frame but `except`, to keep a rewritten identity from colliding with another frame's. */
function otherIdentities(frames: readonly ContextFrame[], except: number): Set<string> {
  return new Set(frames.filter((_, i) => i !== except).map(identityKey));
}

type FrameTamper = "id" | "id+entry" | "digest" | "digest+entry" | "link-field" | "link-structure";

/** One change to a committed frame field of a random frame. `+entry`: the entry's FrameId is rewritten to match. */
function tamperFrame(rnd: Rng, original: SignedResult, kind: FrameTamper): Tampered {
  const result = structuredClone(original);
  const i = Math.floor(rnd() * result.frames.length);
  const frame = result.frames[i]!;
  const entry = result.frame_attestations![i]!;
  const others = otherIdentities(result.frames, i);
  const before = identityKey(frame);
  let description = "";
  if (kind === "id" || kind === "id+entry") {
    const id = frame.id;
    do frame.id = mutateString(rnd, id);
    while (others.has(identityKey(frame)));
    description = `id ${JSON.stringify(id)} -> ${JSON.stringify(frame.id)}`;
    if (kind === "id+entry") entry.frame.frame_id = frame.id;
  } else if (kind === "digest" || kind === "digest+entry") {
    const digest = frame.content_digest;
    do {
      if (digest === undefined) frame.content_digest = rnd() < 0.6 ? "" : `sha256:${randomHex(rnd, 64)}`;
      else if (digest === "" && rnd() < 0.5) delete frame.content_digest;
      else if (rnd() < 0.2) delete frame.content_digest;
      else
        frame.content_digest =
          digest.startsWith("sha256:") && digest.length === 71
            ? flipHexChar(rnd, digest, 7)
            : mutateString(rnd, digest);
    } while (others.has(identityKey(frame)) || identityKey(frame) === before);
    description = `content_digest ${JSON.stringify(digest ?? null)} -> ${JSON.stringify(frame.content_digest ?? null)}`;
    if (kind === "digest+entry") {
      if (frame.content_digest === undefined) delete entry.frame.content_digest;
      else entry.frame.content_digest = frame.content_digest;
    }
  } else if (kind === "link-field") {
    const links = (frame.provenance ??= []);
    const added = links.length === 0;
    if (added) links.push(randomLink(rnd)); // a frame without links gets one, then one of its fields changes
    const at = Math.floor(rnd() * links.length);
    const field = pick(rnd, ["type", ...LINK_FIELDS] as const);
    description = `provenance[${at}].${mutateLinkField(rnd, links[at]!, field)}${added ? " (link added first)" : ""}`;
  } else {
    const links = (frame.provenance ??= []);
    const distinct = links.length >= 2 && JSON.stringify(links[0]) !== JSON.stringify(links[links.length - 1]);
    const op =
      links.length === 0
        ? "add"
        : pick(rnd, distinct ? (["add", "remove", "swap"] as const) : (["add", "remove"] as const));
    if (op === "add") links.splice(int(rnd, 0, links.length), 0, randomLink(rnd));
    else if (op === "remove") links.splice(Math.floor(rnd() * links.length), 1);
    else [links[0], links[links.length - 1]] = [links[links.length - 1]!, links[0]!];
    description = `provenance ${op} (now ${links.length} links)`;
  }
  assert.notDeepEqual(
    frameCommitment(PROVIDER, frame),
    frameCommitment(PROVIDER, original.frames[i]!),
    `${description}: the commitment really changed`,
  );
  return { result, frameIndex: i, description };
}

type ProofTamper = "sibling" | "side" | "leaf_index_out_of_range" | "leaf_index_in_range";

function tamperProof(rnd: Rng, original: SignedResult, kind: ProofTamper): Tampered | undefined {
  const result = structuredClone(original);
  const n = result.frames.length;
  const withPath = result
    .frame_attestations!.map((_, i) => i)
    .filter((i) => result.frame_attestations![i]!.inclusion_proof!.path.length > 0);
  const candidates =
    kind === "sibling" || kind === "side"
      ? withPath
      : kind === "leaf_index_in_range" && n < 2
        ? []
        : result.frames.map((_, i) => i);
  if (candidates.length === 0) return undefined;
  const i = pick(rnd, candidates);
  const proof = result.frame_attestations![i]!.inclusion_proof!;
  const at = Math.floor(rnd() * proof.path.length);
  let description: string;
  if (kind === "sibling") {
    const step = proof.path[at]!;
    const before = step.sibling;
    step.sibling = flipHexChar(rnd, before, 7);
    assert.notEqual(step.sibling, before);
    description = `path[${at}].sibling ${before} -> ${step.sibling}`;
  } else if (kind === "side") {
    proof.path[at]!.sibling_is_left = !proof.path[at]!.sibling_is_left;
    description = `path[${at}].sibling_is_left flipped`;
  } else {
    const before = proof.leaf_index;
    if (kind === "leaf_index_out_of_range") proof.leaf_index = int(rnd, n, n + 3);
    else
      do proof.leaf_index = int(rnd, 0, n - 1);
      while (proof.leaf_index === before);
    description = `leaf_index ${before} -> ${proof.leaf_index} of ${n}`;
    if (kind === "leaf_index_in_range") {
      // The path no longer has the shape its leaf_index implies, so the spec's shape check rejects it.
      assert.notDeepEqual(
        proof.path.map((step) => step.sibling_is_left),
        referenceSides(proof.leaf_index, n),
        description,
      );
    }
  }
  return { result, frameIndex: i, description };
}

/** Signs `results` random results under one signer and runs `check` on each; returns the sum of its counts. */
async function forRandomResults(
  seed: number,
  results: number,
  sizes: (rnd: Rng) => number,
  check: (rnd: Rng, signer: Signer, result: SignedResult, frames: ContextFrame[]) => Promise<number>,
): Promise<number> {
  const rnd = seededRandom(seed);
  const signer = await makeSigner(rnd);
  let checked = 0;
  for (let r = 0; r < results; r++) {
    const { frames, result } = await signedResult(rnd, signer, sizes(rnd));
    checked += await check(rnd, signer, result, frames);
  }
  return checked;
}

const tamperSizes = (rnd: Rng): number =>
  rnd() < 0.1 ? pick(rnd, [64, 65, 130]) : pick(rnd, [1, 2, 3, 7, 8, 9, int(rnd, 1, 40)]);

/** The frame's state is not attested; every other frame still is (its own proof still replays to the signed root). */
function assertOnlyFrameBroken(
  report: Awaited<ReturnType<typeof verify>>,
  frameIndex: number,
  message: string,
): AttestationState {
  report.frames.forEach((state, k) => {
    if (k !== frameIndex) attestedState(state, `${message}: untouched frame ${k}`);
  });
  const state = report.frames[frameIndex]!;
  assert.notEqual(state.state, "attested", `${message}: tampered frame still attested`);
  return state;
}

describe("tamper detection: committed frame fields (spec §3.4–§3.6)", () => {
  const kinds: { kind: FrameTamper; seed: number }[] = [
    { kind: "id", seed: 0x1d01 },
    { kind: "id+entry", seed: 0x1d02 },
    { kind: "digest", seed: 0xd1e1 },
    { kind: "digest+entry", seed: 0xd1e2 },
    { kind: "link-field", seed: 0x7e1d },
    { kind: "link-structure", seed: 0x7e2d },
  ];
  // What each kind of change must have covered at least once, so the property is not vacuous.
  const mustCover: Record<FrameTamper, RegExp[]> = {
    id: [/^id "" -> /, /^id "[^"]+" -> /],
    "id+entry": [/^id "[^"]+" -> /],
    digest: [
      /^content_digest null -> ""$/,
      /^content_digest "[^"]*" -> null$/,
      /^content_digest "sha256:[0-9a-f]{64}" -> "sha256:[0-9a-f]{64}"$/,
    ],
    "digest+entry": [/^content_digest null -> ""$/, /^content_digest "[^"]*" -> null$/, /^content_digest "[^"]*" -> "/],
    "link-field": [
      ...["type", "uri", "range", "digest", "method", "by"].map((field) => new RegExp(`\\.${field} "[^"]*" -> "`)),
      ...LINK_FIELDS.flatMap((field) => [
        new RegExp(`\\.${field} absent -> ""( \\(link added first\\))?$`),
        new RegExp(`\\.${field} "[^"]*" -> absent( \\(link added first\\))?$`),
      ]),
    ],
    "link-structure": [/ add /, / remove /, / swap /],
  };
  for (const { kind, seed } of kinds) {
    test(`${kind} change is detected (seed 0x${seed.toString(16)})`, async () => {
      const seen: string[] = [];
      const checked = await forRandomResults(seed, 12, tamperSizes, async (rnd, signer, result) => {
        for (let c = 0; c < 12; c++) {
          const { result: tampered, frameIndex, description } = tamperFrame(rnd, result, kind);
          seen.push(description);
          const report = await verify(tampered, signer);
          const message = `${kind} #${c} (${description})`;
          // The recomputed root no longer matches the signed one: tampering, not a bad signature (spec §3.11 step 3).
          assert.equal(report.result.state, "invalid", message);
          assert.equal(report.result.state === "invalid" && report.result.verdict.kind, "commitment_mismatch", message);
          const state = assertOnlyFrameBroken(report, frameIndex, message);
          const frame = tampered.frames[frameIndex]!;
          if (kind === "id" || kind === "digest") {
            // The entry names the old identity: it is an orphan, the changed frame has no evidence.
            assert.equal(state.state, "unattested", message);
            assert.equal(report.orphans, 1, message);
          } else {
            assert.equal(report.orphans, 0, message);
            assert.equal(state.state, "invalid", message);
            assert.equal(state.state === "invalid" && state.verdict.kind, "commitment_mismatch", message);
          }
          // The standalone verifier agrees: the frame's own proof no longer reaches the signed root.
          const proof = result.frame_attestations![frameIndex]!.inclusion_proof!;
          const verdict = await verifyFrameInclusion(
            PROVIDER,
            frame,
            proof,
            tampered.result_attestation!,
            signer.attesterKey.public_key,
            OPTIONS,
          );
          assert.equal(verdict.kind, "commitment_mismatch", message);
        }
        return 12;
      });
      assert.equal(checked, 144);
      for (const pattern of mustCover[kind])
        assert.ok(
          seen.some((d) => pattern.test(d)),
          `no case matched ${pattern}`,
        );
    });
  }
});

describe("tamper detection: inclusion proofs (spec §3.8)", () => {
  // `expected`: the verdicts that count as this tamper being reported as such.
  const kinds: { kind: ProofTamper; seed: number; expected: readonly string[] }[] = [
    { kind: "sibling", seed: 0x5a1, expected: ["commitment_mismatch"] },
    // A flipped side replays to another root (commitment_mismatch), or, with the shape check of spec §3.8
    // [later revision], is a misshapen proof (malformed_commitment) before any hashing.
    { kind: "side", seed: 0x5a2, expected: ["commitment_mismatch", "malformed_commitment"] },
    { kind: "leaf_index_out_of_range", seed: 0x5a3, expected: ["malformed_commitment"] },
    // Spec §3.8 [later revision]: a proof whose sides are not the RFC 6962 shape of its leaf_index/leaf_count is
    // rejected ("recommended for a new verifier"). A different in-range leaf_index always implies different sides.
    // Without that check the genuine siblings replay to the genuine root and the change goes unnoticed.
    { kind: "leaf_index_in_range", seed: 0x5a4, expected: ["malformed_commitment"] },
  ];
  for (const { kind, seed, expected } of kinds) {
    test(`${kind} change is detected (seed 0x${seed.toString(16)})`, async () => {
      let checked = 0;
      const undetected: string[] = [];
      await forRandomResults(seed, 12, tamperSizes, async (rnd, signer, result) => {
        for (let c = 0; c < 12; c++) {
          const tampered = tamperProof(rnd, result, kind);
          if (!tampered) continue;
          checked += 1;
          const message = `${kind} #${c} (${tampered.description})`;
          const report = await verify(tampered.result, signer);
          // Frames and the signature are untouched: the result stays attested, and so does every other frame.
          attestedState(report.result, `${message}: result`);
          assert.equal(report.orphans, 0, message);
          report.frames.forEach((other, k) => {
            if (k !== tampered.frameIndex) attestedState(other, `${message}: untouched frame ${k}`);
          });
          const state = report.frames[tampered.frameIndex]!;
          const frame = tampered.result.frames[tampered.frameIndex]!;
          const proof = tampered.result.frame_attestations![tampered.frameIndex]!.inclusion_proof!;
          const verdict = await verifyFrameInclusion(
            PROVIDER,
            frame,
            proof,
            tampered.result.result_attestation!,
            signer.attesterKey.public_key,
            OPTIONS,
          );
          // Collected rather than thrown, so a failure reports how many of the cases went undetected.
          if (state.state === "attested" || verdict.kind === "valid" || verdict.kind === "valid_identity_only") {
            undetected.push(`${message}: verifyResultSignatures ${state.state}, verifyFrameInclusion ${verdict.kind}`);
            continue;
          }
          assert.equal(state.state, "invalid", message);
          assert.ok(
            state.state === "invalid" && expected.includes(state.verdict.kind),
            `${message}: ${JSON.stringify(state)}`,
          );
          assert.equal(
            verdict.kind,
            state.state === "invalid" ? state.verdict.kind : "",
            `${message}: both verifiers agree`,
          );
        }
        return 0;
      });
      assert.equal(
        undetected.length,
        0,
        `${undetected.length} of ${checked} tampered proofs still verify, e.g. ${undetected.slice(0, 3).join("; ")}`,
      );
      assert.ok(checked >= 100, `only ${checked} cases`);
    });
  }
});

describe("tamper detection: the result attestation (spec §3.9, §3.11)", () => {
  const kinds = [
    { field: "signature", seed: 0x5161, expected: "bad_signature", from: 0 },
    { field: "signed_commitment", seed: 0x5162, expected: "commitment_mismatch", from: 7 },
  ] as const;
  for (const { field, seed, expected, from } of kinds) {
    test(`one hex char of result_attestation.${field} is detected (seed 0x${seed.toString(16)})`, async () => {
      const sizes = (rnd: Rng) => (rnd() < 0.2 ? 0 : tamperSizes(rnd));
      const checked = await forRandomResults(seed, 15, sizes, async (rnd, signer, result) => {
        for (let c = 0; c < 8; c++) {
          const tampered = structuredClone(result);
          const attestation = tampered.result_attestation!;
          const before = attestation[field];
          attestation[field] = flipHexChar(rnd, before, from);
          assert.notEqual(attestation[field], before);
          assert.match(attestation[field], field === "signature" ? /^[0-9a-f]{128}$/ : /^sha256:[0-9a-f]{64}$/);
          const message = `${field} #${c} (n=${tampered.frames.length})`;
          const report = await verify(tampered, signer);
          assert.equal(report.result.state, "invalid", message);
          assert.equal(report.result.state === "invalid" && report.result.verdict.kind, expected, message);
          // Every frame's evidence is a proof to that root: none is attested any more.
          report.frames.forEach((state, k) => {
            assert.equal(state.state, "invalid", `${message}: frame ${k}`);
            assert.equal(state.state === "invalid" && state.verdict.kind, expected, `${message}: frame ${k}`);
          });
        }
        return 8;
      });
      assert.equal(checked, 120);
    });
  }
});

// ---------- 4. what the commitment does not bind ----------

describe("fields outside the commitment (spec §3.6 'nothing else of the frame')", () => {
  test("changing title, content, score, token_cost, kind, uri, relations or unknown link members changes no state (seed 0xF1E1D)", async () => {
    const changes: ((rnd: Rng, frame: ContextFrame) => string)[] = [
      (rnd, frame) => ((frame.title = mutateString(rnd, frame.title)), "title"),
      (rnd, frame) => {
        if (frame.content !== undefined && rnd() < 0.3) {
          delete frame.content;
          return "content removed";
        }
        frame.content = frame.content === undefined ? randomString(rnd, 0, 10) : mutateString(rnd, frame.content);
        return "content";
      },
      (_rnd, frame) => ((frame.score = frame.score === 0.5 ? 0.25 : 0.5), "score"),
      (_rnd, frame) => ((frame.token_cost += 1), "token_cost"),
      (_rnd, frame) => ((frame.kind = frame.kind === "document" ? "code" : "document"), "kind"),
      (rnd, frame) => ((frame.uri = `file:///${randomString(rnd, 1, 6)}`), "uri"),
      (_rnd, frame) => ((frame.relations = [{ rel: "cites", target_uri: "cgp://x" }]), "relations"),
      (rnd, frame) => {
        const link = frame.provenance?.[0];
        if (!link) return "no link (nothing changed)";
        (link as Provenance & { note?: string }).note = randomString(rnd, 0, 4); // an unknown member (U1) is not encoded
        return "unknown link member";
      },
    ];
    const checked = await forRandomResults(0xf1e1d, 12, tamperSizes, async (rnd, signer, result, frames) => {
      let done = 0;
      for (let c = 0; c < 10; c++) {
        const tampered = structuredClone(result);
        const touched = new Set<number>();
        const applied: string[] = [];
        // Several frames and several fields at once.
        for (let m = int(rnd, 1, 4); m > 0; m--) {
          const i = Math.floor(rnd() * tampered.frames.length);
          touched.add(i);
          applied.push(`frame ${i}: ${pick(rnd, changes)(rnd, tampered.frames[i]!)}`);
        }
        tampered.result_attestation!.issued_at = "2030-01-01T00:00:00Z"; // not signed either (spec §3.9)
        assertAllAttested(await verify(tampered, signer), frames, `case ${c} (${applied.join("; ")})`);
        for (const i of touched) {
          const proof = tampered.frame_attestations![i]!.inclusion_proof!;
          const verdict = await verifyFrameInclusion(
            PROVIDER,
            tampered.frames[i]!,
            proof,
            tampered.result_attestation!,
            signer.attesterKey.public_key,
            OPTIONS,
          );
          assert.equal(verdict.kind, frames[i]!.content_digest === undefined ? "valid_identity_only" : "valid");
        }
        done += 1;
      }
      return done;
    });
    assert.equal(checked, 120);
  });
});

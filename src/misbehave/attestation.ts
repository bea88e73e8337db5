/**
 * The attestation modes (spec §5.2, F6–F14): each re-signs the answer the
 * kit signed so that exactly one thing about the evidence is wrong. All need
 * the provider's signer.
 */
import { frameCommitment } from "../attest/commitment.ts";
import { attestResult, signCommitment } from "../attest/sign.ts";
import { type Signer, signerFromSeed } from "../attest/signer.ts";
import type { FrameAttestation } from "../protocol/attestation.ts";
import type { ContextFrame } from "../protocol/frame.ts";
import { frameIdOf } from "../protocol/frame-order.ts";
import { type Fixture, isObject, type JsonObject, type Misbehaviour } from "./misbehaviour.ts";

/** A `frames` reply's result, or undefined for any other reply. */
function resultOf(reply: JsonObject): (JsonObject & { frames: ContextFrame[] }) | undefined {
  return reply.type === "frames" && isObject(reply.result) && Array.isArray(reply.result.frames)
    ? (reply.result as JsonObject & { frames: ContextFrame[] })
    : undefined;
}

/** The fixture's signer; a mode that needs one is never built without it. */
function signerOf(fixture: Fixture): Signer {
  if (!fixture.signer) throw new Error("this misbehave mode needs a signer");
  return fixture.signer;
}

/** The reply with its result rebuilt by `change` (async: it signs); other replies unchanged. */
function resign(change: (result: JsonObject & { frames: ContextFrame[] }, fixture: Fixture) => Promise<JsonObject>) {
  return async (reply: JsonObject, fixture: Fixture): Promise<JsonObject> => {
    const result = resultOf(reply);
    if (!result) return reply;
    const { frame_attestations: _a, result_attestation: _r, ...bare } = result;
    return { ...reply, result: await change(bare as JsonObject & { frames: ContextFrame[] }, fixture) };
  };
}

/** A genuine per-frame attestation of `frame` (spec §3.10), without the F14 guard (the modes decide). */
async function attest(frame: ContextFrame, fixture: Fixture): Promise<FrameAttestation> {
  const attestation = await signCommitment(frameCommitment(fixture.name, frame), signerOf(fixture));
  return { frame: frameIdOf(fixture.name, frame), attestation };
}

/** What `lift-signature` appends to the id of its twin frame. */
const LIFTED_SUFFIX = "~lifted";

/**
 * `lift-signature` (F7): the first candidate gets a twin identical but for
 * its id (the kit packs and costs it honestly, `verify` knows it); each frame
 * gets a genuine per-frame attestation, except the twin, which carries the
 * original's: its commitment names the other id (`CommitmentMismatch`).
 */
export const liftSignature: Misbehaviour = {
  definition: (definition) => ({
    ...definition,
    query: async (query, context) => {
      const [first, ...rest] = await definition.query(query, context);
      return first ? [first, { ...first, id: `${first.id}${LIFTED_SUFFIX}` }, ...rest] : [];
    },
    verify: (frameId) =>
      definition.verify?.(frameId.endsWith(LIFTED_SUFFIX) ? frameId.slice(0, -LIFTED_SUFFIX.length) : frameId),
  }),
  reply: resign(async (result, fixture) => {
    const genuine = await Promise.all(result.frames.map((frame) => attest(frame, fixture)));
    const frame_attestations = result.frames.map((frame, i) => {
      const original = frame.id.endsWith(LIFTED_SUFFIX)
        ? result.frames.findIndex((other) => `${other.id}${LIFTED_SUFFIX}` === frame.id)
        : -1;
      return original === -1 ? genuine[i]! : { frame: genuine[i]!.frame, attestation: genuine[original]!.attestation };
    });
    return { ...result, frame_attestations };
  }),
};

/** The seed `forge-signature` signs with: not the provider's, so not its published key. */
const FORGER_SEED = "f0".repeat(32);

/** `forge-signature` (F7): honest commitments and proofs, the root signed by another key under the published key id. */
export const forgeSignature: Misbehaviour = {
  reply: resign(async (result, fixture) => {
    const real = signerOf(fixture);
    const forger = await signerFromSeed(FORGER_SEED, { keyId: real.attesterKey.key_id, attesterId: real.attesterId });
    return attestResult(result, fixture.name, forger);
  }),
};

/** `truncate-chain` (F7): the root and proofs are over the frames with one more `derivation` link than they are served with. */
export const truncateChain: Misbehaviour = {
  reply: resign(async (result, fixture) => {
    const longer = result.frames.map((frame) => ({
      ...frame,
      provenance: [...(frame.provenance ?? []), { type: "derivation", method: "summary", by: fixture.name }],
    }));
    const signed = await attestResult({ frames: longer }, fixture.name, signerOf(fixture));
    return { ...result, frame_attestations: signed.frame_attestations, result_attestation: signed.result_attestation };
  }),
};

/** `inline-attestation` (F6): each frame carries its own (genuine) attestation as a member; nothing is detached. */
export const inlineAttestation: Misbehaviour = {
  reply: resign(async (result, fixture) => {
    const frames = await Promise.all(
      result.frames.map(async (frame) => ({ ...frame, attestation: (await attest(frame, fixture)).attestation })),
    );
    return { ...result, frames };
  }),
};

/** `identity-only-signature` (F14): frames without `content_digest`, each signed anyway (`ValidIdentityOnly`). */
export const identityOnlySignature: Misbehaviour = {
  reply: resign(async (result, fixture) => {
    const frames = result.frames.map(({ content_digest: _dropped, ...frame }) => frame);
    return { ...result, frames, frame_attestations: await Promise.all(frames.map((frame) => attest(frame, fixture))) };
  }),
};

/** `unknown-algorithm` ([later revision] F8): the kit's honest attestations, relabelled `dilithium3`. */
export const unknownAlgorithm: Misbehaviour = {
  reply: (reply) => {
    const result = resultOf(reply);
    if (!result) return reply;
    const relabel = (attestation: unknown) =>
      isObject(attestation) ? { ...attestation, algorithm: "dilithium3" } : attestation;
    const entries = Array.isArray(result.frame_attestations) ? (result.frame_attestations as JsonObject[]) : [];
    return {
      ...reply,
      result: {
        ...result,
        ...(entries.length > 0
          ? {
              frame_attestations: entries.map((entry) =>
                entry.attestation ? { ...entry, attestation: relabel(entry.attestation) } : entry,
              ),
            }
          : {}),
        ...(result.result_attestation ? { result_attestation: relabel(result.result_attestation) } : {}),
      },
    };
  },
};

/**
 * `host-content-binding`, a frameline extension (not one of the reference's
 * checks, spec §5.3): a signature covers a frame's bytes only through its
 * `content_digest` (§3.6), so a host must re-hash the content it holds (§1.8
 * #5, D1). One provider serves a correctly signed answer; in a second session
 * the same answer arrives with one frame's `content` altered after signing,
 * its `content_digest` and every signature untouched. The twin's frames must
 * be `attested` covering content, and those composition cites cited so; the
 * altered frame must never be presented as trusted: not `attested`, and not
 * cited (nor audited) as covering content, whether it is left out or flagged.
 * Evidence names frame ids, digests and states, never content.
 */
import { attestResult, signFrameAttestation } from "../../../attest/sign.ts";
import { type Signer, signerFromSeed } from "../../../attest/signer.ts";
import { contentDigestSync } from "../../../attest/hash.ts";
import type { ComposedPrompt } from "../../../host/compose/compose-for-prompt.ts";
import type { FramesLeg } from "../../../host/multi-provider/leg.ts";
import type { AttesterKey } from "../../../protocol/attestation.ts";
import { fail, pass } from "../../checks/check.ts";
import { findings, quote } from "../../evidence.ts";
import { type HostCheck, type HostContext, inSession, legOf, legText } from "../host-check.ts";
import { contentOf, honestFrame, scriptedProvider, type SignedAnswer } from "../scripted.ts";
import { citedText, stateText, trustsBytes } from "./trust-text.ts";

const PROVIDER = "signed-docs";
/** A fixed key of this check's own: public by design, it signs nothing but this scenario. */
const SEED = "5c".repeat(32);
const QUERY = { goal: "content binding", max_frames: 8, max_tokens: 1_000 };
const BUDGET = 10_000;
const IDS = ["signed-1", "signed-2", "signed-3"] as const;
/** The frame whose bytes change after signing. */
const ALTERED = IDS[1];

/** The answer, signed: every frame with a per-frame signature and its inclusion proof under a signed root (spec §3.10). */
async function signedAnswer(signer: Signer): Promise<SignedAnswer> {
  const frames = IDS.map((id, i) => honestFrame(id, contentOf(`signed evidence ${id}`, 20), { score: 0.9 - i / 10 }));
  const signed = await attestResult({ frames }, PROVIDER, signer);
  const entries = await Promise.all(
    (signed.frame_attestations ?? []).map(async (entry, i) => ({
      ...entry,
      attestation: (await signFrameAttestation(PROVIDER, signed.frames[i]!, signer)).attestation,
    })),
  );
  return { ...signed, frame_attestations: entries };
}

/** The same answer with `ALTERED`'s content changed after signing: same length and cost, digest and signatures kept. */
function alteredCopy(answer: SignedAnswer): SignedAnswer {
  const frames = answer.frames.map((frame) =>
    frame.id === ALTERED && frame.content !== undefined
      ? { ...frame, content: `${frame.content.slice(0, -1)}y` }
      : frame,
  );
  return { ...answer, frames };
}

/** What a host made of one answer: its leg and the prompt it composed. */
interface Seen {
  readonly leg: ReturnType<typeof legOf>;
  readonly composed: ComposedPrompt;
}

/** Serves `answer` from a provider publishing the signer's key, in a fresh session: fan-out, then composition. */
function serve(context: HostContext, answer: SignedAnswer, key: AttesterKey): Promise<Seen> {
  return inSession(context, async (session) => {
    const provider = scriptedProvider({ name: PROVIDER, attesterKeys: [key], answer: () => answer });
    await session.add(PROVIDER, provider.transport);
    const leg = legOf(await session.queryAll(QUERY), PROVIDER);
    return { leg, composed: await session.composeAll(QUERY, BUDGET) };
  });
}

/** The audited frame `id` of a leg, if the leg served it. */
function frameOf(leg: Seen["leg"], id: string): FramesLeg["frames"][number] | undefined {
  return leg?.outcome === "frames" ? leg.frames.find((audited) => audited.frame.id === id) : undefined;
}

/**
 * What is wrong with the twin: every frame must be attested covering content,
 * and what composition cites of it (some, at least) cited so. Which frames
 * make the prompt is for the composition checks to judge, not this one.
 */
function twinProblems(twin: Seen): string[] {
  const states = IDS.flatMap((id) => {
    const state = frameOf(twin.leg, id)?.attestation;
    return trustsBytes(state) ? [] : [`twin frame ${quote(id)} is ${stateText(state)}`];
  });
  const cited = IDS.filter((id) => twin.composed.citations.some((citation) => citation.frame.frame_id === id));
  const uncovered = cited.flatMap((id) => {
    const text = citedText(twin.composed, id);
    return text === "cited covering content" ? [] : [`twin frame ${quote(id)} is ${text}`];
  });
  return [...states, ...(cited.length === 0 ? ["no twin frame is cited"] : uncovered)];
}

/** What is wrong with the altered answer: its altered frame presented as trusted, anywhere. */
function alteredProblems(altered: Seen): string[] {
  const audited = frameOf(altered.leg, ALTERED);
  const cited = altered.composed.citations.find((citation) => citation.frame.frame_id === ALTERED);
  const entry = altered.composed.audit.entries.find((e) => e.frame.frame_id === ALTERED);
  return [
    ...(audited?.attestation.state === "attested" ? [`the altered frame is ${stateText(audited.attestation)}`] : []),
    ...(cited?.coversContent === true || entry?.coversContent === true
      ? [`the altered frame is ${citedText(altered.composed, ALTERED)}`]
      : []),
  ];
}

/** `host-content-binding` (frameline extension; spec §1.8 #5, §3.6, D1). */
export const hostContentBinding: HostCheck = {
  name: "host-content-binding",
  anchor: "D1, §3.6",
  async run(context) {
    const signer = await signerFromSeed(SEED, { keyId: "content-binding", attesterId: PROVIDER });
    const answer = await signedAnswer(signer);
    const changed = alteredCopy(answer);
    const twin = await serve(context, answer, signer.attesterKey);
    const altered = await serve(context, changed, signer.attesterKey);
    const declared = answer.frames.find((frame) => frame.id === ALTERED)!.content_digest!;
    const recomputed = contentDigestSync(changed.frames.find((frame) => frame.id === ALTERED)!.content!);
    const problems = [...twinProblems(twin), ...alteredProblems(altered)];
    const trusted = IDS.filter((id) => trustsBytes(frameOf(twin.leg, id)?.attestation)).length;
    const cited = twin.composed.citations.filter((citation) => citation.coversContent === true).length;
    const evidence =
      `twin: ${legText(twin.leg)}, ${trusted} of ${IDS.length} attested covering content, ${cited} cited so; ` +
      `altered frame ${quote(ALTERED)} (declared ${declared}, bytes hash to ${recomputed}): ` +
      `${stateText(frameOf(altered.leg, ALTERED)?.attestation)}, ${citedText(altered.composed, ALTERED)}`;
    return problems.length === 0 ? pass(evidence) : fail(`D1: ${findings(problems)} (${evidence})`);
  },
};

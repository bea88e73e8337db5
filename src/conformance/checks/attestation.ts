/**
 * `attestation` (spec §5.1, F6–F15): a raw probe on a fresh stream
 * connection. The keys come from its handshake; every attestation, inclusion
 * proof and result attestation of the probe answer must be `Valid` under
 * them (`ValidIdentityOnly` is a problem, F14); an attestation inside a
 * frame (F6), a published key with nothing attested, or evidence with no
 * published key fails. Follows the later revision: an unknown algorithm fails
 * (2.0.0 skipped when all had one), and a proof must have the RFC 6962 shape.
 */
import { ContextFrameSchema } from "../../protocol/frame.ts";
import { findings, quote } from "../evidence.ts";
import { notOk, queryOn } from "../exchanges.ts";
import { checkAttestations, presenceVerdict, tallyText } from "./attestation-verdicts.ts";
import { fail, type ProviderCheck, pass } from "./check.ts";

const FRAME_MEMBERS = new Set(Object.keys(ContextFrameSchema.entries));

function carriesAttestation(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(carriesAttestation);
  return value !== null && typeof value === "object" && "signed_commitment" in value;
}

/** F6: members of the frames as sent that carry an attestation inside a frame (a decoder drops them, U1). */
function inlineAttestations(line: string | undefined): string[] {
  if (line === undefined) return [];
  const frames: unknown = (JSON.parse(line) as { result?: { frames?: unknown } }).result?.frames;
  if (!Array.isArray(frames)) return [];
  return frames.flatMap((frame: Record<string, unknown>) =>
    Object.entries(frame)
      .filter(
        ([member, value]) => !FRAME_MEMBERS.has(member) && (/attestation/i.test(member) || carriesAttestation(value)),
      )
      .map(
        ([member]) =>
          `F6 frame ${quote(String(frame.id))}: member ${quote(member)} carries an attestation inside the frame`,
      ),
  );
}

/** `attestation` (spec §5.1, F6–F15), a raw stream probe. */
export const attestationCheck: ProviderCheck = {
  name: "attestation",
  follows: "later revision (an unknown algorithm fails; proofs must be well shaped)",
  scope: "wire",
  async run(run) {
    const opened = await run.sharedWire();
    if (!("link" in opened)) return fail(`a fresh connection failed: ${opened.problem}`);
    const keys = opened.ack.attester_keys ?? [];
    const answer = await queryOn(opened.link, run.probe);
    if (answer.kind !== "ok") return fail(`the probe query failed: ${notOk(answer)}`);
    const result = answer.value;
    const inline = inlineAttestations(answer.line);
    const absent = presenceVerdict(keys, result, inline, "the provider publishes no key and attests nothing");
    if (absent) return absent;
    const tally = await checkAttestations(opened.ack.provider.name, result, keys);
    const problems = [...inline, ...tally.problems];
    if (problems.length > 0) return fail(findings(problems));
    return pass(tallyText(result.frames.length, tally));
  },
};

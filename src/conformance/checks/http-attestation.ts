/**
 * `http-attestation`, a frameline extension (not one of the reference's 14
 * checks, spec §5.1): the reference `attestation` check is a raw stream probe,
 * so over HTTP nothing checks signatures. This one judges the probe answer the
 * host-driven checks already got over HTTP, under the keys of the main
 * handshake: every per-frame attestation, every inclusion proof and the
 * result attestation must be `Valid` (the reference check's rules, F7–F15),
 * and every frame's inline content must hash to the `content_digest` they
 * sign (§1.8 #5, §3.6, D1), which the reference does not re-hash. Unsigned
 * providers are skipped as unsigned. Evidence names frame ids, verdicts and
 * digests, never content.
 */
import { contentBindingOf } from "../../attest/content-binding.ts";
import type { ContextQueryResult } from "../../protocol/result.ts";
import { findings, quote } from "../evidence.ts";
import { notOk } from "../exchanges.ts";
import { checkAttestations, presenceVerdict, tallyText } from "./attestation-verdicts.ts";
import { fail, type ProviderExtension, pass } from "./check.ts";

/**
 * Frames whose inline bytes are not the ones signed (§1.8 #5, D1). A frame
 * without `content_digest` is not one: its signature binds no bytes, which the
 * verdicts already name (`ValidIdentityOnly`, F14).
 */
function bindingProblems(result: ContextQueryResult): string[] {
  return result.frames.flatMap((frame) => {
    const binding = contentBindingOf(frame);
    return binding.kind === "mismatch"
      ? [
          `frame ${quote(frame.id)}: ContentMismatch: content_digest ${quote(binding.declared)} is signed, the content hashes to ${binding.recomputed} (§1.8 #5, D1)`,
        ]
      : [];
  });
}

/** `http-attestation` (frameline extension; spec §3.10–§3.13, §1.8 #5, D1). */
export const httpAttestation: ProviderExtension = {
  name: "http-attestation",
  anchor: "§3.11–§3.13, §1.8 #5, D1",
  runsOn: (kind) => kind === "http",
  async run(run) {
    const answer = await run.probeAnswer();
    if (answer.kind !== "ok") return fail(`the probe query failed: ${notOk(answer)}`);
    const result = answer.value;
    const keys = run.ack.attester_keys ?? [];
    const unsigned = "unsigned: the handshake publishes no attester key and the answer carries no attestation";
    const absent = presenceVerdict(keys, result, [], unsigned);
    if (absent) return absent;
    const tally = await checkAttestations(run.ack.provider.name, result, keys);
    const problems = [...tally.problems, ...bindingProblems(result)];
    if (problems.length > 0) return fail(findings(problems));
    return pass(`${tallyText(result.frames.length, tally)}; every frame's content hashes to its signed content_digest`);
  },
};

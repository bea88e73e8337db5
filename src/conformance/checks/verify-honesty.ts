/**
 * `verify-honesty` (spec §5.1, V1–V4): the probe's frames that carry a
 * `content_digest`, asked about by their real identities, must all be
 * `valid`; asked about with every digest mutated, all `stale` and none
 * `valid`. The identities carry `provider-under-test`, as 2.0.0 sends them.
 */
import type { FrameId } from "../../protocol/frame-id.ts";
import { frameIdKey } from "../../protocol/frame-order.ts";
import type { VerifyResponse } from "../../protocol/verify.ts";
import type { VerdictStatus } from "../../protocol/vocabulary.ts";
import { count, findings, quote } from "../evidence.ts";
import { notOk, verifyOn } from "../exchanges.ts";
import { LOCAL_PROVIDER_ID, MUTATED_DIGEST_SUFFIX } from "../probe.ts";
import type { SuiteRun } from "../suite-run.ts";
import { fail, type ProviderCheck, pass, skip } from "./check.ts";

/** The status answered for each asked identity (first matching verdict; none ⇒ undefined, which counts as unknown, V2). */
function statusesFor(asked: readonly FrameId[], response: VerifyResponse): (VerdictStatus | undefined)[] {
  const found = new Map<string, VerdictStatus>();
  // At most two verdicts per identity asked are read, so a padded reply costs no more than an honest one.
  for (const verdict of response.verdicts.slice(0, asked.length * 2)) {
    const key = frameIdKey(verdict.frame);
    if (!found.has(key)) found.set(key, verdict.status);
  }
  return asked.map((frame) => found.get(frameIdKey(frame)));
}

/** One round: ask about `asked`, and list every identity whose status is not `expected`. */
async function round(run: SuiteRun, asked: readonly FrameId[], expected: VerdictStatus, what: string) {
  const outcome = await verifyOn(run.link, asked);
  if (outcome.kind !== "ok") return [`verify for ${what} failed: ${notOk(outcome)}`];
  return statusesFor(asked, outcome.value).flatMap((status, i) =>
    status === expected
      ? []
      : [
          `${expected === "valid" ? "V3" : "V4"} frame ${quote(asked[i]!.frame_id)}: ${status ?? "no verdict (unknown, V2)"} for ${what} (expected ${expected})`,
        ],
  );
}

/** `verify-honesty` (spec §5.1, V1–V4). */
export const verifyHonestyCheck: ProviderCheck = {
  name: "verify-honesty",
  follows: "2.0.0",
  scope: "after-handshake",
  async run(run) {
    if (!run.ack.capabilities.verify) return skip("the provider does not declare verify");
    const answer = await run.probeAnswer();
    if (answer.kind !== "ok") return skip(`no frames to verify: the probe query failed (${notOk(answer)})`);
    const held: FrameId[] = answer.value.frames.flatMap((frame) =>
      frame.content_digest === undefined
        ? []
        : [{ provider_id: LOCAL_PROVIDER_ID, frame_id: frame.id, content_digest: frame.content_digest }],
    );
    if (held.length === 0) return skip("the probe answer has no frame with a content_digest");
    const mutated = held.map((frame) => ({
      ...frame,
      content_digest: `${frame.content_digest}${MUTATED_DIGEST_SUFFIX}`,
    }));
    const problems = [
      ...(await round(run, held, "valid", "its current digest")),
      ...(await round(run, mutated, "stale", "a mutated digest")),
    ];
    if (problems.length > 0) return fail(findings(problems));
    return pass(`${count(held.length, "frame")}: all valid for their digests, all stale for mutated digests`);
  },
};

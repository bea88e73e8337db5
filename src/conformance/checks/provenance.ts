/**
 * `provenance-fixture-consistency` (spec §5.1, F5, §4.10): every `file`
 * link of the probe's frames that this runtime can re-read is re-hashed; a
 * mismatch fails. Unreadable links are not failures, and a digest outside the
 * grammar is frame-validity's to judge (F5), so neither is re-read here (and
 * a digest in evidence is always a well-formed one, printed whole).
 */
import { type FileSource, verifyFileProvenance } from "../../host/sessions/file-provenance.ts";
import type { ContextFrame } from "../../protocol/frame.ts";
import { isDigest } from "../../protocol/grammars.ts";
import { count, findings, quote } from "../evidence.ts";
import { notOk } from "../exchanges.ts";
import { fail, type ProviderCheck, pass, skip } from "./check.ts";

/** Re-reads every well-formed `file` link of `frames`: how many verified, how many unreadable, and every mismatch. */
async function reread(frames: readonly ContextFrame[], files: FileSource) {
  const tally = { verified: 0, unreadable: 0, mismatches: [] as string[] };
  for (const frame of frames) {
    for (const [i, link] of (frame.provenance ?? []).entries()) {
      if (link.type !== "file" || link.digest === undefined || !isDigest(link.digest)) continue;
      const verdict = await verifyFileProvenance(link, files);
      if (verdict.kind === "verified") tally.verified += 1;
      else if (verdict.kind === "unreadable") tally.unreadable += 1;
      else if (verdict.kind === "mismatch")
        tally.mismatches.push(
          `F5 frame ${quote(frame.id)} provenance[${i}] ${quote(link.uri ?? "")} ${link.range ?? "whole file"}: declared ${verdict.expected}, the bytes hash to ${verdict.actual}`,
        );
    }
  }
  return tally;
}

/** `provenance-fixture-consistency` (spec §5.1, F5). */
export const provenanceCheck: ProviderCheck = {
  name: "provenance-fixture-consistency",
  follows: "2.0.0 + later revision F17 (a range outside the grammar is unreadable)",
  scope: "after-handshake",
  async run(run) {
    const files = run.options.files;
    if (!files) return skip("this runtime cannot re-read file:// bytes (no file source given; Node has one)");
    const answer = await run.probeAnswer();
    if (answer.kind !== "ok") return skip(`nothing to re-read: the probe query failed (${notOk(answer)})`);
    const { verified, unreadable, mismatches } = await reread(answer.value.frames, files);
    if (mismatches.length > 0) return fail(findings(mismatches));
    if (verified === 0) return skip(`no locally re-readable file provenance (${count(unreadable, "unreadable link")})`);
    return pass(`${count(verified, "file link")} re-read, every digest matches (${unreadable} unreadable)`);
  },
};

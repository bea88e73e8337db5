/**
 * `kinds-filter` (spec §5.1, Q1): a query asking for one kind gets frames of
 * that kind only. 2.0.0 asks for the first declared kind, and skips when it
 * is not one of the seven base kinds; this suite then asks for every declared
 * base kind in turn, so a provider that ignores `kinds` shows it whichever
 * kind its best frames are.
 */
import { checkKinds } from "../../protocol/checks/kinds.ts";
import { FRAME_KINDS } from "../../protocol/vocabulary.ts";
import { count, findings, quote, violationText } from "../evidence.ts";
import { notOk } from "../exchanges.ts";
import { fail, type ProviderCheck, pass, skip } from "./check.ts";

const BASE_KINDS: readonly string[] = FRAME_KINDS;

/** `kinds-filter` (spec §5.1, Q1). */
export const kindsFilterCheck: ProviderCheck = {
  name: "kinds-filter",
  follows: "2.0.0, every declared base kind asked for",
  scope: "after-handshake",
  async run(run) {
    const declared = run.ack.capabilities.query.kinds ?? [];
    const first = declared[0];
    if (first === undefined) return skip("the provider declares no kinds");
    if (!BASE_KINDS.includes(first)) return skip(`the first declared kind ${quote(first)} is not a base kind`);
    const asked = [...new Set(declared.filter((kind) => BASE_KINDS.includes(kind)))];
    const problems: string[] = [];
    let returned = 0;
    for (const kind of asked) {
      const answer = await run.ask({ ...run.probe, kinds: [kind] });
      if (answer.kind !== "ok") return fail(`the query for kind ${quote(kind)} failed: ${notOk(answer)}`);
      returned += answer.value.frames.length;
      problems.push(
        ...checkKinds(answer.value, { kinds: [kind] }).map(
          (found) => `${violationText(found)} (asked for ${quote(kind)})`,
        ),
      );
    }
    if (problems.length > 0) return fail(findings(problems));
    return pass(
      `asked for ${asked.map(quote).join(", ")} in turn: ${count(returned, "frame")}, each of the kind asked for`,
    );
  },
};

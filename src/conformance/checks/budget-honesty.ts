/** `budget-honesty` (spec §5.1): B1 Σ token_cost ≤ max_tokens, B3 every cost canonical, B4 count ≤ max_frames. */
import { checkBudget, totalDeclaredCost } from "../../protocol/checks/budget.ts";
import { count, findings, violationText } from "../evidence.ts";
import { notOk } from "../exchanges.ts";
import { fail, type ProviderCheck, pass } from "./check.ts";

/** `budget-honesty` (spec §5.1, B1, B3, B4) on the probe answer. */
export const budgetHonestyCheck: ProviderCheck = {
  name: "budget-honesty",
  follows: "2.0.0",
  scope: "after-handshake",
  async run(run) {
    const answer = await run.probeAnswer();
    if (answer.kind !== "ok") return fail(`the probe query failed: ${notOk(answer)}`);
    const result = answer.value;
    const problems = checkBudget(result, run.probe);
    if (problems.length > 0) return fail(findings(problems.map(violationText)));
    const { max_frames, max_tokens } = run.probe;
    return pass(
      `${count(result.frames.length, "frame")} of at most ${max_frames}, ${totalDeclaredCost(result)} of ${max_tokens} tokens, every token_cost exact`,
    );
  },
};

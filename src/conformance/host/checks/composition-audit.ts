/**
 * `host-composition-audit` (spec §5.3, R3): an over-budget set from several
 * providers with a duplicate composes within the budget, and its audit
 * explains every frame (one entry each, the excluded ones with a reason); a
 * clean set that fits drops nothing.
 */
import { fail, pass } from "../../checks/check.ts";
import { count, findings } from "../../evidence.ts";
import { CLEAN, citedCost, composeSet, OVERFLOWING, partitionProblems } from "../composition-set.ts";
import { type HostCheck, inSession } from "../host-check.ts";

const BUDGET = 500;

/** `host-composition-audit` (spec §5.3, R3). */
export const hostCompositionAudit: HostCheck = {
  name: "host-composition-audit",
  anchor: "R3",
  async run(context) {
    const over = await inSession(context, (session) => composeSet(session, OVERFLOWING, BUDGET));
    const clean = await inSession(context, (session) => composeSet(session, CLEAN, BUDGET));
    const reasons = over.audit.entries.flatMap((entry) =>
      entry.disposition.kind === "excluded" ? [entry.disposition.reason.kind] : [],
    );
    const problems = [
      ...partitionProblems(over, OVERFLOWING),
      ...(citedCost(over, OVERFLOWING) > BUDGET
        ? [`the prompt cites ${citedCost(over, OVERFLOWING)} tokens of ${BUDGET}`]
        : []),
      ...(reasons.includes("duplicate") ? [] : ["the duplicate is not reported as one"]),
      ...(reasons.includes("over_budget") ? [] : ["no frame is reported over budget"]),
      ...partitionProblems(clean, CLEAN),
      ...(clean.citations.length === 2 ? [] : [`the clean set lost ${count(2 - clean.citations.length, "frame")}`]),
    ];
    const evidence = `over-budget set: ${over.citations.length} of 4 frames included, ${citedCost(over, OVERFLOWING)} of ${BUDGET} tokens, excluded as ${reasons.join(", ") || "nothing"}; clean set: ${clean.citations.length} of 2 included`;
    return problems.length === 0 ? pass(evidence) : fail(`${findings(problems)} (${evidence})`);
  },
};

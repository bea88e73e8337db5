/**
 * The composition checks of spec §5.4, for any composing host: the global
 * budget holds even when every provider is honest, every frame is admitted
 * or reported, a provider the budget audit rejected contributes nothing, and
 * the same frames compose to the same bytes.
 */
import type { OfferedFrame } from "../../../host/compose/candidate.ts";
import { fail, pass } from "../../checks/check.ts";
import { count, findings } from "../../evidence.ts";
import { citedCost, composeSet, OVERFLOWING, partitionProblems, type Served } from "../composition-set.ts";
import { type HostCheck, inSession } from "../host-check.ts";
import { contentOf, honestFrame, scriptedProvider } from "../scripted.ts";

/** Three honest providers of one 400-token frame each, against a budget of 1000. */
const THREE_HONEST: readonly Served[] = ["one", "two", "three"].map((name) => ({
  provider: name,
  frames: [honestFrame(`${name}-1`, contentOf(`provider ${name}`, 400))],
}));

/** `composition-budget-bound` (spec §5.4): three honest 400-token frames against 1000. */
export const compositionBudgetBound: HostCheck = {
  name: "composition-budget-bound",
  anchor: "B1 (global)",
  async run(context) {
    const composed = await inSession(context, (session) => composeSet(session, THREE_HONEST, 1000));
    const cost = citedCost(composed, THREE_HONEST);
    const evidence = `three honest 400-token frames, budget 1000: ${composed.citations.length} included, ${cost} tokens (the audit says ${composed.audit.tokens_used})`;
    const bounded = cost <= 1000 && composed.audit.tokens_used <= 1000 && composed.citations.length >= 1;
    return bounded ? pass(evidence) : fail(evidence);
  },
};

/** `composition-total-partition` (spec §5.4, §4.8 step 6). */
export const compositionTotalPartition: HostCheck = {
  name: "composition-total-partition",
  anchor: "§4.8 step 6",
  async run(context) {
    const composed = await inSession(context, (session) => composeSet(session, OVERFLOWING, 500));
    const problems = partitionProblems(composed, OVERFLOWING);
    const evidence = `4 frames served, ${composed.audit.entries.length} audit entries, ${composed.citations.length} cited`;
    return problems.length === 0 ? pass(evidence) : fail(`${findings(problems)} (${evidence})`);
  },
};

/** `composition-quarantine` (spec §5.4, B2, B4): a liar and a flooder beside an honest provider. */
export const compositionQuarantine: HostCheck = {
  name: "composition-quarantine",
  anchor: "B2, B4",
  run: (context) =>
    inSession(context, async (session) => {
      // Each frame honest on its own: the liar's sum is over max_tokens, the flooder has 64 one-token frames.
      const liar = [1, 2].map((n) => honestFrame(`liar-${n}`, contentOf(`QUARANTINED liar ${n}`, 300)));
      const flooder = [...Array(64).keys()].map((n) => honestFrame(`flood-${n}`, `QUARANTINED f${n}`));
      const honest = [honestFrame("honest-1", contentOf("honest evidence", 100))];
      for (const [name, frames] of [
        ["liar", liar],
        ["flooder", flooder],
        ["honest", honest],
      ] as const)
        await session.add(name, scriptedProvider({ name, answer: () => frames }).transport);
      const composed = await session.composeAll({ goal: "quarantine", max_frames: 8, max_tokens: 500 }, 10_000);
      const leaked = composed.citations.filter((c) => c.frame.provider_id !== "honest").length;
      const inPrompt = composed.prompt.includes("QUARANTINED");
      const kept = composed.citations.some((c) => c.frame.frame_id === "honest-1");
      const evidence = `${count(leaked, "frame")} of the liar and the flooder cited${inPrompt ? ", their content in the prompt" : ""}; the honest frame ${kept ? "included" : "missing"}`;
      return leaked === 0 && !inPrompt && kept ? pass(evidence) : fail(evidence);
    }),
};

/** `composition-determinism` (spec §5.4, §4.8): the same frames in three orders. */
export const compositionDeterminism: HostCheck = {
  name: "composition-determinism",
  anchor: "§4.8",
  run: (context) =>
    inSession(context, async (session) => {
      const offered: OfferedFrame[] = OVERFLOWING.flatMap(({ provider, frames }) =>
        frames.map((frame) => ({
          frameId: {
            provider_id: provider,
            frame_id: frame.id,
            ...(frame.content_digest ? { content_digest: frame.content_digest } : {}),
          },
          frame,
        })),
      );
      const orders = [offered, [...offered].reverse(), [offered[2]!, offered[0]!, offered[3]!, offered[1]!]];
      const prompts = orders.map((order) => session.compose(order, 500).prompt);
      const same = prompts.every((prompt) => prompt === prompts[0]);
      const evidence = `the same 4 frames in ${orders.length} orders: ${same ? "identical bytes" : "different bytes"}`;
      return same ? pass(evidence) : fail(evidence);
    }),
};

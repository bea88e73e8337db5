/**
 * `host-budget-drop` (B2) and `host-frame-limit` (B4) (spec §5.3): a leg
 * whose declared costs exceed `max_tokens`, or with more frames than
 * `max_frames`, is dropped whole and reported; an honest twin queried at the
 * same time keeps its frames.
 */
import { fail, pass } from "../../checks/check.ts";
import { type HostCheck, inSession, legOf, legText } from "../host-check.ts";
import { contentOf, honestFrame, scriptedProvider } from "../scripted.ts";

const QUERY = { goal: "budget audit", max_frames: 8, max_tokens: 250 };

/** Queries an adversary and an honest twin together; passes when the adversary's leg is `expected` and the twin's is frames. */
async function audit(
  context: Parameters<HostCheck["run"]>[0],
  adversary: ReturnType<typeof honestFrame>[],
  expected: "budget_lie" | "frame_flood",
  anchor: string,
) {
  return inSession(context, async (session) => {
    const twin = [honestFrame("twin-a", contentOf("twin a", 100)), honestFrame("twin-b", contentOf("twin b", 100))];
    await session.add("adversary", scriptedProvider({ name: "adversary", answer: () => adversary }).transport);
    await session.add("twin", scriptedProvider({ name: "twin", answer: () => twin }).transport);
    const legs = await session.queryAll(QUERY);
    const [bad, good] = [legOf(legs, "adversary"), legOf(legs, "twin")];
    const evidence = `adversary: ${legText(bad)}; honest twin: ${legText(good)}`;
    const dropped = bad?.outcome === expected;
    const kept = good?.outcome === "frames" && good.frames.length === twin.length;
    return dropped && kept ? pass(evidence) : fail(`${anchor}: ${evidence} (expected ${expected}, and frames (2))`);
  });
}

/** `host-budget-drop` (spec §5.3, B2). */
export const hostBudgetDrop: HostCheck = {
  name: "host-budget-drop",
  anchor: "B2",
  run: (context) =>
    // Three honest 100-token frames: each cost exact, the sum 300 over max_tokens 250.
    audit(
      context,
      [1, 2, 3].map((n) => honestFrame(`lie-${n}`, contentOf(`lie ${n}`, 100))),
      "budget_lie",
      "B2",
    ),
};

/** `host-frame-limit` (spec §5.3, B4). */
export const hostFrameLimit: HostCheck = {
  name: "host-frame-limit",
  anchor: "B4",
  run: (context) =>
    // Nine one-token frames: within max_tokens, one more than max_frames 8.
    audit(
      context,
      [...Array(9).keys()].map((n) => honestFrame(`flood-${n}`, `f${n}`)),
      "frame_flood",
      "B4",
    ),
};

/**
 * `shutdown-clean` (spec §5.1, R2, §1.11): a stream provider told `shutdown`
 * ends within the grace (exit status 0 when the target can tell), or is
 * ended after it, which 2.0.0 counts as clean; an exit with another status
 * or by a signal fails. An exchange provider (HTTP, in-page) must keep
 * serving: a new handshake after `shutdown` must succeed.
 */
import type { ShutdownOutcome } from "../link/link.ts";
import type { SuiteRun } from "../suite-run.ts";
import { fail, type ProviderCheck, pass, skip, type Verdict } from "./check.ts";

/** A stream provider's end after `shutdown`. */
function judgeEnd(outcome: Extract<ShutdownOutcome, { kind: "ended" }>): Verdict {
  if (outcome.signal !== undefined && outcome.signal !== null)
    return fail(`R2: the provider was ended by ${outcome.signal} within ${outcome.ms} ms of shutdown`);
  if (outcome.code === undefined || outcome.code === null)
    return pass(`the provider ended its output ${outcome.ms} ms after shutdown`);
  if (outcome.code !== 0) return fail(`R2: the provider exited with status ${outcome.code} after shutdown`);
  return pass(`the provider exited with status 0, ${outcome.ms} ms after shutdown`);
}

/** An exchange provider after `shutdown`: still serving? */
async function stillServing(run: SuiteRun): Promise<Verdict> {
  const again = await run.connect();
  if (!("ack" in again)) return fail(`§1.11: the provider stopped serving after shutdown (${again.problem})`);
  return pass("told shutdown, and still serving: a new handshake succeeded (§1.11)");
}

/** `shutdown-clean` (spec §5.1, R2). */
export const shutdownCleanCheck: ProviderCheck = {
  name: "shutdown-clean",
  follows: "2.0.0",
  scope: "after-handshake",
  async run(run) {
    const outcome = await run.link.shutdown();
    switch (outcome.kind) {
      case "ended":
        return judgeEnd(outcome);
      case "killed":
        return pass(
          `the provider did not end within ${outcome.graceMs} ms of shutdown and was ended (2.0.0 counts this as clean)`,
        );
      case "told":
        return stillServing(run);
      case "gone":
        return skip(`the provider was gone before shutdown (${outcome.problem}); the checks above say why`);
    }
  },
};

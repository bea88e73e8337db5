/** `correlation` (spec §5.1, H4): a provider declaring `correlation` echoes the query's id on its reply, exactly. */
import { quote } from "../evidence.ts";
import { queryOn } from "../exchanges.ts";
import { CORRELATION_PROBE_ID } from "../probe.ts";
import { fail, type ProviderCheck, pass, skip } from "./check.ts";

/** `correlation` (spec §5.1, H4), a raw stream probe. */
export const correlationCheck: ProviderCheck = {
  name: "correlation",
  follows: "2.0.0",
  scope: "wire",
  async run(run) {
    if (!run.ack.capabilities.correlation) return skip("the provider does not declare correlation");
    const opened = await run.sharedWire();
    if (!("link" in opened)) return fail(`a fresh connection failed: ${opened.problem}`);
    const answer = await queryOn(opened.link, run.probe, CORRELATION_PROBE_ID);
    if (answer.kind === "failed")
      return fail(`H4: the query sent with id ${CORRELATION_PROBE_ID} got ${answer.problem}`);
    const reply = answer.kind === "ok" ? "frames" : "error";
    if (answer.id !== CORRELATION_PROBE_ID)
      return fail(
        `H4: the ${reply} reply carried ${answer.id === undefined ? "no id" : `id ${quote(answer.id)}`} (expected ${CORRELATION_PROBE_ID})`,
      );
    return pass(`the ${reply} reply echoed id ${CORRELATION_PROBE_ID}`);
  },
};

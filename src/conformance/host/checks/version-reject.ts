/**
 * `host-version-reject` (spec §5.3, H3): a provider acking another major
 * version is refused with `version_mismatch`, promptly (a hang fails), and
 * one of the same family (`contextgraph/1.0-draft`) is accepted.
 */
import { HostError } from "../../../host/host-error.ts";
import { within } from "../../link/link.ts";
import { fail, pass } from "../../checks/check.ts";
import { type HostCheck, inSession } from "../host-check.ts";
import { scriptedProvider } from "../scripted.ts";

const HUNG = Symbol("hung");

/** How adding a provider acking `version` ended: accepted, refused (with what), or a hang. */
async function addAcking(context: Parameters<HostCheck["run"]>[0], version: string): Promise<string> {
  return inSession(context, async (session) => {
    const provider = scriptedProvider({ name: `acks-${version}`, version, answer: () => [] });
    try {
      const added = await within(session.add("provider", provider.transport), context.timeoutMs, HUNG);
      return added === HUNG ? `no answer within ${context.timeoutMs} ms (a hang)` : "accepted";
    } catch (error) {
      return error instanceof HostError ? `refused with ${error.kind}` : "refused with an untyped error";
    }
  });
}

/** `host-version-reject` (spec §5.3, H3). */
export const hostVersionReject: HostCheck = {
  name: "host-version-reject",
  anchor: "H3",
  async run(context) {
    const other = await addAcking(context, "contextgraph/2.0");
    const same = await addAcking(context, "contextgraph/1.0-draft");
    const evidence = `contextgraph/2.0: ${other}; contextgraph/1.0-draft: ${same}`;
    return other === "refused with version_mismatch" && same === "accepted"
      ? pass(evidence)
      : fail(`H3: ${evidence} (expected refused with version_mismatch, then accepted)`);
  },
};

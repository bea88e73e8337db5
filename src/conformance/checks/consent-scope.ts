/** `consent-scope` (spec §5.1, C5): every egress scope well-formed, none off-machine with `egress:false`. */
import { checkHandshakeAck } from "../../protocol/checks/handshake.ts";
import { findings, quote, violationText } from "../evidence.ts";
import { fail, type ProviderCheck, pass } from "./check.ts";

/** Judged on the data flow as the provider declared it (an HTTP host forces egress on, C4; this check does not). */
export const consentScopeCheck: ProviderCheck = {
  name: "consent-scope",
  follows: "2.0.0",
  scope: "after-handshake",
  async run(run) {
    const flow = run.ack.provider.data_flow;
    const scopes = flow.egress_scopes ?? [];
    const problems = checkHandshakeAck(run.ack).filter((found) => found.anchor === "C5");
    const declared = `egress ${flow.egress}, scopes ${scopes.length === 0 ? "(none)" : scopes.map(quote).join(", ")}`;
    if (problems.length > 0) return fail(`${findings(problems.map(violationText))} (${declared})`);
    return pass(`${declared}: consistent (C5)`);
  },
};

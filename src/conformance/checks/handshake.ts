/** `handshake` (spec §5.1, H1–H3, §6.4.1): an ack within 10 s, in the host's family, with a non-blank name and version. */
import { checkHandshakeAck } from "../../protocol/checks/handshake.ts";
import type { HandshakeAck } from "../../protocol/envelope.ts";
import { count, findings, quote, violationText } from "../evidence.ts";
import { fail, type ProviderCheck, pass } from "./check.ts";

/** What the ack declares, in a few words. */
function declared(ack: HandshakeAck): string {
  const caps = ack.capabilities;
  const flags = (["correlation", "graph", "verify", "resolve"] as const).filter((flag) => caps[flag]);
  const kinds = caps.query.kinds ?? [];
  return [
    `kinds ${kinds.length === 0 ? "(none)" : kinds.map(quote).join(", ")}`,
    flags.length === 0 ? "no optional capability" : flags.join(", "),
    ...(caps.embeddings_fingerprint ? [`fingerprint ${quote(caps.embeddings_fingerprint)}`] : []),
    count(ack.attester_keys?.length ?? 0, "attester key"),
  ].join("; ");
}

/** The main connection's handshake; every other check runs only when it passes. */
export const handshakeCheck: ProviderCheck = {
  name: "handshake",
  follows: "2.0.0",
  scope: "always",
  async run(run) {
    run.main = await run.connect();
    if (!("ack" in run.main)) return fail(run.main.problem);
    const { ack, ms } = run.main;
    // C5 is consent-scope's to judge.
    const problems = checkHandshakeAck(ack)
      .filter((found) => found.anchor !== "C5")
      .map((found) =>
        found.anchor === "H1" ? `${violationText(found)} (acked ${quote(ack.protocol_version)})` : violationText(found),
      );
    if (problems.length > 0) {
      run.main = { problem: "the handshake failed" };
      return fail(findings(problems));
    }
    const who = `${quote(ack.provider.name)} ${quote(ack.provider.version)}`;
    return pass(`${who} acked ${quote(ack.protocol_version)} in ${ms} ms; ${declared(ack)}`);
  },
};

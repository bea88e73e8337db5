/**
 * `host-consent-gate` (C1, C2) and `host-scope-receipt` (C6) (spec §5.3):
 * an egress provider receives no query until consent is recorded, and one
 * naming an off-machine scope none until that scope has a receipt (a boolean
 * consent is not enough), while a local twin is queried all along.
 */
import type { DataFlow } from "../../../protocol/provider-info.ts";
import { fail, pass } from "../../checks/check.ts";
import { count, quote } from "../../evidence.ts";
import { type HostCheck, inSession, legOf, legText } from "../host-check.ts";
import { honestFrame, scriptedProvider } from "../scripted.ts";

const QUERY = { goal: "consent", max_frames: 4, max_tokens: 400 };
const LOCAL: DataFlow = { reads: true, writes: false, egress: false, egress_scopes: ["local-only"] };

/** Registers a gated provider with `dataFlow` and a local twin; returns both, and the twin's name. */
async function gatedAndTwin(session: Parameters<Parameters<typeof inSession>[1]>[0], dataFlow: DataFlow) {
  const gated = scriptedProvider({
    name: "gated",
    dataFlow,
    answer: () => [honestFrame("gated-a", "from the gated one")],
  });
  const twin = scriptedProvider({
    name: "twin",
    dataFlow: LOCAL,
    answer: () => [honestFrame("twin-a", "from the twin")],
  });
  await session.add("gated", gated.transport);
  await session.add("twin", twin.transport);
  return { gated, twin };
}

/** `host-consent-gate` (spec §5.3, C1, C2). */
export const hostConsentGate: HostCheck = {
  name: "host-consent-gate",
  anchor: "C1, C2",
  run: (context) =>
    inSession(context, async (session) => {
      const flow: DataFlow = { reads: true, writes: false, egress: true };
      const { gated } = await gatedAndTwin(session, flow);
      const before = await session.queryAll(QUERY);
      const sentBefore = gated.queries();
      session.grantConsent("gated", flow);
      const after = await session.queryAll(QUERY);
      const evidence = `before consent: ${legText(legOf(before, "gated"))}, ${count(sentBefore, "query", "queries")} sent, twin ${legText(legOf(before, "twin"))}; after: ${legText(legOf(after, "gated"))}`;
      const gatedFirst = legOf(before, "gated")?.outcome === "consent_required" && sentBefore === 0;
      const twinServed = legOf(before, "twin")?.outcome === "frames";
      const gatedThen = legOf(after, "gated")?.outcome === "frames" && gated.queries() === 1;
      return gatedFirst && twinServed && gatedThen ? pass(evidence) : fail(`C1/C2: ${evidence}`);
    }),
};

/** `host-scope-receipt` (spec §5.3, C6). */
export const hostScopeReceipt: HostCheck = {
  name: "host-scope-receipt",
  anchor: "C6",
  run: (context) =>
    inSession(context, async (session) => {
      const flow: DataFlow = { reads: true, writes: false, egress: true, egress_scopes: ["third-party-model"] };
      const { gated } = await gatedAndTwin(session, flow);
      session.grantConsent("gated", flow);
      const before = await session.queryAll(QUERY);
      const leg = legOf(before, "gated");
      const missing = leg?.outcome === "consent_scope_required" ? leg.missing : [];
      const sentBefore = gated.queries();
      session.recordReceipt("gated", "third-party-model");
      const after = await session.queryAll(QUERY);
      const evidence = `boolean consent only: ${legText(leg)} naming ${missing.map(quote).join(", ") || "no scope"}, ${count(sentBefore, "query", "queries")} sent; with a receipt: ${legText(legOf(after, "gated"))}`;
      const refused = missing.length === 1 && missing[0] === "third-party-model" && sentBefore === 0;
      const served = legOf(after, "gated")?.outcome === "frames" && legOf(before, "twin")?.outcome === "frames";
      return refused && served ? pass(evidence) : fail(`C6: ${evidence}`);
    }),
};

// Host doubles for frameline's extension `host-content-binding`: frameline's host with one behaviour taken back
// to before it re-hashed content (commit 5cf042b) or made to trust too little, so each half of the extension can
// be shown to fail, and one legitimate variation (altered frames included, flagged) that must still pass. Each
// wraps a real session. (The signature-only double leaves the composer as it is: it re-hashes on its own, so
// that double fails on the states it reports.)
import {
  type AuditedFrame,
  type ComposedPrompt,
  composeForPrompt,
  type ContextQueryResult,
  framelineHost,
  type HandshakeAck,
  type HostSession,
  type HostUnderTest,
  type LegResult,
  offeredFrom,
  recordingTransport,
  verifyResultSignatures,
} from "../support/lib.ts";

/** frameline's host with some of its session's operations replaced. */
function double(name: string, change: (real: HostSession) => Partial<HostSession>): HostUnderTest {
  return {
    name,
    open() {
      const real = framelineHost.open();
      return { ...real, ...change(real) };
    },
  };
}

/** What a provider said on the wire, as the double saw it: its ack and its latest answer. */
interface Heard {
  ack?: HandshakeAck;
  result?: ContextQueryResult;
}

/** A leg's frames re-judged by their signatures alone, as `verifyResultSignatures` reports them (no re-hash, no D1). */
async function signatureOnly(leg: LegResult, heard: Heard | undefined): Promise<LegResult> {
  const { ack, result } = heard ?? {};
  if (leg.outcome !== "frames" || !ack || !result) return leg;
  const report = await verifyResultSignatures(result, ack.provider.name, ack.attester_keys ?? []);
  const frames = leg.frames.map((audited): AuditedFrame => {
    const i = result.frames.findIndex(
      (frame) => frame.id === audited.frame.id && frame.content_digest === audited.frame.content_digest,
    );
    const state = report.frames[i] ?? audited.attestation;
    return {
      ...audited,
      attestation: state.state === "attested" ? { ...state, anchor: "handshake" } : state,
      violations: audited.violations.filter((found) => !(found.anchor === "D1" && found.path === "content")),
    };
  });
  return { ...leg, frames, resultAttestation: report.result };
}

/** A host whose audit checks signatures only, taking every `content_digest` on trust (frameline before 5cf042b). */
export const signatureOnlyAudit: HostUnderTest = double(
  "audits signatures only (verifyResultSignatures), never re-hashing content",
  (real) => {
    const heard = new Map<string, Heard>();
    const queryAll = async (query: Parameters<HostSession["queryAll"]>[0]) =>
      Promise.all((await real.queryAll(query)).map((leg) => signatureOnly(leg, heard.get(leg.provider))));
    return {
      add: (id, transport) => {
        const seen: Heard = {};
        heard.set(id, seen);
        return real.add(
          id,
          recordingTransport(transport, (entry) => {
            if (entry.direction !== "received" || !("envelope" in entry)) return;
            if (entry.envelope.type === "handshake_ack") seen.ack = entry.envelope;
            if (entry.envelope.type === "frames") seen.result = entry.envelope.result;
          }),
        );
      },
      queryAll,
      composeAll: async (query, budget) => real.compose(offeredFrom(await queryAll(query)), budget),
    };
  },
);

/** A composed prompt with every frame left out for altered content cited instead, as covering its content. */
function citedAnyway(composed: ComposedPrompt): ComposedPrompt {
  const altered = composed.audit.entries.filter(
    (entry) => entry.disposition.kind === "excluded" && entry.disposition.reason.kind === "content_mismatch",
  );
  const citations = altered.map((entry) => ({
    label: entry.frame.frame_id,
    frame: entry.frame,
    provenance: [],
    coversContent: true,
  }));
  const entries = composed.audit.entries.map((entry) =>
    altered.includes(entry)
      ? {
          ...entry,
          disposition: { kind: "included" as const, verification: "verifiable" as const },
          coversContent: true,
        }
      : entry,
  );
  return { ...composed, citations: [...composed.citations, ...citations], audit: { ...composed.audit, entries } };
}

/** A host whose audit is right but whose composition presents altered frames as covering their content. */
export const trustingComposer: HostUnderTest = double("cites altered frames as covering their content", (real) => ({
  composeAll: async (query, budget) => citedAnyway(await real.composeAll(query, budget)),
}));

/** A host that includes altered frames, flagged (`alteredContent: "include_flagged"`): allowed, so it passes. */
export const flaggingComposer: HostUnderTest = double(
  "includes altered frames, flagged (alteredContent: include_flagged)",
  (real) => {
    const compose = (offered: Parameters<HostSession["compose"]>[0], budgetTokens: number) =>
      composeForPrompt(offered, { budgetTokens, alteredContent: "include_flagged" });
    return { compose, composeAll: async (query, budget) => compose(offeredFrom(await real.queryAll(query)), budget) };
  },
);

/** A leg with no frame, and not its root, vouched for: every state `no_trusted_key`. */
function trustingNothing(leg: LegResult): LegResult {
  if (leg.outcome !== "frames") return leg;
  const untrusted = { state: "no_trusted_key" as const, keyId: "any" };
  return {
    ...leg,
    frames: leg.frames.map((audited) => ({ ...audited, attestation: untrusted })),
    resultAttestation: untrusted,
  };
}

/** A host that trusts no signature at all: safe, but it cannot tell the twin from the altered answer. */
export const trustsNoSignature: HostUnderTest = double("trusts no signature at all", (real) => {
  const queryAll = async (query: Parameters<HostSession["queryAll"]>[0]) =>
    (await real.queryAll(query)).map(trustingNothing);
  return { queryAll, composeAll: async (query, budget) => real.compose(offeredFrom(await queryAll(query)), budget) };
});

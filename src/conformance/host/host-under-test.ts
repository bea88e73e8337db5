/**
 * What the host-side suites drive (spec §5.3, §5.4): a host as the handful
 * of operations the scenarios need, so any host can be checked, and a double
 * that breaks one of them can be shown to fail. `framelineHost` is this
 * library's own `Host` and `composeForPrompt`.
 */
import { consentReceipt } from "../../host/reports/consent-receipt.ts";
import { type ComposedPrompt, composeForPrompt } from "../../host/compose/compose-for-prompt.ts";
import type { OfferedFrame } from "../../host/compose/candidate.ts";
import {
  type FileProvenanceVerdict,
  type FileSource,
  verifyFileProvenance,
} from "../../host/sessions/file-provenance.ts";
import { Host } from "../../host/multi-provider/host.ts";
import type { LegResult } from "../../host/multi-provider/leg.ts";
import type { QueryInput } from "../../host/connection/prepare-query.ts";
import type { Transport } from "../../host/transports/transport.ts";
import type { Provenance } from "../../protocol/frame.ts";
import type { DataFlow } from "../../protocol/provider-info.ts";

/** One host, fresh for one scenario: no providers, no consent. */
export interface HostSession {
  /** Connects to a provider (the handshake) and registers it under `localId`; rejects when the host refuses it. */
  add(localId: string, transport: Transport): Promise<void>;
  /** Records boolean consent to an egress provider (C1). */
  grantConsent(localId: string, dataFlow: DataFlow): void;
  /** Records a consent receipt for one egress scope (C6). */
  recordReceipt(localId: string, scope: string): void;
  /** Fans a query out to every provider (spec §4.6): one leg each, audited. */
  queryAll(query: QueryInput): Promise<readonly LegResult[]>;
  /** Composes the given frames within a global budget (spec §4.8). */
  compose(offered: readonly OfferedFrame[], budgetTokens: number): ComposedPrompt;
  /** Fans out, then composes what the audit let through within a global budget: a composing host (spec §5.4). */
  composeAll(query: QueryInput, budgetTokens: number): Promise<ComposedPrompt>;
  /** F5 byte re-verification of one link over trusted `files` (spec §4.10). */
  verifyFileProvenance(link: Provenance, files: FileSource): Promise<FileProvenanceVerdict>;
  /** Ends every connection. */
  close(): Promise<void>;
}

/** A host under test: its name for the report, and a fresh session per scenario. */
export interface HostUnderTest {
  readonly name: string;
  open(): HostSession;
}

/** The frames of every `frames` leg, as a composer is offered them (spec §4.8). */
export function offeredFrom(legs: readonly LegResult[]): OfferedFrame[] {
  return legs.flatMap((leg) => (leg.outcome === "frames" ? leg.frames : []));
}

/** This library's host: `Host` (consent, fan-out, audits), `composeForPrompt` and `verifyFileProvenance`. */
export const framelineHost: HostUnderTest = {
  name: "frameline Host + composeForPrompt",
  open(): HostSession {
    const host = new Host();
    const compose = (offered: readonly OfferedFrame[], budgetTokens: number) =>
      composeForPrompt(offered, { budgetTokens });
    return {
      add: async (localId, transport) => void (await host.add(localId, transport)),
      grantConsent: (localId, dataFlow) => host.consent.grant(localId, dataFlow, "conformance scenario"),
      recordReceipt: (localId, scope) => {
        const provider = host.connection(localId)?.provider ?? { name: localId, version: "unknown" };
        host.consent.recordReceipt(
          consentReceipt({ providerId: localId, scope, provider, grantor: { kind: "policy", id: "conformance" } }),
        );
      },
      queryAll: (query) => host.queryAll(query),
      compose,
      composeAll: async (query, budgetTokens) => compose(offeredFrom(await host.queryAll(query)), budgetTokens),
      verifyFileProvenance,
      close: () => host.close(),
    };
  },
};

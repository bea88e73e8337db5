/** The consent gate (spec §4.5, C1, C2, C6). */
import type { DataFlow } from "../../../protocol/provider-info.ts";
import type { ConsentReceipt } from "../../reports/consent-receipt.ts";
import { formatTimestamp, isOffMachineScope } from "../../../protocol/grammars.ts";
import { type ConsentStorage, memoryConsentStorage } from "./storage.ts";

/** What the gate decided for a provider, before any payload is sent (spec §4.5 `evaluate`). */
export type ConsentDecision =
  | { readonly permitted: true }
  | { readonly permitted: false; readonly needs: "consent" }
  | { readonly permitted: false; readonly needs: "receipts"; readonly missing: readonly string[] };

/**
 * Consent per local provider id (spec §4.5). A provider declaring off-machine
 * egress scopes is permitted only when every such scope has a receipt (a
 * boolean record does not satisfy a scope gate); else an `egress:true`
 * provider needs a boolean record; else it is permitted. Receipts are
 * append-only; revoking removes the boolean record and the provider's receipts.
 */
export class ConsentStore {
  readonly #storage: ConsentStorage;

  constructor(storage: ConsentStorage = memoryConsentStorage()) {
    this.#storage = storage;
  }

  /** Records a boolean consent to an egress provider (C1). */
  grant(providerId: string, dataFlow: DataFlow, grantedScope: string, now: Date = new Date()): void {
    const state = this.#storage.load();
    const records = [
      ...state.records.filter((r) => r.provider_id !== providerId),
      { provider_id: providerId, data_flow: dataFlow, granted_scope: grantedScope, granted_at: formatTimestamp(now) },
    ];
    this.#storage.save({ ...state, records });
  }

  /** Records a scope receipt (C6). */
  recordReceipt(receipt: ConsentReceipt): void {
    const state = this.#storage.load();
    this.#storage.save({ ...state, receipts: [...state.receipts, receipt] });
  }

  /** Withdraws consent to a provider: its record and its receipts. */
  revoke(providerId: string): void {
    const state = this.#storage.load();
    this.#storage.save({
      records: state.records.filter((r) => r.provider_id !== providerId),
      receipts: state.receipts.filter((r) => r.provider_id !== providerId),
    });
  }

  /** Every receipt recorded for a provider. */
  receipts(providerId: string): readonly ConsentReceipt[] {
    return this.#storage.load().receipts.filter((r) => r.provider_id === providerId);
  }

  /** The gate (spec §4.5): presence-based, no clock. */
  evaluate(providerId: string, dataFlow: DataFlow): ConsentDecision {
    const state = this.#storage.load();
    const offMachine = (dataFlow.egress_scopes ?? []).filter(isOffMachineScope);
    if (offMachine.length > 0) {
      const granted = new Set(state.receipts.filter((r) => r.provider_id === providerId).map((r) => r.scope));
      const missing = offMachine.filter((scope) => !granted.has(scope));
      return missing.length === 0 ? { permitted: true } : { permitted: false, needs: "receipts", missing };
    }
    if (dataFlow.egress && !state.records.some((r) => r.provider_id === providerId))
      return { permitted: false, needs: "consent" };
    return { permitted: true };
  }
}

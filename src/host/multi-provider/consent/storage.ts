/** Where consent lives: in memory by default, `localStorage` in a browser (spec §4.5, C1). */
import type { DataFlow } from "../../../protocol/provider-info.ts";
import type { ConsentReceipt } from "../../reports/consent-receipt.ts";

/** A boolean consent to an egress provider (spec §4.5 `ConsentRecord`). */
export interface ConsentRecord {
  readonly provider_id: string;
  readonly data_flow: DataFlow;
  /** A human description of what was granted. */
  readonly granted_scope: string;
  readonly granted_at: string;
}

/** Everything a consent store keeps: boolean records and append-only scope receipts. */
export interface ConsentState {
  readonly records: readonly ConsentRecord[];
  readonly receipts: readonly ConsentReceipt[];
}

/** A pluggable persistence for consent (spec §4.5). */
export interface ConsentStorage {
  load(): ConsentState;
  save(state: ConsentState): void;
}

/** Keeps consent in memory for the life of the host. */
export function memoryConsentStorage(initial: ConsentState = { records: [], receipts: [] }): ConsentStorage {
  let state = initial;
  return {
    load: () => state,
    save: (next) => {
      state = next;
    },
  };
}

/** The subset of the Web Storage API the adapter uses. */
export interface WebStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Keeps consent in `localStorage` (or any Web Storage) under `key`, so a
 * browser page remembers what its user granted. A corrupt entry reads as no
 * consent at all: never as consent.
 */
export function webConsentStorage(storage: WebStorage, key = "frameline.consent"): ConsentStorage {
  return {
    load() {
      try {
        const value = JSON.parse(storage.getItem(key) ?? "null") as Partial<ConsentState> | null;
        return {
          records: Array.isArray(value?.records) ? value.records : [],
          receipts: Array.isArray(value?.receipts) ? value.receipts : [],
        };
      } catch {
        return { records: [], receipts: [] };
      }
    },
    save(state) {
      storage.setItem(key, JSON.stringify(state));
    },
  };
}

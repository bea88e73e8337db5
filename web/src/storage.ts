/**
 * What the page remembers on this device, in Web Storage: pinned keys (the
 * trust store of spec §3.13, keyed by local provider id and key id), consent
 * (§4.5) and, only when the person asks, a bearer token. Storage that is
 * unavailable or corrupt reads as empty: never as trust, never as consent.
 */
import { type ConsentState, webConsentStorage } from "../../src/host/index.ts";
import type { AttesterKey } from "../../src/protocol/index.ts";

const TRUST_KEY = "frameline.trust";
const TOKEN_PREFIX = "frameline.token:";

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function read<T>(key: string, fallback: T): T {
  try {
    const value = storage()?.getItem(key);
    return value === null || value === undefined ? fallback : (JSON.parse(value) as T);
  } catch {
    return fallback;
  }
}

function write(key: string, value: string | undefined): void {
  try {
    if (value === undefined) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // Storage full or refused: nothing is remembered, which is the safe side.
  }
}

function isKey(value: unknown): value is AttesterKey {
  const key = value as AttesterKey;
  return typeof key?.key_id === "string" && typeof key.public_key === "string" && typeof key.algorithm === "string";
}

/** The keys the trust store `all` holds for a provider (anything that is not a key is dropped). */
function keysOf(all: Record<string, unknown> | null, localId: string): AttesterKey[] {
  const keys = all?.[localId];
  return Array.isArray(keys) ? keys.filter(isKey) : [];
}

/** Every pinned key of a provider. */
export function pinnedKeys(localId: string): AttesterKey[] {
  return keysOf(read(TRUST_KEY, {}), localId);
}

/** Pins `key` for a provider, replacing a pin under the same key id; or, with `pinned` false, removes that pin. */
export function pinKey(localId: string, key: AttesterKey, pinned = true): AttesterKey[] {
  const all = read<Record<string, unknown>>(TRUST_KEY, {});
  const keys = [...keysOf(all, localId).filter((k) => k.key_id !== key.key_id), ...(pinned ? [{ ...key }] : [])];
  write(TRUST_KEY, JSON.stringify({ ...all, [localId]: keys }));
  return keys;
}

/** How a published key stands against the trust store: pinned, not pinned, or pinned to another key (loudly). */
export function pinState(localId: string, key: AttesterKey): "pinned" | "unpinned" | "mismatch" {
  const pinned = pinnedKeys(localId).find((k) => k.key_id === key.key_id);
  if (!pinned) return "unpinned";
  return pinned.public_key === key.public_key && pinned.algorithm === key.algorithm ? "pinned" : "mismatch";
}

/** A remembered token, if the person asked for one to be kept (a stored value that is not a string is none). */
export function rememberedToken(localId: string): string | undefined {
  const token = read<unknown>(TOKEN_PREFIX + localId, undefined);
  return typeof token === "string" ? token : undefined;
}

/** Keeps or forgets a token for a provider. */
export function rememberToken(localId: string, token: string | undefined): void {
  write(TOKEN_PREFIX + localId, token === undefined ? undefined : JSON.stringify(token));
}

const consent = () => {
  const web = storage();
  return web ? webConsentStorage(web) : undefined;
};

/** The consent the page remembers. */
export function loadConsent(): ConsentState {
  try {
    return consent()?.load() ?? { records: [], receipts: [] };
  } catch {
    return { records: [], receipts: [] };
  }
}

/** Saves the consent state the host reports after each change. */
export function saveConsent(state: ConsentState): void {
  try {
    consent()?.save(state);
  } catch {
    // Refused storage: consent lasts only as long as the page.
  }
}

/**
 * The ask Worker's settings, read from its bindings (docs/ask.md): the
 * providers, the handshake cache (memory per isolate, plus, when the secret
 * `HANDSHAKE_CACHE_KEY` seals its entries, KV when `HANDSHAKE_KV` is bound,
 * else the Cache API when the runtime has one, in the cache
 * `HANDSHAKE_CACHE_SCOPE` names;
 * `HANDSHAKE_CACHE = "off"` handshakes on every question) and the time bounds.
 */
import {
  cacheApiHandshakeStore,
  HandshakeCache,
  type HandshakeStore,
  type KvNamespaceLike,
  kvHandshakeStore,
  MIN_STORE_KEY_CHARS,
} from "../../src/host/index.ts";
import type { AskContext } from "./ask.ts";
import { ConfigError, type ProviderConfig, readProviders } from "./config.ts";
import type { AskInvocation } from "./handler.ts";
import { askProviders, type Bindings } from "./providers.ts";

/** One cache per store choice and age, for the life of the isolate: what makes the next question warm. */
const handshakeCaches = new Map<string, HandshakeCache>();
let lastProviders: { value: unknown; configs: ProviderConfig[] } | undefined;

/** A whole number of `name` between `min` and `max`, or undefined when unset. */
function wholeNumber(env: Bindings, name: string, min: number, max: number): number | undefined {
  const value = env[name];
  if (value === undefined || value === "") return undefined;
  const number = typeof value === "number" ? value : Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new ConfigError(name, `${name} must be a whole number from ${min} to ${max}`);
  return number;
}

function isKv(value: unknown): value is KvNamespaceLike {
  return typeof value === "object" && value !== null && typeof (value as KvNamespaceLike).put === "function";
}

const SCOPE = /^[A-Za-z0-9._-]{1,64}$/;

/** `HANDSHAKE_CACHE_SCOPE` (default `ask`): names the Cache API cache this Worker keeps acks in. */
function scopeOf(env: Bindings): string {
  const scope = env.HANDSHAKE_CACHE_SCOPE ?? "ask";
  if (typeof scope !== "string" || !SCOPE.test(scope))
    throw new ConfigError(
      "HANDSHAKE_CACHE_SCOPE",
      "HANDSHAKE_CACHE_SCOPE must be 1–64 letters, digits, '.', '_' or '-'",
    );
  return scope;
}

/** `HANDSHAKE_CACHE_KEY`: the secret store entries are sealed with; without it the cache keeps memory only. */
function storeKeyOf(env: Bindings): string | undefined {
  const key = env.HANDSHAKE_CACHE_KEY;
  if (key === undefined || key === "") return undefined;
  if (typeof key !== "string" || key.length < MIN_STORE_KEY_CHARS)
    throw new ConfigError(
      "HANDSHAKE_CACHE_KEY",
      `HANDSHAKE_CACHE_KEY must be a secret of at least ${MIN_STORE_KEY_CHARS} characters`,
    );
  return key;
}

/**
 * The async tier: KV when `HANDSHAKE_KV` is bound; else the Cache API where
 * the runtime has one, in the cache `frameline-handshakes/<scope>` (a zone's
 * Workers share its caches, and two Workers may give one binding name to
 * different services: each such deployment gets its own scope); else none.
 */
async function storeOf(env: Bindings, scope: string): Promise<HandshakeStore | undefined> {
  if (env.HANDSHAKE_KV !== undefined) {
    if (!isKv(env.HANDSHAKE_KV)) throw new ConfigError("HANDSHAKE_KV", "HANDSHAKE_KV must be a KV namespace binding");
    return kvHandshakeStore(env.HANDSHAKE_KV);
  }
  const storage = (globalThis as { caches?: CacheStorage }).caches;
  if (!storage || typeof storage.open !== "function") return undefined;
  return cacheApiHandshakeStore(await storage.open(`frameline-handshakes/${scope}`));
}

/**
 * The async tier, only when `storeKey` can seal it: a bound `HANDSHAKE_KV`
 * without `HANDSHAKE_CACHE_KEY` is a `ConfigError` (the operator asked for a
 * shared store); the implicit Cache API is left out (memory only).
 */
async function sealableStore(env: Bindings, scope: string, storeKey: string | undefined) {
  const store = await storeOf(env, scope);
  if (storeKey !== undefined || store === undefined) return store;
  if (env.HANDSHAKE_KV !== undefined)
    throw new ConfigError(
      "HANDSHAKE_CACHE_KEY",
      "HANDSHAKE_KV needs HANDSHAKE_CACHE_KEY, the secret its entries are sealed with",
    );
  return undefined;
}

/** The handshake cache for these bindings: shared by the isolate's questions, or a fresh one when caching is off. */
export async function handshakeCacheFor(env: Bindings): Promise<HandshakeCache> {
  const mode = env.HANDSHAKE_CACHE ?? "on";
  if (mode !== "on" && mode !== "off")
    throw new ConfigError("HANDSHAKE_CACHE", 'HANDSHAKE_CACHE must be "on" or "off"');
  const maxAgeSeconds = wholeNumber(env, "HANDSHAKE_MAX_AGE_SECONDS", 1, 86_400);
  const maxAge = maxAgeSeconds === undefined ? {} : { maxAgeMs: maxAgeSeconds * 1000 };
  if (mode === "off") return new HandshakeCache(maxAge);
  const scope = scopeOf(env);
  const storeKey = storeKeyOf(env);
  const tier = storeKey === undefined ? "memory" : env.HANDSHAKE_KV === undefined ? "cache-api" : "kv";
  const key = JSON.stringify([tier, scope, maxAgeSeconds ?? null, storeKey ?? null]);
  let cache = handshakeCaches.get(key);
  if (!cache) {
    const store = await sealableStore(env, scope, storeKey);
    cache = handshakeCaches.get(key) ?? new HandshakeCache({ ...maxAge, ...(store ? { store, storeKey } : {}) });
    handshakeCaches.set(key, cache);
  }
  return cache;
}

/** The configured providers, parsed once per distinct `PROVIDERS` value. */
function providerConfigs(env: Bindings): ProviderConfig[] {
  if (env.PROVIDERS === undefined) throw new ConfigError("PROVIDERS", "PROVIDERS is not set");
  if (lastProviders?.value !== env.PROVIDERS)
    lastProviders = { value: env.PROVIDERS, configs: readProviders(env.PROVIDERS) };
  return lastProviders.configs;
}

/** Everything one question needs, from the bindings (and, in a Worker, the invocation's `waitUntil`). */
export async function askContextFrom(env: Bindings, invocation: AskInvocation = {}): Promise<AskContext> {
  const handshakeTimeoutMs = wholeNumber(env, "HANDSHAKE_TIMEOUT_MS", 1, 60_000);
  const queryTimeoutMs = wholeNumber(env, "QUERY_TIMEOUT_MS", 1, 120_000);
  return {
    providers: askProviders(providerConfigs(env), env),
    cache: await handshakeCacheFor(env),
    ...(handshakeTimeoutMs === undefined ? {} : { handshakeTimeoutMs }),
    ...(queryTimeoutMs === undefined ? {} : { queryTimeoutMs }),
    ...(invocation.waitUntil ? { waitUntil: invocation.waitUntil } : {}),
  };
}

/**
 * The ask Worker's settings, read from its bindings (docs/ask.md): the
 * providers, the handshake cache (memory per isolate, plus KV when
 * `HANDSHAKE_KV` is bound, else the Cache API when the runtime has one;
 * `HANDSHAKE_CACHE = "off"` handshakes on every question) and the time bounds.
 */
import {
  cacheApiHandshakeStore,
  HandshakeCache,
  type HandshakeStore,
  type KvNamespaceLike,
  kvHandshakeStore,
} from "../../src/host/index.ts";
import type { AskContext } from "./ask.ts";
import { ConfigError, type ProviderConfig, readProviders } from "./config.ts";
import type { AskInvocation } from "./handler.ts";
import { askProviders, type Bindings } from "./providers.ts";

/** One cache per store choice and age, for the life of the isolate: what makes the next question warm. */
const caches = new Map<string, HandshakeCache>();
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

/** The Cache API's default cache where the runtime has one (workerd), else none. */
function defaultCache(): Cache | undefined {
  return (globalThis as { caches?: { default?: Cache } }).caches?.default;
}

/** The async tier: KV when bound, else the Cache API, else none (memory only). */
function storeOf(env: Bindings): { name: string; store?: HandshakeStore } {
  if (env.HANDSHAKE_KV !== undefined) {
    if (!isKv(env.HANDSHAKE_KV)) throw new ConfigError("HANDSHAKE_KV", "HANDSHAKE_KV must be a KV namespace binding");
    return { name: "kv", store: kvHandshakeStore(env.HANDSHAKE_KV) };
  }
  const cache = defaultCache();
  return cache ? { name: "cache-api", store: cacheApiHandshakeStore(cache) } : { name: "memory" };
}

/** The handshake cache for these bindings: shared by the isolate's questions, or a fresh one when caching is off. */
export function handshakeCacheFor(env: Bindings): HandshakeCache {
  const mode = env.HANDSHAKE_CACHE ?? "on";
  if (mode !== "on" && mode !== "off")
    throw new ConfigError("HANDSHAKE_CACHE", 'HANDSHAKE_CACHE must be "on" or "off"');
  const maxAgeSeconds = wholeNumber(env, "HANDSHAKE_MAX_AGE_SECONDS", 1, 86_400);
  const maxAge = maxAgeSeconds === undefined ? {} : { maxAgeMs: maxAgeSeconds * 1000 };
  if (mode === "off") return new HandshakeCache(maxAge);
  const { name, store } = storeOf(env);
  const key = `${name}:${maxAgeSeconds ?? ""}`;
  let cache = caches.get(key);
  if (!cache) {
    cache = new HandshakeCache({ ...maxAge, ...(store ? { store } : {}) });
    caches.set(key, cache);
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
export function askContextFrom(env: Bindings, invocation: AskInvocation = {}): AskContext {
  const handshakeTimeoutMs = wholeNumber(env, "HANDSHAKE_TIMEOUT_MS", 1, 60_000);
  const queryTimeoutMs = wholeNumber(env, "QUERY_TIMEOUT_MS", 1, 120_000);
  return {
    providers: askProviders(providerConfigs(env), env),
    cache: handshakeCacheFor(env),
    ...(handshakeTimeoutMs === undefined ? {} : { handshakeTimeoutMs }),
    ...(queryTimeoutMs === undefined ? {} : { queryTimeoutMs }),
    ...(invocation.waitUntil ? { waitUntil: invocation.waitUntil } : {}),
  };
}

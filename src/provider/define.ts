/** `defineProvider`: a provider definition made ready to serve (spec §4.13). */
import { DEFAULT_TIMEOUT_MS, type Provider, type ProviderDefinition } from "./definition.ts";
import { handleEnvelope } from "./dispatch.ts";

/**
 * Defines a provider (spec §4.13). Every binding (stream, HTTP, stdio) serves
 * it through `handleEnvelope`.
 *
 * @example
 * const docs = defineProvider({
 *   info: { name: "docs", version: "1.0.0", data_flow: { reads: true } },
 *   capabilities: { query: { kinds: ["doc"] }, correlation: true, verify: true },
 *   query: (q) => search(q.query_text ?? q.goal),
 * });
 */
export function defineProvider(definition: ProviderDefinition): Provider {
  const provider: Provider = {
    ...definition,
    timeoutMs: definition.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    handle: (envelope, session) => handleEnvelope(provider, envelope, session),
  };
  return provider;
}

/**
 * From configuration to providers the host can reach (docs/ask.md): a
 * service binding is used through `httpTransport`'s `fetch` option, so a
 * Worker in the same account is reached without leaving the edge; a URL goes
 * through the global `fetch`, under C7 (https, or http to loopback only). A
 * bearer token comes from the secret the configuration names, wrapped in a
 * `Credential` at once (C8).
 */
import { Credential, httpTransport } from "../../src/host/index.ts";
import type { AskProvider } from "./ask.ts";
import { ConfigError, type ProviderConfig } from "./config.ts";

/** What a runtime gives the ask handler: variables, secrets and (in a Worker) service bindings, by name. */
export type Bindings = Readonly<Record<string, unknown>>;

interface Fetcher {
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
}

function isFetcher(value: unknown): value is Fetcher {
  return typeof value === "object" && value !== null && typeof (value as Fetcher).fetch === "function";
}

/** The URL a service binding is asked at: the binding ignores the host, `.invalid` (RFC 6761) makes sure nothing else can. */
function bindingUrl(binding: string, path: string): string {
  return `https://${binding.toLowerCase().replaceAll("_", "-")}.service-binding.invalid${path}`;
}

function credentialOf(config: ProviderConfig, member: string, env: Bindings): Credential | undefined {
  if (config.token_secret === undefined) return undefined;
  const secret = env[config.token_secret];
  if (typeof secret !== "string" || secret === "")
    throw new ConfigError(
      `${member}.token_secret`,
      `${member}.token_secret names ${config.token_secret}, which is not set`,
    );
  return new Credential(secret);
}

/** One configured provider, resolved against the runtime's bindings. */
function askProvider(config: ProviderConfig, index: number, env: Bindings): AskProvider {
  const member = `PROVIDERS[${index}]`;
  const credential = credentialOf(config, member, env);
  const auth = credential ? { credential } : {};
  const base = { name: config.name, consent: config.consent, pinnedKeys: config.pinned_keys };
  const secretName = config.token_secret ?? "";
  if (config.service !== undefined) {
    const binding = env[config.service];
    if (!isFetcher(binding))
      throw new ConfigError(
        `${member}.service`,
        `${member}.service names ${config.service}, which is not a service binding`,
      );
    const url = bindingUrl(config.service, config.path);
    const send = ((input, init) => binding.fetch(input, init)) as typeof fetch;
    return {
      ...base,
      key: JSON.stringify(["service", config.service, config.path, secretName]),
      transport: () => httpTransport(url, { ...auth, fetch: send }),
    };
  }
  const url = config.url!;
  return { ...base, key: JSON.stringify(["url", url, secretName]), transport: () => httpTransport(url, auth) };
}

/** Every configured provider, resolved; a binding or secret that is missing is a `ConfigError` naming it. */
export function askProviders(configs: readonly ProviderConfig[], env: Bindings): AskProvider[] {
  return configs.map((config, index) => askProvider(config, index, env));
}

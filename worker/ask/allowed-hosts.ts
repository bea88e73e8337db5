/**
 * DNS-rebinding protection for `/ask` and `/mcp` (the MCP specification's
 * security guidance for HTTP servers: validate Host and Origin). A page on
 * `evil.example` whose name is rebound to this Worker's address sends
 * `Host: evil.example` and `Origin: http://evil.example`; both must name a
 * host the operator allows, or the request is refused before anything runs.
 * `ALLOWED_HOSTS` is a comma-separated list of host names; unset, only
 * loopback names are allowed (`localhost`, 127.0.0.0/8, `[::1]`): the
 * default of `wrangler dev`, and a deployment sets its own names.
 */
import { isLoopbackUrl } from "../../src/host/index.ts";
import { DEFAULT_MAX_DRAIN_BYTES, discardBody } from "../../src/provider/index.ts";
import { ConfigError } from "./config.ts";
import { errorResponse } from "./handler.ts";
import type { Bindings } from "./providers.ts";

/** The host names a request may name, lowercased; undefined: loopback only. */
type AllowedHosts = ReadonlySet<string> | undefined;

const HOST_NAME = /^[a-z0-9.-]{1,253}$|^\[[0-9a-f:.]{2,45}\]$/;

/** `ALLOWED_HOSTS` from the bindings: each entry a host name without port or scheme (a `ConfigError` otherwise). */
export function allowedHostsOf(env: Bindings): AllowedHosts {
  const value = env.ALLOWED_HOSTS;
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string") throw new ConfigError("ALLOWED_HOSTS", "ALLOWED_HOSTS must be a comma-separated list");
  const names = value.split(",").map((name) => name.trim().toLowerCase());
  if (names.some((name) => !HOST_NAME.test(name)))
    throw new ConfigError("ALLOWED_HOSTS", "ALLOWED_HOSTS entries are host names, without scheme, port or path");
  return new Set(names);
}

/** Whether `url`'s host is one the operator allows (loopback when no list is set). */
function allowedUrl(url: URL, allowed: AllowedHosts): boolean {
  return allowed === undefined ? isLoopbackUrl(url) : allowed.has(url.hostname.toLowerCase());
}

/** The URL a `Host` or `Origin` value names, or undefined when it is not one. */
function urlOf(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/**
 * The 403 for a request whose `Host` (and the request URL, which runtimes build
 * from it) or `Origin` names a host not allowed, its body drained first so
 * keep-alive survives; undefined when the request may proceed. An absent
 * `Origin` (a server-side client) is fine; `Origin: null` is not.
 */
export async function rebindingRefusal(request: Request, allowed: AllowedHosts): Promise<Response | undefined> {
  const host = request.headers.get("host");
  const origin = request.headers.get("origin");
  const named = [
    urlOf(request.url),
    ...(host === null ? [] : [urlOf(`http://${host}`)]),
    ...(origin === null ? [] : [urlOf(origin)]),
  ];
  if (named.every((url) => url !== undefined && allowedUrl(url, allowed))) return undefined;
  await discardBody(request, DEFAULT_MAX_DRAIN_BYTES);
  return errorResponse(403, "forbidden_host", "the request's Host or Origin is not one this endpoint answers for");
}

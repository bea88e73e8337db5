/**
 * The `/ask` handler for any runtime on web standards (docs/ask.md "Outside
 * Workers"): Node, Deno and Bun serve it as it is. `env` holds what a Worker
 * gets as bindings (`PROVIDERS`, the token secrets, `HANDSHAKE_*`): pass
 * `process.env`, `Deno.env.toObject()` or `Bun.env`. Providers are reached by
 * URL there (there are no service bindings); the handshake cache lives in the
 * process's memory, and in the Cache API where the runtime has one.
 */
import { allowedHostsOf, rebindingRefusal } from "./allowed-hosts.ts";
import { askContextFrom } from "./context.ts";
import { type AskHandler, createAskHandler } from "./handler.ts";
import type { Bindings } from "./providers.ts";

/**
 * The `/ask` handler configured from `env`; one per process, so its handshake
 * cache stays warm. Requests naming a Host or Origin outside `ALLOWED_HOSTS`
 * (loopback only when unset) are refused with 403 (DNS rebinding).
 */
export function askHandlerFrom(env: Bindings): AskHandler {
  const allowed = allowedHostsOf(env);
  const handler = createAskHandler({ context: (invocation) => askContextFrom(env, invocation) });
  return async (request, invocation) => (await rebindingRefusal(request, allowed)) ?? handler(request, invocation);
}

export type { AskHandler } from "./handler.ts";

/**
 * The `/ask` handler for any runtime on web standards (docs/ask.md "Outside
 * Workers"): Node, Deno and Bun serve it as it is. `env` holds what a Worker
 * gets as bindings (`PROVIDERS`, the token secrets, `HANDSHAKE_*`): pass
 * `process.env`, `Deno.env.toObject()` or `Bun.env`. Providers are reached by
 * URL there (there are no service bindings); the handshake cache lives in the
 * process's memory, and in the Cache API where the runtime has one.
 */
import { askContextFrom } from "./context.ts";
import { type AskHandler, createAskHandler } from "./handler.ts";
import type { Bindings } from "./providers.ts";

/** The `/ask` handler configured from `env`; one per process, so its handshake cache stays warm. */
export function askHandlerFrom(env: Bindings): AskHandler {
  return createAskHandler({ context: (invocation) => askContextFrom(env, invocation) });
}

export type { AskHandler } from "./handler.ts";

/**
 * The ask Worker (docs/ask.md): a serverless CGP host at the edge. `POST
 * /ask` fans a question out to the configured providers, verifies every
 * answer and composes the frames into a prompt; `/mcp` offers the same as an
 * MCP tool. Providers come from the `PROVIDERS` variable; a service binding
 * reaches a Worker such as the docs provider without leaving the edge.
 */
import { allowedHostsOf, rebindingRefusal } from "./allowed-hosts.ts";
import { askContextFrom } from "./context.ts";
import { answer, createAskHandler } from "./handler.ts";
import { createMcpHandler } from "./mcp.ts";
import type { Bindings } from "./providers.ts";

interface Invocation {
  waitUntil(work: Promise<unknown>): void;
}

/** One handler pair per bindings object (the isolate's env), built on first use. */
const handlers = new WeakMap<
  object,
  { ask: ReturnType<typeof createAskHandler>; mcp: ReturnType<typeof createMcpHandler> }
>();

function handlersFor(env: Bindings) {
  let found = handlers.get(env);
  if (!found) {
    const options = {
      context: (invocation: { waitUntil?: (work: Promise<unknown>) => void }) => askContextFrom(env, invocation),
    };
    found = {
      ask: createAskHandler(options),
      mcp: createMcpHandler((question, invocation) => answer(options, question, invocation)),
    };
    handlers.set(env, found);
  }
  return found;
}

export default {
  async fetch(request: Request, env: Bindings, context: Invocation): Promise<Response> {
    const refused = await rebindingRefusal(request, allowedHostsOf(env));
    if (refused) return refused;
    const invocation = { waitUntil: (work: Promise<unknown>) => context.waitUntil(work) };
    const { ask, mcp } = handlersFor(env);
    return new URL(request.url).pathname === "/mcp" ? mcp(request, invocation) : ask(request, invocation);
  },
};

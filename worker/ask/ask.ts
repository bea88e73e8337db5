/**
 * One question, answered as a serverless host (spec §4): every configured
 * provider registered with the `Host` to connect through the handshake cache
 * (recording the operator's consent for what it declares), a fan-out with
 * `Host.queryAll` (the budget split between the providers that serve it),
 * composition with `composeForPrompt` under the same budget, and a usage
 * report. A provider that cannot be reached fails its own leg and no other.
 */
import {
  type AuditedFrame,
  type CachedConnection,
  type Connection,
  composeForPrompt,
  consentReceipt,
  type ExchangeTransport,
  type HandshakeCache,
  Host,
  usageLegOf,
  usageReport,
} from "../../src/host/index.ts";
import type { AttesterKey } from "../../src/protocol/index.ts";
import { type AskAnswer, compositionJson, frameJson, legJson } from "./answer.ts";
import { type AskRequest, DEFAULT_MAX_FRAMES } from "./ask-request.ts";
import type { ConsentConfig } from "./config.ts";

/** A provider ready to be asked: its local id, its cache key, how to reach it, what the operator granted. */
export interface AskProvider {
  readonly name: string;
  /** What identifies the endpoint to the handshake cache (its URL, or its service binding and path). */
  readonly key: string;
  /** A fresh transport; may throw a `HostError` (C7: `insecure_transport`) before anything is sent. */
  transport(): ExchangeTransport;
  readonly consent: ConsentConfig;
  readonly pinnedKeys: readonly AttesterKey[];
}

/** Everything one question needs besides itself. */
export interface AskContext {
  readonly providers: readonly AskProvider[];
  readonly cache: HandshakeCache;
  /** Bounds on the handshake and on each query (defaults: the reference host's 10 s and 30 s). */
  readonly handshakeTimeoutMs?: number;
  readonly queryTimeoutMs?: number;
  /** Where store writes go without holding up the answer (a Worker's `ctx.waitUntil`). */
  readonly waitUntil?: (work: Promise<unknown>) => void;
  /** Cancels the question (the client went away). */
  readonly signal?: AbortSignal;
}

/** Who granted what: the Worker's configuration, a policy (spec §4.11 `grantor.kind`). */
const GRANTOR = { kind: "policy", id: "ask-worker configuration" } as const;

/** Connects to one provider through the handshake cache, under the question's bounds. */
function connectThroughCache(provider: AskProvider, context: AskContext): Promise<CachedConnection> {
  return context.cache.connect(provider.key, provider.transport(), {
    ...(context.handshakeTimeoutMs === undefined ? {} : { handshakeTimeoutMs: context.handshakeTimeoutMs }),
    ...(context.queryTimeoutMs === undefined ? {} : { timeoutMs: context.queryTimeoutMs }),
    ...(context.signal ? { signal: context.signal } : {}),
    ...(context.waitUntil ? { waitUntil: context.waitUntil } : {}),
  });
}

/** Records the operator's consent for one connected provider (C1: a record; C6: a receipt per scope). */
function grantConsent(host: Host, provider: AskProvider, connection: Connection): void {
  if (provider.consent.egress) host.consent.grant(provider.name, connection.provider.data_flow, GRANTOR.id);
  for (const scope of provider.consent.scopes)
    host.consent.recordReceipt(
      consentReceipt({ providerId: provider.name, scope, provider: connection.provider, grantor: GRANTOR }),
    );
}

/**
 * Answers one question (docs/ask.md). The `Host` is not closed afterwards:
 * its connections are HTTP exchanges the handshake cache resumes next time,
 * and closing them would send every provider a `shutdown` per question.
 */
export async function ask(question: AskRequest, context: AskContext): Promise<AskAnswer> {
  const pinnedKeys = Object.fromEntries(context.providers.map((p) => [p.name, p.pinnedKeys]));
  const host = new Host({ pinnedKeys });
  const sources = new Map<string, CachedConnection["source"]>();
  // Each provider connects when the fan-out reaches it: one that cannot be reached is a failed leg (stage connect).
  for (const provider of context.providers) {
    host.register(provider.name, async () => {
      const connection = await connectThroughCache(provider, context);
      grantConsent(host, provider, connection);
      sources.set(provider.name, connection.source);
      return connection;
    });
  }
  const query = {
    goal: question.goal,
    ...(question.query_text === undefined ? {} : { query_text: question.query_text }),
    ...(question.kinds === undefined ? {} : { kinds: question.kinds }),
    max_frames: question.max_frames ?? DEFAULT_MAX_FRAMES,
    max_tokens: question.budget_tokens,
  };
  const legs = await host.queryAll(query, {
    budget: question.budget_tokens,
    ...(context.signal ? { signal: context.signal } : {}),
  });
  const served = legs.flatMap((leg) =>
    leg.outcome === "frames" ? leg.frames.map((frame): [string, AuditedFrame] => [leg.provider, frame]) : [],
  );
  const composed = composeForPrompt(
    served.map(([, audited]) => audited),
    { budgetTokens: question.budget_tokens },
  );
  return {
    prompt: composed.prompt,
    ...compositionJson(composed),
    frames: served.map(([provider, audited]) => frameJson(provider, audited)),
    legs: legs.map((leg) => legJson(leg, sources.get(leg.provider))),
    usage: usageReport({ query: { max_tokens: question.budget_tokens }, legs: legs.map(usageLegOf) }),
  };
}

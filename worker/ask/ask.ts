/**
 * One question, answered as a serverless host (spec §4): connect to every
 * configured provider through the handshake cache, record the operator's
 * consent, fan out with `Host.queryAll` (the budget split between them),
 * compose with `composeForPrompt` under the same budget, and report usage.
 * A provider that cannot be reached fails its own leg and no other.
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
  HostError,
  type LegResult,
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

type Reached = { provider: AskProvider; connection: CachedConnection } | { provider: AskProvider; error: HostError };

async function reach(provider: AskProvider, context: AskContext): Promise<Reached> {
  try {
    const connection = await context.cache.connect(provider.key, provider.transport(), {
      ...(context.handshakeTimeoutMs === undefined ? {} : { handshakeTimeoutMs: context.handshakeTimeoutMs }),
      ...(context.queryTimeoutMs === undefined ? {} : { timeoutMs: context.queryTimeoutMs }),
      ...(context.signal ? { signal: context.signal } : {}),
      ...(context.waitUntil ? { waitUntil: context.waitUntil } : {}),
    });
    return { provider, connection };
  } catch (error) {
    const failed = error instanceof HostError ? error : new HostError("transport", "the provider could not be reached");
    return { provider, error: failed };
  }
}

/** Records the operator's consent for one connected provider (C1: a record; C6: a receipt per scope). */
function grantConsent(host: Host, provider: AskProvider, connection: Connection): void {
  if (provider.consent.egress) host.consent.grant(provider.name, connection.provider.data_flow, GRANTOR.id);
  for (const scope of provider.consent.scopes)
    host.consent.recordReceipt(
      consentReceipt({ providerId: provider.name, scope, provider: connection.provider, grantor: GRANTOR }),
    );
}

/** The fan-out's legs and the failed connections' legs, in configuration order. */
function legsInOrder(reached: readonly Reached[], fanOut: readonly LegResult[]): LegResult[] {
  const byName = new Map(fanOut.map((leg) => [leg.provider, leg]));
  return reached.flatMap((r): LegResult[] => {
    if ("error" in r) return [{ provider: r.provider.name, outcome: "failed", error: r.error }];
    const leg = byName.get(r.provider.name);
    return leg ? [leg] : []; // not selected: it serves none of the kinds asked for (spec §4.6 step 1)
  });
}

/**
 * Answers one question (docs/ask.md). The `Host` is not closed afterwards:
 * its connections are HTTP exchanges the handshake cache resumes next time,
 * and closing them would send every provider a `shutdown` per question.
 */
export async function ask(question: AskRequest, context: AskContext): Promise<AskAnswer> {
  const reached = await Promise.all(context.providers.map((provider) => reach(provider, context)));
  const pinnedKeys = Object.fromEntries(context.providers.map((p) => [p.name, p.pinnedKeys]));
  const host = new Host({ pinnedKeys });
  const sources = new Map<string, CachedConnection["source"]>();
  for (const r of reached) {
    if (!("connection" in r)) continue;
    await host.add(r.provider.name, r.connection);
    grantConsent(host, r.provider, r.connection);
    sources.set(r.provider.name, r.connection.source);
  }
  const query = {
    goal: question.goal,
    ...(question.query_text === undefined ? {} : { query_text: question.query_text }),
    ...(question.kinds === undefined ? {} : { kinds: question.kinds }),
    max_frames: question.max_frames ?? DEFAULT_MAX_FRAMES,
    max_tokens: question.budget_tokens,
  };
  const fanOut = await host.queryAll(query, {
    budget: question.budget_tokens,
    ...(context.signal ? { signal: context.signal } : {}),
  });
  const legs = legsInOrder(reached, fanOut);
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

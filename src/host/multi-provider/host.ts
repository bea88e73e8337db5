/**
 * `Host`: many providers (spec §4.5–§4.7). Consent gates every payload (C1,
 * C2, C6); `queryAll` fans out concurrently, isolates every failure and
 * audits every answer; `verifyFrames` revalidates held frames and remembers
 * what went stale or gone so it is never served again (V4).
 */
import type { AttesterKey } from "../../protocol/attestation.ts";
import type { FrameId } from "../../protocol/frame-id.ts";
import { frameIdKey } from "../../protocol/frame-order.ts";
import { budgetSplit } from "../../protocol/checks/budget.ts";
import { transportOrConnection } from "./add-argument.ts";
import { auditLeg } from "./audit-leg.ts";
import { ConsentStore } from "./consent/consent-store.ts";
import { type Connection, type ConnectOptions, connect } from "../connection/connection.ts";
import { asHostError, HostError } from "../host-error.ts";
import type { QueryInput } from "../connection/prepare-query.ts";
import type { LegResult } from "./leg.ts";
import { type Connector, Registry } from "./registry.ts";
import { droppedAll, groupByProvider, joinRevalidations, type Revalidation, revalidateGroup } from "./revalidate.ts";
import type { Transport } from "../transports/transport.ts";
import type { PublishedKeys } from "./trust-tiers.ts";

/** Options for a `Host`. */
export interface HostOptions {
  /** Where consent is kept (default in memory). */
  readonly consent?: ConsentStore;
  /** Operator-pinned keys per local provider id: the trust anchors of spec §3.13. */
  readonly pinnedKeys?: Readonly<Record<string, readonly AttesterKey[]>>;
  /**
   * When a provider's published keys count (spec §3.13): by default only for a
   * provider with no pinned key, so a pin holds against a key id it does not
   * name; `also_when_pinned` lets unpinned key ids fall back to the handshake tier.
   */
  readonly publishedKeys?: PublishedKeys;
  /** Passed to every `connect`. */
  readonly connect?: ConnectOptions;
}

/** Whether a connection serves any of the kinds asked for (spec §4.6 step 1). */
function serves(connection: Connection, query: QueryInput): boolean {
  const kinds = query.kinds ?? [];
  return kinds.length === 0 || kinds.some((kind) => connection.capabilities.query.kinds.includes(kind));
}

/** A host over many providers (spec §4). */
export class Host {
  readonly consent: ConsentStore;
  readonly #providers = new Registry();
  readonly #pinned: Readonly<Record<string, readonly AttesterKey[]>>;
  readonly #publishedKeys: PublishedKeys;
  readonly #connectOptions: ConnectOptions;
  readonly #revoked = new Set<string>();

  constructor(options: HostOptions = {}) {
    this.consent = options.consent ?? new ConsentStore();
    this.#pinned = options.pinnedKeys ?? {};
    this.#publishedKeys = options.publishedKeys ?? "unless_pinned";
    this.#connectOptions = options.connect ?? {};
  }

  /**
   * Adds a provider under a local id, connecting (handshake) when given a
   * transport (spec §4.2). Anything that is neither a transport nor a
   * connection is a `TypeError` naming what was given, before anything is
   * sent; an id already in use is a `HostError` of kind `duplicate_id`.
   */
  async add(localId: string, provider: Transport | Connection): Promise<Connection> {
    const given = transportOrConnection(localId, provider);
    this.#providers.refuseTaken(localId); // before a handshake is spent on it
    const connection = "query" in given ? given : await connect(given, this.#connectOptions);
    this.#providers.register(localId, { connection });
    return connection;
  }

  /**
   * Registers a provider to connect on first use (spec §4.5): `connect` runs
   * when a query first needs it, and a provider it cannot reach is a `failed`
   * leg at stage `connect` (tried again by the next query), never an error
   * that stops the others. For a serverless host: `connect` can resume from a
   * `HandshakeCache` and record the operator's consent for what it declares.
   */
  register(localId: string, connect: Connector): void {
    if (typeof connect !== "function")
      throw new TypeError(
        `host.register(${JSON.stringify(localId.slice(0, 60))}, connect): connect must be a function`,
      );
    this.#providers.register(localId, { connect });
  }

  /** The connection registered under a local id, once connected. */
  connection(localId: string): Connection | undefined {
    return this.#providers.connection(localId);
  }

  /** Closes every connection, and forgets every provider. */
  async close(): Promise<void> {
    await Promise.allSettled(this.#providers.clear().map((c) => c.close()));
  }

  /** One provider's leg (spec §4.6 step 2): consent, the query, the audit; every failure a `failed` leg. */
  async #leg(
    localId: string,
    connection: Connection,
    query: QueryInput,
    signal: AbortSignal | undefined,
  ): Promise<LegResult> {
    const of = {
      provider: localId,
      dataFlow: connection.provider.data_flow,
      declaredDataFlow: connection.declaredDataFlow,
    };
    const decision = this.consent.evaluate(localId, of.dataFlow);
    if (!decision.permitted) {
      return decision.needs === "receipts"
        ? { ...of, outcome: "consent_scope_required", missing: decision.missing }
        : { ...of, outcome: "consent_required" };
    }
    try {
      const result = await connection.query(query, signal ? { signal } : {});
      const pinned = this.#pinned[localId] ?? [];
      const audited = await auditLeg(connection, localId, query, result, pinned, this.#publishedKeys);
      if (audited.outcome !== "frames") return { ...audited, ...of };
      const kept = audited.frames.filter((f) => !this.#revoked.has(frameIdKey(f.frameId)));
      return { ...audited, ...of, frames: kept, revoked: audited.frames.length - kept.length };
    } catch (error) {
      const failed = asHostError(error, (cause) => new HostError("transport", "the provider failed", {}, { cause }));
      return { ...of, outcome: "failed", stage: "query", error: failed };
    }
  }

  /**
   * Queries one provider (spec §4.5, §4.6), connecting it first if it was
   * registered to connect: its leg as a value, the audited frames or why
   * there are none (consent, the budget audit with the answer it was given,
   * a failure). Only an id no provider is registered under throws
   * (`unknown_provider`).
   */
  async query(localId: string, query: QueryInput, options: { signal?: AbortSignal } = {}): Promise<LegResult> {
    const reached = await this.#providers.reach(localId);
    if ("error" in reached) return { provider: localId, outcome: "failed", stage: "connect", error: reached.error };
    return this.#leg(localId, reached.connection, query, options.signal);
  }

  /**
   * Fans a query out to every provider serving one of its kinds, concurrently
   * (spec §4.6), in the order they were added: providers registered to
   * connect are reached first, and one that cannot be is a `failed` leg at
   * stage `connect`. A provider that fails, lies about its budget or floods is
   * isolated and reported; the others' frames come back. With `budget`, each
   * of the n providers that serve the query gets its share of it as `max_tokens`.
   */
  async queryAll(query: QueryInput, options: { signal?: AbortSignal; budget?: number } = {}): Promise<LegResult[]> {
    const reached = await Promise.all(
      this.#providers.ids().map(async (id) => ({ id, ...(await this.#providers.reach(id)) })),
    );
    const selected = reached.flatMap((r) => ("connection" in r && serves(r.connection, query) ? [r] : []));
    const shares = options.budget === undefined ? undefined : budgetSplit(options.budget, selected.length);
    const served = new Map(
      await Promise.all(
        selected.map(async ({ id, connection }, n) => {
          const asked = shares ? { ...query, max_tokens: shares[n]! } : query;
          return [id, await this.#leg(id, connection, asked, options.signal)] as const;
        }),
      ),
    );
    // In the order the providers were added; one not selected serves none of the kinds asked for (§4.6 step 1).
    return reached.flatMap((r): LegResult[] => {
      if ("error" in r) return [{ provider: r.id, outcome: "failed", stage: "connect", error: r.error }];
      const leg = served.get(r.id);
      return leg ? [leg] : [];
    });
  }

  /**
   * Revalidates held frames (spec §4.7, V1–V4): grouped by provider, only
   * identities with a digest are sent; unknown or missing verdicts are never
   * validity; stale and gone identities are remembered and never served again.
   */
  async verifyFrames(held: readonly FrameId[]): Promise<Revalidation> {
    const parts: Revalidation[] = [];
    for (const [localId, frames] of groupByProvider(held)) {
      const part = await this.#revalidate(localId, frames);
      for (const d of part.dropped)
        if (d.reason.kind === "stale" || d.reason.kind === "gone") this.#revoked.add(frameIdKey(d.frame));
      parts.push(part);
    }
    return joinRevalidations(parts);
  }

  /** One provider's share of `verifyFrames` (spec §4.7 steps 2–5). */
  async #revalidate(localId: string, frames: readonly FrameId[]): Promise<Revalidation> {
    const connection = this.#providers.connection(localId);
    if (!connection) return droppedAll(frames, { kind: "unknown_provider" });
    if (!connection.capabilities.verify) return droppedAll(frames, { kind: "verify_unsupported" });
    return revalidateGroup(connection, frames);
  }
}

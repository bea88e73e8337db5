/**
 * `Host`: many providers (spec §4.5–§4.7). Consent gates every payload (C1,
 * C2, C6); `queryAll` fans out concurrently, isolates every failure and
 * audits every answer; `verifyFrames` revalidates held frames and remembers
 * what went stale or gone so it is never served again (V4).
 */
import type { AttesterKey } from "../protocol/attestation.ts";
import type { FrameId } from "../protocol/frame-id.ts";
import { frameIdKey } from "../protocol/frame-order.ts";
import { budgetSplit } from "../protocol/checks/budget.ts";
import { transportOrConnection } from "./add-argument.ts";
import { auditLeg } from "./audit-leg.ts";
import { ConsentStore } from "./consent/consent-store.ts";
import { type Connection, type ConnectOptions, connect } from "./connection.ts";
import { HostError } from "./host-error.ts";
import type { QueryInput } from "./prepare-query.ts";
import type { LegResult, ServedLeg } from "./leg.ts";
import { droppedAll, groupByProvider, joinRevalidations, type Revalidation, revalidateGroup } from "./revalidate.ts";
import type { Transport } from "./transports/transport.ts";
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

/** A host over many providers (spec §4). */
export class Host {
  readonly consent: ConsentStore;
  readonly #connections = new Map<string, Connection>();
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
    if (this.#connections.has(localId))
      throw new HostError("duplicate_id", `a provider is already registered as ${localId}`, { provider: localId });
    const connection = "query" in given ? given : await connect(given, this.#connectOptions);
    this.#connections.set(localId, connection);
    return connection;
  }

  /** The connection registered under a local id. */
  connection(localId: string): Connection | undefined {
    return this.#connections.get(localId);
  }

  /** Closes every connection. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.#connections.values()].map((c) => c.close()));
    this.#connections.clear();
  }

  /** Whether a provider serves any of the kinds asked for (spec §4.6 step 1). */
  #selected(query: QueryInput): [string, Connection][] {
    const kinds = query.kinds ?? [];
    return [...this.#connections].filter(
      ([, c]) => kinds.length === 0 || kinds.some((kind) => c.capabilities.query.kinds.includes(kind)),
    );
  }

  async #leg(
    localId: string,
    connection: Connection,
    query: QueryInput,
    signal: AbortSignal | undefined,
  ): Promise<LegResult> {
    const flow = connection.provider.data_flow;
    const decision = this.consent.evaluate(localId, flow);
    if (!decision.permitted) {
      return decision.needs === "receipts"
        ? { provider: localId, outcome: "consent_scope_required", dataFlow: flow, missing: decision.missing }
        : { provider: localId, outcome: "consent_required", dataFlow: flow };
    }
    try {
      const result = await connection.query(query, signal ? { signal } : {});
      const pinned = this.#pinned[localId] ?? [];
      const audited = await auditLeg(connection, localId, query, result, pinned, this.#publishedKeys);
      if (audited.outcome !== "frames") return { ...audited, provider: localId };
      const kept = audited.frames.filter((f) => !this.#revoked.has(frameIdKey(f.frameId)));
      return { ...audited, frames: kept, provider: localId, revoked: audited.frames.length - kept.length };
    } catch (error) {
      return {
        provider: localId,
        outcome: "failed",
        error:
          error instanceof HostError ? error : new HostError("transport", "the provider failed", {}, { cause: error }),
      };
    }
  }

  /**
   * Queries one provider (spec §4.5, §4.6): the audited frames, or a typed
   * `HostError`: `unknown_provider`, `consent_required`,
   * `consent_scope_required` naming the scopes (nothing is sent), the leg's
   * failure, or the budget audit's verdict for a lying or flooding answer.
   */
  async query(localId: string, query: QueryInput, options: { signal?: AbortSignal } = {}): Promise<ServedLeg> {
    const connection = this.#connections.get(localId);
    if (!connection)
      throw new HostError("unknown_provider", `no provider is registered as ${localId}`, { provider: localId });
    const leg = await this.#leg(localId, connection, query, options.signal);
    switch (leg.outcome) {
      case "frames":
        return leg;
      case "consent_required":
        throw new HostError("consent_required", `provider ${localId} needs consent before it is sent anything`, {
          provider: localId,
        });
      case "consent_scope_required":
        throw new HostError(
          "consent_scope_required",
          `provider ${localId} needs consent for ${leg.missing.join(", ")}`,
          { provider: localId, scopes: leg.missing },
        );
      case "failed":
        throw leg.error;
      default:
        throw new HostError("provider", `provider ${localId}: ${leg.violations[0]?.message ?? leg.outcome}`, {
          provider: localId,
        });
    }
  }

  /**
   * Fans a query out to every provider serving one of its kinds, concurrently
   * (spec §4.6). A provider that fails, lies about its budget or floods is
   * isolated and reported; the others' frames come back. With `budget`, each
   * of the n providers gets its share of it as `max_tokens`.
   */
  async queryAll(query: QueryInput, options: { signal?: AbortSignal; budget?: number } = {}): Promise<LegResult[]> {
    const selected = this.#selected(query);
    const shares = options.budget === undefined ? undefined : budgetSplit(options.budget, selected.length);
    return Promise.all(
      selected.map(([id, c], i) =>
        this.#leg(id, c, shares ? { ...query, max_tokens: shares[i]! } : query, options.signal),
      ),
    );
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
    const connection = this.#connections.get(localId);
    if (!connection) return droppedAll(frames, { kind: "unknown_provider" });
    if (!connection.capabilities.verify) return droppedAll(frames, { kind: "verify_unsupported" });
    return revalidateGroup(connection, frames);
  }
}

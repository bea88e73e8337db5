/** `CachedConnection`: a connection from a cached ack that renegotiates when the provider signals a change (spec §4.2). */
import type { AttesterKey } from "../../protocol/attestation.ts";
import type { Capabilities } from "../../protocol/capabilities.ts";
import type { Violation } from "../../protocol/checks/violation.ts";
import type { FrameId } from "../../protocol/frame-id.ts";
import type { DataFlow, ProviderInfo } from "../../protocol/provider-info.ts";
import type { ContextQueryResult } from "../../protocol/result.ts";
import type { VerifyResponse } from "../../protocol/verify.ts";
import type { Connection, Negotiation, RequestOptions } from "../connection/connection.ts";
import type { QueryInput } from "../connection/prepare-query.ts";
import { answerSignal, errorSignal, type IdentitySignal } from "./signals.ts";

/** Where a cached connection's ack came from (spec §4.2 step 5): this isolate's memory, the async store, or a handshake just now. */
export type HandshakeSource = "memory" | "store" | "handshake";

/**
 * A `Connection` over an ack from the handshake cache (spec §4.2 step 5). It behaves as the
 * connection it wraps until the provider signals that the ack is stale (see
 * `signals.ts`): then it drops the cache entry and handshakes again, once per
 * request. A request that failed with the signal is retried once on the fresh
 * connection (a fresh `version_mismatch` is thrown instead); an answer that
 * carried the signal is returned as it is, and audited with the fresh keys.
 */
export class CachedConnection implements Connection {
  /** How the connection was first obtained. */
  readonly source: HandshakeSource;
  #current: Negotiation;
  #refreshing: Promise<Negotiation> | undefined;
  #signals: IdentitySignal[] = [];
  readonly #renegotiate: () => Promise<Negotiation>;

  /** `renegotiate` drops the cache entry, handshakes and caches the new ack. */
  constructor(current: Negotiation, source: HandshakeSource, renegotiate: () => Promise<Negotiation>) {
    this.#current = current;
    this.source = source;
    this.#renegotiate = renegotiate;
  }

  get provider(): ProviderInfo {
    return this.#current.connection.provider;
  }
  get declaredDataFlow(): DataFlow {
    return this.#current.connection.declaredDataFlow;
  }
  get capabilities(): Capabilities {
    return this.#current.connection.capabilities;
  }
  get protocolVersion(): string {
    return this.#current.connection.protocolVersion;
  }
  get attesterKeys(): readonly AttesterKey[] {
    return this.#current.connection.attesterKeys;
  }
  get violations(): readonly Violation[] {
    return this.#current.connection.violations;
  }
  /** The signals that made this connection handshake again, in order (empty: the cached ack held). */
  get signals(): readonly IdentitySignal[] {
    return this.#signals;
  }

  async query(input: QueryInput, options: RequestOptions = {}): Promise<ContextQueryResult> {
    const used = this.#current;
    let result: ContextQueryResult;
    try {
      result = await used.connection.query(input, options);
    } catch (error) {
      const signal = errorSignal(error, used.ack, input.kinds ?? []);
      if (signal === undefined) throw error;
      return (await this.#refreshFrom(used, signal)).connection.query(input, options);
    }
    const signal = await answerSignal(result, used.ack);
    // The answer stands either way; if the renegotiation fails, its frames are audited with the keys held.
    if (signal !== undefined) await this.#refreshFrom(used, signal).catch(() => undefined);
    return result;
  }

  async verify(frames: readonly FrameId[], options: RequestOptions = {}): Promise<VerifyResponse> {
    const used = this.#current;
    try {
      return await used.connection.verify(frames, options);
    } catch (error) {
      const signal = errorSignal(error, used.ack, undefined);
      if (signal === undefined) throw error;
      return (await this.#refreshFrom(used, signal)).connection.verify(frames, options);
    }
  }

  close(): Promise<void> {
    return this.#current.connection.close();
  }

  /** The connection after `used`: one renegotiation shared by every request that saw `used` go stale. */
  #refreshFrom(used: Negotiation, signal: IdentitySignal): Promise<Negotiation> {
    if (this.#current !== used) return Promise.resolve(this.#current);
    if (this.#refreshing === undefined) {
      this.#signals = [...this.#signals, signal];
      this.#refreshing = this.#renegotiate()
        .then((fresh) => {
          this.#current = fresh;
          return fresh;
        })
        .finally(() => {
          this.#refreshing = undefined;
        });
    }
    return this.#refreshing;
  }
}

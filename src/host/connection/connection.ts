/**
 * `connect`: one negotiated connection to one provider over any transport
 * (spec §4.2, §4.3). It reads as handshake → requests → close, over a
 * `Channel` that hides how requests travel. It never hangs: the handshake and
 * every request run under a timeout, an `AbortSignal` cancels locally, and
 * every pending request fails at once when the stream ends or breaks.
 */
import type { AttesterKey } from "../../protocol/attestation.ts";
import type { Capabilities } from "../../protocol/capabilities.ts";
import type { Violation } from "../../protocol/checks/violation.ts";
import type { Envelope, EnvelopeInit, HandshakeAck } from "../../protocol/envelope.ts";
import type { FrameId } from "../../protocol/frame-id.ts";
import type { DataFlow, ProviderInfo } from "../../protocol/provider-info.ts";
import type { ContextQuery } from "../../protocol/query.ts";
import type { ContextQueryResult } from "../../protocol/result.ts";
import type { VerifyResponse } from "../../protocol/verify.ts";
import { PROTOCOL_VERSION } from "../../protocol/vocabulary.ts";
import { nextCorrelationId, verifyCorrelation } from "../../wire/correlation.ts";
import type { Channel } from "./exchange/channel.ts";
import { endChannel } from "./exchange/end.ts";
import { multiplexedChannel } from "./exchange/multiplexed.ts";
import { perRequestChannel } from "./exchange/per-request.ts";
import { request, type RequestSpec } from "./exchange/request.ts";
import { type AcceptedAck, acceptAck, handshake } from "./handshake.ts";
import { HostError, providerError } from "../host-error.ts";
import { Lock } from "./lock.ts";
import { prepareQuery, type QueryInput, refuseInvalidQuery } from "./prepare-query.ts";
import type { ExchangeTransport, Transport } from "../transports/transport.ts";

/** The reference host's handshake timeout (spec §4.2). */
export const HANDSHAKE_TIMEOUT_MS = 10_000;
/** The reference host's per-request timeout (spec §4.3, §4.4). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The reference host's grace for `shutdown` before it ends the provider (spec §1.11, §4.4). */
const CLOSE_GRACE_MS = 2_000;

/** Options for `connect`. */
export interface ConnectOptions {
  /** Bound on the handshake (default 10 s). */
  readonly handshakeTimeoutMs?: number;
  /** Bound on each request (default 30 s). */
  readonly timeoutMs?: number;
  /** The version this host speaks (default `contextgraph/1.0`). */
  readonly hostVersion?: string;
  /** This host's embedding fingerprint; an embedding is sent only on an exact match (E1). */
  readonly embeddingsFingerprint?: string;
  /** Cancels the handshake. */
  readonly signal?: AbortSignal;
  /** How long `close` waits for the goodbye (`shutdown`, then releasing the transport) before it ends the transport (default 2 s). */
  readonly closeGraceMs?: number;
}

/** Options for one request. */
export interface RequestOptions {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  /** A correlation id of your own (default `nextCorrelationId()`); refused while the same id is in flight. */
  readonly id?: string;
}

/** A negotiated connection (spec §4.2). */
export interface Connection {
  /** The provider as it declared itself; over HTTP `data_flow.egress` is forced true (C4). */
  readonly provider: ProviderInfo;
  /** The `data_flow` exactly as the `handshake_ack` declared it, before C4 (what a page shows beside the forced one). */
  readonly declaredDataFlow: DataFlow;
  readonly capabilities: Capabilities;
  readonly protocolVersion: string;
  /** Keys published in the handshake: a construction anchor, not a trust anchor (spec §3.13). */
  readonly attesterKeys: readonly AttesterKey[];
  /** What the handshake_ack breaches (H2, C5, representations ⇒ resolve); recorded, not fatal. */
  readonly violations: readonly Violation[];
  /** Sends a query and returns the provider's result (spec §4.3); one it must not send is `invalid_request`. */
  query(query: QueryInput, options?: RequestOptions): Promise<ContextQueryResult>;
  /** Asks the provider to revalidate identities; always lock-step (spec §1.10). */
  verify(frames: readonly FrameId[], options?: RequestOptions): Promise<VerifyResponse>;
  /**
   * Lets requests in flight finish (each within its timeout), sends `shutdown`
   * (best effort) and releases the transport, waiting at most `closeGraceMs`
   * for both before it ends the transport at once; later requests fail with `closed`.
   */
  close(): Promise<void>;
}

/** The channel for a transport: multiplexed over a stream, one exchange per request otherwise. */
function channelFor(transport: Transport): Channel {
  return transport.kind === "stream" ? multiplexedChannel(transport) : perRequestChannel(transport);
}

/** A fresh connection and the `handshake_ack` it was negotiated from, as the provider sent it (what a cache keeps, §4.2 step 5). */
export interface Negotiation {
  readonly connection: Connection;
  readonly ack: HandshakeAck;
}

/**
 * Connects: the handshake first, under its timeout (spec §4.2). Another major
 * family ⇒ `version_mismatch` naming both versions, immediately (H3); a stall
 * ⇒ `handshake_timeout`. Nothing else is sent before a compatible ack.
 */
export async function connect(transport: Transport, options: ConnectOptions = {}): Promise<Connection> {
  return (await negotiate(transport, options)).connection;
}

/** `connect`, also handing back the ack as received, for a handshake cache to keep (spec §4.2 step 5). */
export async function negotiate(transport: Transport, options: ConnectOptions = {}): Promise<Negotiation> {
  const hostVersion = options.hostVersion ?? PROTOCOL_VERSION;
  const channel = channelFor(transport);
  const { ack, received, violations } = await handshake(channel, hostVersion, {
    timeoutMs: options.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS,
    graceMs: options.closeGraceMs ?? CLOSE_GRACE_MS,
    signal: options.signal,
  });
  const connection = new NegotiatedConnection(channel, { ack, received }, violations, options);
  return { connection, ack: received };
}

/**
 * A connection resumed from an ack negotiated earlier, with nothing sent
 * (spec §4.2 step 5: the host caches provider, capabilities and keys). The ack
 * is accepted exactly as a fresh one: another major family is
 * `version_mismatch` (H3), breaches are recorded (H2, C5), HTTP forces egress
 * (C4). Only for an exchange transport, where every request stands alone (the
 * HTTP binding); a stream is a session that starts with its own handshake.
 * [inferred] Skipping the handshake over HTTP is host policy: the binding
 * keeps no session, and the host already holds a compatible ack.
 */
export function resumeConnection(
  transport: ExchangeTransport,
  ack: HandshakeAck,
  options: ConnectOptions = {},
): Connection {
  const hostVersion = options.hostVersion ?? PROTOCOL_VERSION;
  const accepted = acceptAck(ack, hostVersion, transport.forcesEgress);
  return new NegotiatedConnection(perRequestChannel(transport), accepted, accepted.violations, options);
}

/** A connection after a compatible handshake_ack: requests, then close (spec §4.3). */
class NegotiatedConnection implements Connection {
  readonly provider: ProviderInfo;
  readonly declaredDataFlow: DataFlow;
  readonly capabilities: Capabilities;
  readonly protocolVersion: string;
  readonly attesterKeys: readonly AttesterKey[];
  readonly violations: readonly Violation[];
  readonly #channel: Channel;
  readonly #options: ConnectOptions;
  /** Serializes the id-less (lock-step) requests: queries without correlation, and every verify (spec §4.3). */
  readonly #lock = new Lock();
  /** Requests in flight, each settling (never rejecting) when its request does: what `close` drains. */
  readonly #inFlight = new Set<Promise<unknown>>();
  #closing: Promise<void> | undefined;

  constructor(
    channel: Channel,
    { ack, received }: Pick<AcceptedAck, "ack" | "received">,
    violations: readonly Violation[],
    options: ConnectOptions,
  ) {
    this.provider = ack.provider;
    this.declaredDataFlow = received.provider.data_flow;
    this.capabilities = ack.capabilities;
    this.protocolVersion = ack.protocol_version;
    this.attesterKeys = ack.attester_keys ?? [];
    this.violations = violations;
    this.#channel = channel;
    this.#options = options;
  }

  async query(input: QueryInput, options: RequestOptions = {}): Promise<ContextQueryResult> {
    const body = prepareQuery(input, this.capabilities, this.#options.embeddingsFingerprint);
    refuseInvalidQuery(body, this.capabilities);
    if (!this.capabilities.correlation) return this.#lock.run(() => this.#query(body, undefined, options));
    const id = options.id ?? nextCorrelationId();
    if (this.#channel.waiting(id))
      throw new HostError("duplicate_id", `a request with id ${id} is already in flight`, {
        provider: this.provider.name,
      });
    return this.#query(body, id, options);
  }

  verify(frames: readonly FrameId[], options: RequestOptions = {}): Promise<VerifyResponse> {
    const envelope: EnvelopeInit = { type: "verify", request: { frames: [...frames] } };
    return this.#lock.run(async () => (await this.#ask(envelope, undefined, "verified", options)).response);
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      // Drain: let what is in flight finish (each request is bounded by its own timeout), then say goodbye.
      await Promise.all(this.#inFlight);
      await endChannel(this.#channel, this.#closed(), {
        graceMs: this.#options.closeGraceMs ?? CLOSE_GRACE_MS,
        goodbye: true,
      });
    })();
    return this.#closing;
  }

  /** One query under `id` (none: lock-step); its reply must echo the id (H4). */
  async #query(body: ContextQuery, id: string | undefined, options: RequestOptions): Promise<ContextQueryResult> {
    const envelope: EnvelopeInit = { type: "query", ...(id === undefined ? {} : { id }), query: body };
    const reply = await this.#ask(envelope, id, "frames", options);
    const correlation = verifyCorrelation(id, reply);
    if (!correlation.ok) {
      const { expected, got } = correlation;
      const name = this.provider.name;
      throw new HostError("correlation_mismatch", `provider ${name} echoed ${got} for ${expected}`, {
        provider: name,
        expected,
        got,
      });
    }
    return reply.result;
  }

  /** One request whose reply must be `expected`; an `error` reply becomes a provider `HostError`. */
  async #ask<T extends "frames" | "verified">(
    envelope: EnvelopeInit,
    id: string | undefined,
    expected: T,
    options: RequestOptions,
  ): Promise<Extract<Envelope, { type: T }>> {
    const name = this.provider.name;
    const ms = options.timeoutMs ?? this.#options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    const onTimeout = () =>
      new HostError("timeout", `provider ${name} did not answer within ${ms} ms`, { provider: name, timeoutMs: ms });
    const reply = await this.#run({ envelope, id, signal: options.signal, timeoutMs: ms, onTimeout });
    if (reply.type === "error") throw providerError(reply, name);
    if (reply.type !== expected)
      throw new HostError("unexpected_envelope", `expected ${expected}, got ${reply.type}`, {
        provider: name,
        expected,
        got: reply.type,
      });
    return reply as Extract<Envelope, { type: T }>;
  }

  /** What a request on a closing connection fails with (spec §4.4: nothing is sent after shutdown). */
  #closed(): HostError {
    return new HostError("closed", "the connection is closed", { provider: this.provider.name });
  }

  /** Runs a request unless the connection is closing, and counts it in flight until it settles. */
  #run(spec: RequestSpec): Promise<Envelope> {
    if (this.#closing) return Promise.reject(this.#closed());
    const reply = request(this.#channel, spec);
    const settled = reply.catch(() => undefined);
    this.#inFlight.add(settled);
    void settled.then(() => this.#inFlight.delete(settled));
    return reply;
  }
}

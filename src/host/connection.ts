/**
 * `connect`: one negotiated connection to one provider over any transport
 * (spec §4.2, §4.3). It never hangs: the handshake and every request run
 * under a timeout, an `AbortSignal` cancels locally, and every pending request
 * fails at once when the stream ends or breaks.
 */
import type { AttesterKey } from "../protocol/attestation.ts";
import type { Capabilities } from "../protocol/capabilities.ts";
import { checkHandshakeAck } from "../protocol/checks/handshake.ts";
import type { Violation } from "../protocol/checks/violation.ts";
import type { Envelope, EnvelopeInit, HandshakeAck } from "../protocol/envelope.ts";
import type { FrameId } from "../protocol/frame-id.ts";
import type { ProviderInfo } from "../protocol/provider-info.ts";
import type { ContextQuery } from "../protocol/query.ts";
import type { ContextQueryResult } from "../protocol/result.ts";
import type { VerifyResponse } from "../protocol/verify.ts";
import { PROTOCOL_VERSION } from "../protocol/vocabulary.ts";
import { nextCorrelationId, verifyCorrelation } from "../wire/correlation.ts";
import { errorCode } from "../wire/envelope-info.ts";
import { versionsCompatible } from "../wire/version.ts";
import { HostError } from "./host-error.ts";
import { Lock } from "./lock.ts";
import { PendingTable, type Waiter } from "./pending.ts";
import { prepareQuery, type QueryInput } from "./prepare-query.ts";
import type { Transport } from "./transports/transport.ts";

/** The reference host's handshake timeout (spec §4.2). */
export const HANDSHAKE_TIMEOUT_MS = 10_000;
/** The reference host's per-request timeout (spec §4.3, §4.4). */
export const REQUEST_TIMEOUT_MS = 30_000;

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
  readonly capabilities: Capabilities;
  readonly protocolVersion: string;
  /** Keys published in the handshake: a construction anchor, not a trust anchor (spec §3.13). */
  readonly attesterKeys: readonly AttesterKey[];
  /** What the handshake_ack breaches (H2, C5, representations ⇒ resolve); recorded, not fatal. */
  readonly violations: readonly Violation[];
  /** Sends a query and returns the provider's result (spec §4.3). */
  query(query: QueryInput, options?: RequestOptions): Promise<ContextQueryResult>;
  /** Asks the provider to revalidate identities; always lock-step (spec §1.10). */
  verify(frames: readonly FrameId[], options?: RequestOptions): Promise<VerifyResponse>;
  /** Lets requests in flight finish, sends `shutdown` (best effort), then releases the transport; later requests fail with `closed`. */
  close(): Promise<void>;
}

interface Exchange {
  readonly envelope: EnvelopeInit;
  readonly id: string | undefined;
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
  readonly onTimeout: () => HostError;
}

/** Runs one request/reply over the transport, under a timeout and an abort signal. */
function exchanger(transport: Transport, pending: PendingTable) {
  return (request: Exchange): Promise<Envelope> =>
    new Promise<Envelope>((resolve, reject) => {
      const controller = new AbortController();
      let settled = false;
      const finish = (action: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.signal?.removeEventListener("abort", onAbort);
        pending.forget(request.id, waiter);
        action();
      };
      const waiter: Waiter = {
        resolve: (reply) => finish(() => resolve(reply)),
        reject: (error) => finish(() => reject(error)),
      };
      const onAbort = () => {
        controller.abort();
        waiter.reject(new HostError("aborted", "the request was cancelled"));
      };
      const timer = setTimeout(() => {
        controller.abort();
        waiter.reject(request.onTimeout());
      }, request.timeoutMs);
      if (request.signal?.aborted) return onAbort();
      request.signal?.addEventListener("abort", onAbort, { once: true });
      if (transport.kind === "stream") {
        pending.register(request.id, waiter);
        transport
          .send(request.envelope)
          .catch((error: unknown) =>
            waiter.reject(
              error instanceof HostError ? error : new HostError("provider_crashed", "the provider's input is closed"),
            ),
          );
      } else {
        transport.exchange(request.envelope, controller.signal).then(
          (reply) =>
            reply
              ? waiter.resolve(reply)
              : waiter.reject(new HostError("unexpected_envelope", "the provider sent no reply", { got: "<none>" })),
          (error: unknown) =>
            waiter.reject(error instanceof HostError ? error : new HostError("transport", "the exchange failed")),
        );
      }
    });
}

/** Reads a stream transport to its end, handing replies to their waiters. */
async function readReplies(transport: Transport, pending: PendingTable): Promise<void> {
  if (transport.kind !== "stream") return;
  try {
    for (;;) {
      const next = await transport.incoming.next();
      if (next.done) return pending.failAll(new HostError("provider_crashed", "the provider closed its output"));
      const item = next.value;
      if ("error" in item) {
        // Like the reference host, one undecodable line from a provider ends the connection (spec §4.3).
        pending.failAll(new HostError("wire", `the provider sent an undecodable line (${item.error.code})`));
        return void (await transport.close());
      }
      pending.deliver(item.envelope);
    }
  } catch {
    pending.failAll(new HostError("transport", "reading from the provider failed"));
  }
}

function providerError(reply: Extract<Envelope, { type: "error" }>, provider: string): HostError {
  const code = errorCode(reply)!;
  const raw = reply.code !== undefined && reply.code !== code ? { rawCode: reply.code } : {};
  return new HostError("provider", `provider ${provider} answered ${code}: ${reply.message.slice(0, 200)}`, {
    provider,
    code,
    ...raw,
  });
}

/** Checks the ack's version and records what it breaches (H1, H3, H2, C5). */
function acceptAck(
  reply: Envelope,
  hostVersion: string,
  forcesEgress: boolean,
): { ack: HandshakeAck; violations: Violation[] } {
  if (reply.type === "error") {
    if (errorCode(reply) === "incompatible_version") {
      throw new HostError("version_mismatch", `the provider refused ${hostVersion}`, {
        hostVersion,
        code: "incompatible_version",
      });
    }
    throw providerError(reply, "<handshake>");
  }
  if (reply.type !== "handshake_ack")
    throw new HostError("unexpected_envelope", `expected handshake_ack, got ${reply.type}`, {
      expected: "handshake_ack",
      got: reply.type,
    });
  if (!versionsCompatible(hostVersion, reply.protocol_version)) {
    throw new HostError(
      "version_mismatch",
      `provider ${reply.provider.name} speaks ${reply.protocol_version}, this host ${hostVersion}`,
      {
        provider: reply.provider.name,
        hostVersion,
        providerVersion: reply.protocol_version,
      },
    );
  }
  const ack: HandshakeAck = forcesEgress
    ? { ...reply, provider: { ...reply.provider, data_flow: { ...reply.provider.data_flow, egress: true } } }
    : reply;
  return { ack, violations: checkHandshakeAck(reply, hostVersion).filter((v) => v.anchor !== "H1") };
}

/**
 * Connects: handshake first, under its timeout (spec §4.2). Another major
 * family ⇒ `version_mismatch` naming both versions, immediately (H3); a stall
 * ⇒ `handshake_timeout`. Nothing else is sent before a compatible ack.
 */
export async function connect(transport: Transport, options: ConnectOptions = {}): Promise<Connection> {
  const hostVersion = options.hostVersion ?? PROTOCOL_VERSION;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const pending = new PendingTable();
  const exchange = exchanger(transport, pending);
  const inFlight = new Set<Promise<unknown>>();
  let closing: Promise<void> | undefined;
  const run = (request: Exchange): Promise<Envelope> => {
    if (closing) return Promise.reject(new HostError("closed", "the connection is closed"));
    const reply = exchange(request);
    const settled = reply.catch(() => undefined);
    inFlight.add(settled);
    void settled.then(() => inFlight.delete(settled));
    return reply;
  };
  const lock = new Lock();
  void readReplies(transport, pending);

  let accepted: { ack: HandshakeAck; violations: Violation[] };
  try {
    const handshakeTimeoutMs = options.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS;
    const reply = await run({
      envelope: { type: "handshake", protocol_version: hostVersion },
      id: undefined,
      signal: options.signal,
      timeoutMs: handshakeTimeoutMs,
      onTimeout: () =>
        new HostError("handshake_timeout", `no handshake_ack within ${handshakeTimeoutMs} ms`, {
          timeoutMs: handshakeTimeoutMs,
        }),
    });
    accepted = acceptAck(reply, hostVersion, transport.kind === "exchange" && transport.forcesEgress);
  } catch (error) {
    pending.failAll(new HostError("closed", "the connection is closed"));
    await transport.close().catch(() => undefined);
    throw error;
  }
  const { ack, violations } = accepted;
  const name = ack.provider.name;
  const timeoutError = (ms: number) => () =>
    new HostError("timeout", `provider ${name} did not answer within ${ms} ms`, { provider: name, timeoutMs: ms });

  /** One request whose reply must be `expected`; an `error` reply becomes a provider `HostError`. */
  const ask = async <T extends "frames" | "verified">(
    envelope: EnvelopeInit,
    id: string | undefined,
    expected: T,
    request: RequestOptions,
  ) => {
    const ms = request.timeoutMs ?? timeoutMs;
    const reply = await run({ envelope, id, signal: request.signal, timeoutMs: ms, onTimeout: timeoutError(ms) });
    if (reply.type === "error") throw providerError(reply, name);
    if (reply.type !== expected)
      throw new HostError("unexpected_envelope", `expected ${expected}, got ${reply.type}`, {
        provider: name,
        expected,
        got: reply.type,
      });
    return reply as Extract<Envelope, { type: T }>;
  };

  const query = async (input: QueryInput, request: RequestOptions = {}): Promise<ContextQueryResult> => {
    const body: ContextQuery = prepareQuery(input, ack.capabilities, options.embeddingsFingerprint);
    const send = async (id: string | undefined) => {
      const reply = await ask(
        { type: "query", ...(id === undefined ? {} : { id }), query: body },
        id,
        "frames",
        request,
      );
      const correlation = verifyCorrelation(id, reply);
      if (!correlation.ok)
        throw new HostError(
          "correlation_mismatch",
          `provider ${name} echoed ${correlation.got} for ${correlation.expected}`,
          { provider: name, expected: correlation.expected, got: correlation.got },
        );
      return reply.result;
    };
    if (!ack.capabilities.correlation) return lock.run(() => send(undefined));
    const id = request.id ?? nextCorrelationId();
    if (pending.has(id))
      throw new HostError("duplicate_id", `a request with id ${id} is already in flight`, { provider: name });
    return send(id);
  };

  const verify = (frames: readonly FrameId[], request: RequestOptions = {}): Promise<VerifyResponse> =>
    lock.run(
      async () =>
        (await ask({ type: "verify", request: { frames: [...frames] } }, undefined, "verified", request)).response,
    );

  const close = () => {
    closing ??= (async () => {
      // Drain: let what is in flight finish (each request is bounded by its own timeout), then say goodbye.
      await Promise.all(inFlight);
      if (transport.kind === "stream") await transport.send({ type: "shutdown" }).catch(() => undefined);
      else await transport.exchange({ type: "shutdown" }, AbortSignal.timeout(2_000)).catch(() => undefined);
      pending.failAll(new HostError("closed", "the connection is closed", { provider: name }));
      await transport.close().catch(() => undefined);
    })();
    return closing;
  };

  return {
    provider: ack.provider,
    capabilities: ack.capabilities,
    protocolVersion: ack.protocol_version,
    attesterKeys: ack.attester_keys ?? [],
    violations,
    query,
    verify,
    close,
  };
}

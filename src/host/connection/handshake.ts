/** The handshake (spec §4.2): send `handshake`, accept a compatible `handshake_ack`, record what it breaches. */
import { checkHandshakeAck } from "../../protocol/checks/handshake.ts";
import type { Violation } from "../../protocol/checks/violation.ts";
import type { Envelope, HandshakeAck } from "../../protocol/envelope.ts";
import { errorCode } from "../../wire/envelope-info.ts";
import { versionsCompatible } from "../../wire/version.ts";
import type { Channel } from "./exchange/channel.ts";
import { endChannel } from "./exchange/end.ts";
import { request } from "./exchange/request.ts";
import { HostError, providerError } from "../host-error.ts";

/** An accepted ack and what it breaches (H2, C5, representations ⇒ resolve); recorded, not fatal. */
export interface AcceptedAck {
  /** The ack as the connection uses it: over HTTP with `data_flow.egress` forced true (C4). */
  readonly ack: HandshakeAck;
  /** The ack exactly as the provider sent it (spec §4.2 step 5: what a host caches). */
  readonly received: HandshakeAck;
  readonly violations: Violation[];
}

/**
 * Most `attester_keys` an ack may list (spec §3.13 sets no bound; [inferred]):
 * a provider publishes its current key and a few it rotated from, and every
 * answer's key table is built from this list, so a longer one is refused.
 */
const MAX_ATTESTER_KEYS = 64;

/**
 * Checks an ack's version and records what it breaches (H1, H3, H2, C5); over
 * HTTP egress is forced (C4); more than `MAX_ATTESTER_KEYS` keys is `wire`. A fresh handshake and a cached ack go through
 * the same acceptance (spec §4.2 steps 3–6).
 */
export function acceptAck(reply: Envelope, hostVersion: string, forcesEgress: boolean): AcceptedAck {
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
      { provider: reply.provider.name, hostVersion, providerVersion: reply.protocol_version },
    );
  }
  const keys = reply.attester_keys?.length ?? 0;
  if (keys > MAX_ATTESTER_KEYS)
    throw new HostError(
      "wire",
      `provider ${reply.provider.name} lists ${keys} attester keys; this host reads at most ${MAX_ATTESTER_KEYS}`,
      { provider: reply.provider.name },
    );
  const ack: HandshakeAck = forcesEgress
    ? { ...reply, provider: { ...reply.provider, data_flow: { ...reply.provider.data_flow, egress: true } } }
    : reply;
  // A version of the host's family that breaks the grammar (`contextgraph/1.x`) interoperates, and is recorded (H1).
  return { ack, received: reply, violations: checkHandshakeAck(reply, hostVersion) };
}

/**
 * Runs the handshake under its timeout (spec §4.2): another major family ⇒
 * `version_mismatch` naming both versions, immediately (H3); a stall ⇒
 * `handshake_timeout`. On any failure the channel is ended (within the close
 * grace) before the error is thrown, and nothing else was sent.
 */
export async function handshake(
  channel: Channel,
  hostVersion: string,
  options: { readonly timeoutMs: number; readonly graceMs: number; readonly signal: AbortSignal | undefined },
): Promise<AcceptedAck> {
  const { timeoutMs, signal } = options;
  try {
    const reply = await request(channel, {
      envelope: { type: "handshake", protocol_version: hostVersion },
      id: undefined,
      signal,
      timeoutMs,
      onTimeout: () => new HostError("handshake_timeout", `no handshake_ack within ${timeoutMs} ms`, { timeoutMs }),
    });
    return acceptAck(reply, hostVersion, channel.forcesEgress);
  } catch (error) {
    // Bounded like `close`: a provider that never read the handshake must not hold `connect` forever.
    await endChannel(channel, new HostError("closed", "the connection is closed"), {
      graceMs: options.graceMs,
      goodbye: false,
    });
    throw error;
  }
}

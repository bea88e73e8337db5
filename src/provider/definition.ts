/** What a provider author writes, and what the kit serves (spec §1.4–§1.10, §4.13, §5.5). */
import type * as v from "valibot";
import type { Signer } from "../attest/signer.ts";
import type { CapabilitiesSchema } from "../protocol/capabilities.ts";
import type { Envelope, EnvelopeInit } from "../protocol/envelope.ts";
import type { ContextFrame } from "../protocol/frame.ts";
import type { ProviderInfoSchema } from "../protocol/provider-info.ts";
import type { ContextQuery } from "../protocol/query.ts";
import type { ProviderSession } from "./session.ts";

/** A frame as a query handler returns it: the kit stamps `token_cost` and `content_digest` (B3, F14). */
export type CandidateFrame = Omit<ContextFrame, "token_cost"> & { token_cost?: number };

/** What a handler learns about the exchange it serves. */
export interface QueryContext {
  /** Aborted when the handler runs past the provider's time limit. */
  readonly signal: AbortSignal;
}

/** The current state of a frame for `verify` (spec §1.10): its digest now, or gone. */
export type FrameStatus = { readonly digest: string | undefined } | "gone";

/** A provider: identity, capabilities, handlers, and an optional signer (spec §1.4, §3.10). */
export interface ProviderDefinition {
  /** `provider` of the handshake_ack; `name` is the provider id inside every commitment. */
  readonly info: v.InferInput<typeof ProviderInfoSchema>;
  /** Capabilities as declared in the handshake_ack. */
  readonly capabilities: v.InferInput<typeof CapabilitiesSchema>;
  /** Candidates for a query, best first. The kit filters (Q1, Q2), packs the budget (B1, B4) and signs. */
  query(query: ContextQuery, context: QueryContext): Promise<readonly CandidateFrame[]> | readonly CandidateFrame[];
  /** The current state of a frame by id, for `verify` (V1–V4); undefined when the provider cannot say. */
  verify?(frameId: string): Promise<FrameStatus | undefined> | FrameStatus | undefined;
  /** When set, every result is signed (spec §3.10) and its key published in the handshake. */
  readonly signer?: Signer;
  /** Longest a handler may run before the answer is `unavailable` (default 30 000 ms, the reference host's limit). */
  readonly timeoutMs?: number;
}

/** A provider ready to serve: the definition with its defaults filled in, and its dispatcher. */
export interface Provider extends ProviderDefinition {
  readonly timeoutMs: number;
  /** `handleEnvelope` bound to this provider: one envelope in, at most one out. */
  handle(envelope: Envelope, session: ProviderSession): Promise<EnvelopeInit | undefined>;
}

/** The reference host's per-provider timeout (spec §4.3). */
export const DEFAULT_TIMEOUT_MS = 30_000;

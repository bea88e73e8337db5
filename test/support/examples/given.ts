// The names examples use without defining them, because the prose around them does ("ack: the provider's
// handshake_ack"). An example imports none of them: ./scope.ts imports what it uses. Each is a real value
// where one is cheap (from the shared reference fixtures, read in place), so an example that states a
// value can run with it; the others (`export declare`) only type-check, and an example using one of
// them cannot run. Types are the package's own, or Cloudflare's for a Worker's bindings.
import type { D1Database, ExecutionContext, KVNamespace } from "@cloudflare/workers-types/index.ts";
import {
  type CandidateFrame,
  type ConformanceTarget,
  type ContextQuery,
  decodeLine,
  type DocsCorpus,
  type Envelope,
  type Host,
  type OfferedFrame,
  type Provenance,
  type Provider,
  type Signer,
} from "../lib.ts";
import { fixtureJson, fixtureText } from "../fixtures.ts";

type Message<T extends Envelope["type"]> = Extract<Envelope, { type: T }>;

const messages = fixtureJson<unknown[]>("reference-messages.json").map((json) => decodeLine(JSON.stringify(json)));
const signedAck = messages.find((m) => m.type === "handshake_ack" && (m.attester_keys?.length ?? 0) > 0);
const signedReply = messages.find((m) => m.type === "frames" && m.id === "q3");

/** A provider's handshake_ack that publishes its attester keys (reference-messages.json, repo-graph). */
export const ack = signedAck as Message<"handshake_ack">;

/** That provider's signed `frames` reply (reference-messages.json, id "q3"). */
export const reply = signedReply as Message<"frames">;

/** The frames of `reply`, as the host offers them to composition. */
export const offered: OfferedFrame[] = reply.result.frames.map((frame) => ({
  frameId: { provider_id: ack.provider.name, frame_id: frame.id },
  frame,
}));

interface CommitmentVectors {
  links: Record<string, Provenance>;
  frame_commitment: { frame: { id: string; content_digest: string; provenance: string[] } };
}
const vectors = fixtureJson<CommitmentVectors>("attestation-vectors.json");

/** The frame of the attestation vectors' `frame_commitment` (its provider: "repo-graph"), links resolved. */
export const frame = {
  ...vectors.frame_commitment.frame,
  provenance: vectors.frame_commitment.frame.provenance.map((name) => vectors.links[name]!),
};

/** Bytes of NDJSON: the reference's 14 envelopes (reference-vectors.ndjson). One reader can read it. */
export const byteStream: ReadableStream<Uint8Array> = new Blob([fixtureText("reference-vectors.ndjson")]).stream();

/** What a program does with an envelope it decoded. */
export function handle(envelope: Envelope): void {
  void envelope;
}

/** A Worker's bindings, as Cloudflare's types declare them, and a secret. */
export declare const env: {
  readonly HANDSHAKE_KV: KVNamespace;
  readonly DOCS_DB: D1Database;
  readonly WIKI_TOKEN: string;
};
/** A Worker's execution context. */
export declare const ctx: ExecutionContext;
/** A docs corpus, as `frameline index` writes it (JSON text) and as read. */
export declare const corpusJson: unknown;
export declare const corpus: DocsCorpus;
/** A signer: `signerFromSeed(seed, …)`. */
export declare const signer: Signer;
/** A host with providers added and consented to. */
export declare const host: Host;
/** A question. */
export declare const query: ContextQuery;
/** A provider, as `defineProvider` makes it. */
export declare const provider: Provider;
/** What a conformance run checks. */
export declare const target: ConformanceTarget;
/** Any JSON value, parsed and untrusted. */
export declare const json: unknown;
/** A provider's own search: the frames it has for a text. */
export declare function search(text: string): CandidateFrame[];

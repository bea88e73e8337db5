/**
 * Deterministic NDJSON transcripts of realistic `frames` envelopes for the
 * codec benchmark: English-ish prose with some non-ASCII, real SHA-256
 * digests, 1–3 frames per envelope, each line padded to about a target size.
 */
import type { EnvelopeInit } from "../src/protocol/index.ts";
import { encodeLine } from "../src/wire/index.ts";
import { seededRandom } from "../test/support/random.ts";
import { DOCS, pick, prose, type Random, sha256 } from "./support/prose.ts";

/** A transcript: its lines' envelopes encoded both as frames lines and as JSON-RPC notifications. */
export interface Transcript {
  /** Number of lines (= messages every contender must yield). */
  readonly lines: number;
  /** `encodeLine(envelope)` for every envelope, concatenated, as UTF-8. */
  readonly frames: Uint8Array;
  /** Each line as `{"jsonrpc":"2.0","method":"frames","params":<envelope>}`, as UTF-8. */
  readonly jsonRpc: Uint8Array;
}

type Frame = Extract<EnvelopeInit, { type: "frames" }>["result"]["frames"][number];

const TITLES = [
  "Retry policy",
  "Connection pooling",
  "Café ordering flow",
  "Rate limits — overview",
  "日本語 locale notes",
  "Backoff & jitter",
  "Deadline propagation",
];
const KINDS = ["doc", "code", "note"];
const RELS = ["doc.documents", "doc.references", "code.calls"];

/** A frame; a `lean` one (for small envelopes) leaves out the optional uri, citation label and relations. */
function frame(random: Random, index: number, content: string, lean: boolean): Frame {
  const doc = pick(random, DOCS);
  const other = pick(random, DOCS);
  const uri = `file:///repo/docs/${doc}.md`;
  const from = 1 + Math.floor(random() * 400);
  const range = `L${from}-${from + 1 + Math.floor(random() * 40)}`;
  const relation = {
    rel: pick(random, RELS),
    target_uri: `file:///repo/docs/${other}.md`,
    display_name: other.charAt(0).toUpperCase() + other.slice(1),
  };
  return {
    id: `docs:${doc}#section-${index}`,
    kind: pick(random, KINDS),
    title: pick(random, TITLES),
    content,
    content_digest: sha256(content),
    ...(lean ? {} : { uri }),
    score: Math.round(random() * 4096) / 4096,
    token_cost: Math.ceil(Buffer.byteLength(content) / 4),
    provenance: [{ type: "file", uri, range, digest: sha256(`${uri}#${range}`), method: "file-read", by: "docs" }],
    ...(lean ? {} : { citation_label: `${doc}.md ${range}`, relations: [relation] }),
  };
}

/** Below this envelope size: one lean frame per envelope; above it, 1–3 full frames. */
const SMALL_ENVELOPE_BYTES = 2000;
/** Every frame carries at least this much prose. */
const MIN_CONTENT_BYTES = 32;

/** One envelope whose line is about `targetBytes` long (±20 %). */
function envelope(random: Random, index: number, targetBytes: number): EnvelopeInit {
  const lean = targetBytes < SMALL_ENVELOPE_BYTES;
  const count = lean ? 1 : 1 + Math.floor(random() * 3);
  const target = Math.round(targetBytes * (0.8 + random() * 0.4));
  const skeleton = (frames: Frame[]): EnvelopeInit => ({
    type: "frames",
    id: `q${index}`,
    result: { frames, truncated: false },
  });
  const empty = Array.from({ length: count }, (_, i) => frame(seededRandom(index * 7 + i), index, "", lean));
  const room = Math.max(0, target - Buffer.byteLength(encodeLine(skeleton(empty))));
  const frames = Array.from({ length: count }, (_, i) =>
    frame(seededRandom(index * 7 + i), index, prose(random, Math.max(MIN_CONTENT_BYTES, room / count)), lean),
  );
  return skeleton(frames);
}

function toJsonRpc(line: string): string {
  return `{"jsonrpc":"2.0","method":"frames","params":${line.slice(0, -1)}}\n`;
}

/** Builds a transcript of about `totalBytes` bytes from envelopes of about `envelopeBytes` each. */
export function buildTranscript(totalBytes: number, envelopeBytes: number, seed = 17): Transcript {
  const random = seededRandom(seed);
  const frames: string[] = [];
  const jsonRpc: string[] = [];
  let length = 0;
  while (length < totalBytes) {
    const line = encodeLine(envelope(random, frames.length, envelopeBytes));
    frames.push(line);
    jsonRpc.push(toJsonRpc(line));
    length += Buffer.byteLength(line);
  }
  const encoder = new TextEncoder();
  return { lines: frames.length, frames: encoder.encode(frames.join("")), jsonRpc: encoder.encode(jsonRpc.join("")) };
}

/** Cuts bytes into views of `size` bytes (the last may be shorter), as a pipe would deliver them. */
export function chunk(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  return chunks;
}

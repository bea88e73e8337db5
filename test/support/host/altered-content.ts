// A correctly signed answer with one frame's `content` edited on its way to the host, its `content_digest`
// and every signature left as the provider made them (spec §1.8 #5, §3.6: a signature covers content only
// through the digest). The edit (as an object, as a raw NDJSON line, as a byte stream), the digests to expect
// (by node:crypto, never the code under test), and what the host must make of such an answer.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { type AuditedFrame, composeForPrompt, type FrameAttestationOutcome, sameFrameId } from "../lib.ts";
import type { ResultInit } from "./adversaries.ts";

/** What every altered content starts with, so a prompt that carries it shows. */
export const MARKER = "ALTERED IN TRANSIT";

/** `sha256:` and the lowercase hex SHA-256 of the UTF-8 bytes of `text`, by node:crypto. */
export function sha256Of(text: string): string {
  return `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
}

/**
 * Other content of the same UTF-8 byte length (so its declared `token_cost` stays exact, B3, and the D1
 * violation is the frame's only one): MARKER, padded with dots. Throws for content shorter than MARKER.
 */
export function alteredContent(content: string): string {
  const bytes = Buffer.byteLength(content, "utf8");
  if (bytes < MARKER.length) throw new Error(`content of ${bytes} bytes is too short to alter with the marker`);
  const altered = MARKER.padEnd(bytes, ".");
  if (altered === content) throw new Error("the content already is the altered content");
  return altered;
}

/** One frame's alteration: its index, the digest it still declares, its content before and after. */
export interface Alteration {
  readonly index: number;
  readonly id: string;
  readonly declared: string;
  readonly original: string;
  readonly altered: string;
}

/** A frame as a provider writes it or the wire carries it (`null` is read as absent, spec §1.2). */
type WrittenFrame = { id: string; content?: string | null; content_digest?: string | null };

function alterationOf(frame: WrittenFrame, index: number): Alteration {
  const { id, content, content_digest: declared } = frame;
  if (typeof content !== "string" || typeof declared !== "string")
    throw new Error(`frame ${index} has no content or no digest`);
  assert.equal(declared, sha256Of(content), `frame ${id} arrived honest: its digest is its content's`);
  return { index, id, declared, original: content, altered: alteredContent(content) };
}

/** `result` with frame `index`'s content altered and nothing else touched (digests, attestations, other frames). */
export function alterFrame(result: ResultInit, index: number): { result: ResultInit; alteration: Alteration } {
  const frame = result.frames[index];
  if (!frame) throw new Error(`the result has no frame ${index}`);
  const alteration = alterationOf(frame, index);
  const frames = result.frames.map((f, i) => (i === index ? { ...f, content: alteration.altered } : f));
  return { result: { ...result, frames }, alteration };
}

/** Where the JSON string literal starting at `open` (a `"`) ends: the index just past its closing quote. */
function endOfString(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i + 1;
  }
  throw new Error("unterminated string");
}

/**
 * A `frames` NDJSON line with frame `index`'s content literal replaced in the raw text: every other byte
 * (the digests, the signatures, how the provider wrote each number) stays exactly as the provider wrote it.
 */
export function alterFrameInLine(line: string, index: number): { line: string; alteration: Alteration } {
  const envelope = JSON.parse(line) as { type: string; result: ResultInit };
  assert.equal(envelope.type, "frames");
  const frame = envelope.result.frames[index];
  if (!frame) throw new Error(`the answer has no frame ${index}`);
  const alteration = alterationOf(frame, index);
  // A frame's members come id first (spec §1.8), and a quote inside a string is escaped, so the first
  // `"content":` after this frame's opening `{"id":…` is its own content.
  const start = line.indexOf(`{"id":${JSON.stringify(frame.id)}`);
  const member = line.indexOf('"content":', start);
  assert.ok(start !== -1 && member !== -1, `frame ${frame.id} and its content are not where expected`);
  const open = member + '"content":'.length;
  const close = endOfString(line, open);
  assert.equal(
    JSON.parse(line.slice(open, close)),
    alteration.original,
    "the literal replaced is that frame's content",
  );
  return { line: `${line.slice(0, open)}${JSON.stringify(alteration.altered)}${line.slice(close)}`, alteration };
}

/**
 * A byte stream's NDJSON lines, each passed through `rewrite` (without its LF) on the way: what a relay
 * between a stdio provider's stdout and the host does.
 */
export function rewritingLines(rewrite: (line: string) => string): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = "";
  return new TransformStream({
    transform(chunk, controller) {
      pending += decoder.decode(chunk, { stream: true });
      for (let lf = pending.indexOf("\n"); lf !== -1; lf = pending.indexOf("\n")) {
        controller.enqueue(encoder.encode(`${rewrite(pending.slice(0, lf))}\n`));
        pending = pending.slice(lf + 1);
      }
    },
    flush(controller) {
      pending += decoder.decode();
      if (pending.length > 0) controller.enqueue(encoder.encode(rewrite(pending)));
    },
  });
}

/** A fetch-style handler: a provider's HTTP binding, or whatever stands in front of one. */
export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * A relay in front of `upstream`: each request's body passed on (with its content type), each reply's body
 * passed back with its status and content type, except that a `frames` reply's frame `index` gets its
 * content altered in the raw text (`alterFrameInLine`).
 * `relayed` lists the type of every envelope passed on; `alterations` every alteration made.
 */
export function alteringRelay(
  upstream: FetchHandler,
  index: number,
): { fetch: FetchHandler; relayed: string[]; alterations: Alteration[] } {
  const relayed: string[] = [];
  const alterations: Alteration[] = [];
  const relay: FetchHandler = async (request) => {
    const body = await request.text();
    relayed.push((JSON.parse(body) as { type: string }).type);
    const headers = { "content-type": request.headers.get("content-type") ?? "application/json" };
    const reply = await upstream(new Request(request.url, { method: "POST", headers, body }));
    if (reply.status === 204) return new Response(null, { status: 204 });
    const text = await reply.text();
    const init = { status: reply.status, headers: { "content-type": reply.headers.get("content-type") ?? "" } };
    if (reply.status !== 200 || (JSON.parse(text) as { type: string }).type !== "frames")
      return new Response(text, init);
    const edited = alterFrameInLine(text, index);
    alterations.push(edited.alteration);
    return new Response(edited.line, init);
  };
  return { fetch: relay, relayed, alterations };
}

/** A `frames` answer as the host audited it: a `frames` leg, or what `auditLeg` returns for one. */
export interface AuditedAnswer {
  readonly frames: readonly AuditedFrame[];
  readonly resultAttestation: FrameAttestationOutcome;
}

/** The state a verified signature over altered content must be: invalid, naming both digests. */
export function contentMismatchState(alteration: Alteration) {
  return {
    state: "invalid",
    verdict: { kind: "content_mismatch", signed: alteration.declared, recomputed: sha256Of(alteration.altered) },
  } as const;
}

/**
 * What the audit must say of an answer with one altered frame (spec §1.8 #5, §3.6, §3.13): that frame
 * `invalid` with `content_mismatch` naming both digests, its only violation a D1 at `content` that names
 * digests, not content; every other frame attested by `signer` with `coversContent: true`; the result root
 * `content_mismatch` too.
 */
export function assertAuditFlagsAltered(
  answer: AuditedAnswer,
  alteration: Alteration,
  signer: { keyId: string; attesterId: string },
): void {
  const recomputed = sha256Of(alteration.altered);
  const mismatch = contentMismatchState(alteration);
  const altered = answer.frames[alteration.index];
  assert.ok(altered, `no frame ${alteration.index}`);
  assert.equal(altered.frame.id, alteration.id, "the frames keep their order (F9)");
  assert.equal(altered.frame.content, alteration.altered, "the host holds the altered bytes");
  assert.equal(altered.frame.content_digest, alteration.declared, "under the digest that was signed");
  assert.deepEqual(altered.attestation, mismatch);
  assert.deepEqual(altered.contentBinding, { kind: "mismatch", declared: alteration.declared, recomputed });
  assert.deepEqual(
    altered.violations.map((v) => [v.anchor, v.path]),
    [["D1", "content"]],
    "a D1 at content, and nothing else wrong with it",
  );
  const { message } = altered.violations[0]!;
  assert.ok(message.includes(alteration.declared) && message.includes(recomputed), message);
  assert.ok(!message.includes(MARKER), "the violation names digests, never the content");

  const others = answer.frames.filter((_, i) => i !== alteration.index);
  assert.ok(others.length > 0, "the answer has untouched frames too");
  for (const frame of others) {
    assert.deepEqual(
      frame.attestation,
      { state: "attested", ...signer, coversContent: true, anchor: "handshake" },
      frame.frame.id,
    );
    assert.deepEqual(frame.contentBinding, { kind: "matches" }, frame.frame.id);
    assert.deepEqual(frame.violations, [], frame.frame.id);
  }
  assert.deepEqual(answer.resultAttestation, mismatch, "the root signs the altered frame's digest too");
}

/**
 * What `composeForPrompt` must make of it (spec §4.8): by default the altered frame excluded for
 * `content_mismatch` with both digests, neither in the prompt nor cited, every untouched frame cited as
 * covered; with `alteredContent: "include_flagged"` included, its entry and citation flagged with both
 * digests and never said to cover its content.
 */
export function assertCompositionFlagsAltered(answer: AuditedAnswer, alteration: Alteration): void {
  const contentMismatch = { declared: alteration.declared, recomputed: sha256Of(alteration.altered) };
  const mismatch = contentMismatchState(alteration);
  const { frameId } = answer.frames[alteration.index]!;
  const excluded = composeForPrompt(answer.frames, { budgetTokens: 100_000 });
  assert.deepEqual(
    excluded.audit.entries.filter((entry) => sameFrameId(entry.frame, frameId)),
    [
      {
        frame: frameId,
        disposition: { kind: "excluded", reason: { kind: "content_mismatch", ...contentMismatch } },
        attestation: mismatch,
        contentMismatch,
      },
    ],
  );
  assert.ok(!excluded.prompt.includes(MARKER), "the altered text is not in the prompt");
  assert.ok(
    excluded.citations.every((citation) => !sameFrameId(citation.frame, frameId)),
    "nor cited",
  );
  assert.equal(excluded.citations.length, answer.frames.length - 1, "every untouched frame is");
  for (const citation of excluded.citations) assert.equal(citation.coversContent, true, citation.label);

  const flagged = composeForPrompt(answer.frames, { budgetTokens: 100_000, alteredContent: "include_flagged" });
  const entry = flagged.audit.entries.find((e) => sameFrameId(e.frame, frameId));
  assert.equal(entry?.disposition.kind, "included", "included on request");
  assert.deepEqual(entry?.attestation, mismatch);
  assert.deepEqual(entry?.contentMismatch, contentMismatch);
  assert.equal(entry?.coversContent, undefined, "never said to cover its content");
  const citation = flagged.citations.find((c) => sameFrameId(c.frame, frameId));
  assert.deepEqual(citation?.contentMismatch, contentMismatch);
  assert.equal(citation?.coversContent, undefined);
  assert.ok(flagged.prompt.includes(alteration.altered), "the flagged frame's bytes are what it renders");
}

/** Both: the audit of an answer with one altered frame, and its composition. */
export function assertAlteredFrameCaught(
  answer: AuditedAnswer,
  alteration: Alteration,
  signer: { keyId: string; attesterId: string },
): void {
  assertAuditFlagsAltered(answer, alteration, signer);
  assertCompositionFlagsAltered(answer, alteration);
}

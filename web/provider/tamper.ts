/**
 * The tamper panel's adversary: after signing, it corrupts one chosen frame of
 * the next answer that carries it, the way a relay could, so a person watches
 * verification fail for exactly that frame (spec §3.6, §3.11 "Typical causes").
 */
import type { Envelope } from "../../src/protocol/index.ts";
import type { TamperKind } from "../shared/messages.ts";

type Result = Extract<Envelope, { type: "frames" }>["result"];
type Frame = Result["frames"][number];

/** What to corrupt: a frame by id, and how (`lift` lifts the next frame's attestation). */
export interface TamperOrder {
  readonly frameId: string;
  readonly kind: TamperKind;
}

/** One letter's case flipped: the bytes change, their length (and so the B3 cost) does not. */
function alteredContent(content: string): string {
  const at = content.search(/[A-Za-z]/);
  if (at < 0) return `${content}!`;
  const letter = content[at]!;
  const flipped = letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase();
  return content.slice(0, at) + flipped + content.slice(at + 1);
}

/** The first provenance link, claiming other lines (or, without a range, another author). */
function alteredProvenance(frame: Frame): Frame {
  const [first, ...rest] = frame.provenance ?? [{ type: "derivation" }];
  const range = /^L(\d+)(?:-(\d+))?$/.exec(first?.range ?? "");
  const moved = range
    ? { ...first!, range: `L${Number(range[1]) + 1}-${Number(range[2] ?? range[1]) + 1}` }
    : { ...first!, by: "mallory" };
  return { ...frame, provenance: [moved, ...rest] };
}

/** One hex digit of the signature changed. */
function alteredSignature(signature: string): string {
  const digit = Number.parseInt(signature[0] ?? "0", 16);
  return ((digit ^ 1).toString(16) + signature.slice(1)).slice(0, signature.length || 1);
}

/** Applies `order` to `result` if it carries the frame; returns the corrupted result, or undefined. */
export function tamper(result: Result, order: TamperOrder): Result | undefined {
  const index = result.frames.findIndex((f) => f.id === order.frameId);
  const frame = result.frames[index];
  if (!frame) return undefined;
  const frames = [...result.frames];
  const entries = [...(result.frame_attestations ?? [])];
  const entryOf = (id: string) => entries.findIndex((e) => e.frame.frame_id === id);
  const own = entryOf(frame.id);
  if (order.kind === "content" && frame.content !== undefined)
    frames[index] = { ...frame, content: alteredContent(frame.content) };
  else if (order.kind === "provenance") frames[index] = alteredProvenance(frame);
  else if (order.kind === "signature" && entries[own]?.attestation) {
    const attestation = entries[own]!.attestation!;
    entries[own] = {
      ...entries[own]!,
      attestation: { ...attestation, signature: alteredSignature(attestation.signature) },
    };
  } else if (order.kind === "lift") {
    const donor = result.frames[(index + 1) % result.frames.length]?.id;
    const lifted = donor === undefined || donor === frame.id ? undefined : entries[entryOf(donor)]?.attestation;
    if (!lifted || own < 0) return undefined;
    entries[own] = { ...entries[own]!, attestation: lifted };
  } else return undefined;
  return { ...result, frames, ...(entries.length > 0 ? { frame_attestations: entries } : {}) };
}

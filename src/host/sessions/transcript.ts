/**
 * `readTranscript`: an NDJSON transcript (one envelope per line, in the order a
 * host sent and received them, as `recordingTransport` records them) read back
 * into conversations of request/reply exchanges (spec §1.1, §4.3), so an
 * auditor can re-verify every signed answer offline with `replayTransport`.
 */
import { utf8ByteLength } from "../../protocol/checks/budget.ts";
import type { Envelope } from "../../protocol/envelope.ts";
import { correlationId } from "../../wire/envelope-info.ts";
import { decodeLine } from "../../wire/line.ts";
import { DEFAULT_MAX_LINE_BYTES } from "../../wire/ndjson-decoder-stream.ts";
import { WireError } from "../../wire/wire-error.ts";

/** One request the host sent and the reply it got (undefined: none was recorded). */
export interface RecordedExchange {
  readonly request: Envelope;
  readonly reply: Envelope | undefined;
}

/** One connection: a handshake, its ack, and every exchange after it until the next handshake. */
export interface TranscriptConversation {
  readonly handshake: Envelope;
  readonly ack: Envelope | undefined;
  readonly exchanges: readonly RecordedExchange[];
}

/** A line that could not be used, 1-based, with the reason (never the line's content). */
export interface TranscriptProblem {
  readonly line: number;
  readonly message: string;
}

/** A transcript read back: its conversations, in order, and the lines it had to skip. */
export interface Transcript {
  readonly conversations: readonly TranscriptConversation[];
  readonly problems: readonly TranscriptProblem[];
}

/** The requests after a handshake (which opens a conversation of its own). */
const REQUESTS = new Set(["query", "verify", "shutdown"]);

interface Slot {
  request: Envelope;
  reply: Envelope | undefined;
}

/** Requests awaiting a reply: correlated ones by id, the id-less ones in order (a queue read from `head`). */
interface Building {
  handshake: Slot;
  exchanges: Slot[];
  byId: Map<string, Slot[]>;
  lockStep: Slot[];
  head: number;
}

function expectReply(conversation: Building, slot: Slot): void {
  const id = correlationId(slot.request);
  if (id === undefined) conversation.lockStep.push(slot);
  else conversation.byId.set(id, [...(conversation.byId.get(id) ?? []), slot]);
}

/** Pairs a reply with its request (spec §4.3): by echoed id for correlated replies, else the oldest id-less request. */
function answer(conversation: Building, reply: Envelope): boolean {
  const id = correlationId(reply);
  let slot: Slot | undefined;
  if (id === undefined) {
    slot = conversation.lockStep[conversation.head];
    if (slot) conversation.head += 1;
  } else {
    const waiting = conversation.byId.get(id);
    slot = waiting?.shift();
    if (waiting?.length === 0) conversation.byId.delete(id);
  }
  if (!slot) return false;
  slot.reply = reply;
  return true;
}

function decoded(text: string, line: number, maxLineBytes: number): Envelope | TranscriptProblem {
  if (text.length > maxLineBytes || (text.length * 3 > maxLineBytes && utf8ByteLength(text) > maxLineBytes))
    return { line, message: `the line is longer than ${maxLineBytes} bytes` };
  try {
    return decodeLine(text);
  } catch (error) {
    // The code only: a wire message may quote the start of the line, and a transcript is someone else's data.
    return { line, message: `not an envelope (${error instanceof WireError ? error.code : "invalid_envelope"})` };
  }
}

/**
 * Reads `text` (NDJSON, LF or CRLF; blank lines skipped). Each `handshake`
 * opens a conversation; a request before any handshake, a reply that answers
 * nothing pending, and a line that is not an envelope (or is longer than
 * `maxLineBytes`, default 16 MiB) are reported as problems and skipped. Each
 * line is decoded once, so the work is linear in the transcript's size.
 */
export function readTranscript(text: string, options: { maxLineBytes?: number } = {}): Transcript {
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const conversations: Building[] = [];
  const problems: TranscriptProblem[] = [];
  const lines = text.split("\n");
  for (const [i, raw] of lines.entries()) {
    const line = i + 1;
    if (raw.trim() === "") continue;
    const envelope = decoded(raw, line, maxLineBytes);
    if (!("type" in envelope)) {
      problems.push(envelope);
      continue;
    }
    const current = conversations.at(-1);
    if (envelope.type === "handshake") {
      const handshake = { request: envelope, reply: undefined };
      conversations.push({ handshake, exchanges: [], byId: new Map(), lockStep: [handshake], head: 0 });
    } else if (!current) problems.push({ line, message: `a ${envelope.type} before any handshake` });
    else if (REQUESTS.has(envelope.type)) {
      const slot = { request: envelope, reply: undefined };
      if (envelope.type !== "shutdown") expectReply(current, slot);
      current.exchanges.push(slot);
    } else if (!answer(current, envelope))
      problems.push({ line, message: `a ${envelope.type} that answers no request` });
  }
  return {
    conversations: conversations.map((c) => ({
      handshake: c.handshake.request,
      ack: c.handshake.reply,
      exchanges: c.exchanges.map((slot) => ({ request: slot.request, reply: slot.reply })),
    })),
    problems,
  };
}

/**
 * The session transcript: every envelope sent and received, one NDJSON line
 * each, in order (spec §1.1), as `recordingTransport` hands them over, with its
 * direction and time for the inspector. A sent line is the exact bytes sent; a
 * received one is the envelope as the host decoded it, re-encoded (members the
 * host does not know are dropped, a reflected credential is scrubbed, C8).
 * Bounded: past `maxChars` it stops recording and says so, instead of growing
 * forever.
 */
import type { RecordedEnvelope } from "../../src/host/index.ts";
import { encodeLine } from "../../src/wire/index.ts";
import type { WireEntry } from "../shared/messages.ts";

/** 64 Mi characters: four 16 MiB lines (spec §4.4), far more than a session of playground queries. */
const MAX_TRANSCRIPT_CHARS = 64 * 1024 * 1024;

/** The transcript of a session, and what became of each entry. */
export class WireLog {
  readonly #entries: WireEntry[] = [];
  #chars = 0;
  #full = false;
  constructor(readonly maxChars = MAX_TRANSCRIPT_CHARS) {}

  /** Records one entry; a received line that did not decode is kept for the inspector, not the transcript. */
  record(entry: RecordedEnvelope): void {
    if (this.#full) return;
    const at = Date.now();
    if (!("envelope" in entry))
      return void this.#entries.push({ direction: entry.direction, type: `not an envelope (${entry.error.code})`, at });
    const line = encodeLine(entry.envelope);
    if (this.#chars + line.length > this.maxChars) this.#full = true;
    else {
      this.#chars += line.length;
      this.#entries.push({ direction: entry.direction, type: entry.envelope.type, line, at });
    }
  }

  /** Whether recording stopped at the bound. */
  get truncated(): boolean {
    return this.#full;
  }

  /** Every entry, in order. */
  get entries(): readonly WireEntry[] {
    return this.#entries;
  }

  /** The transcript as NDJSON text. */
  text(): string {
    return this.#entries.map((e) => e.line ?? "").join("");
  }
}

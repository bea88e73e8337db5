/**
 * The session transcript: every envelope sent and received, one NDJSON line
 * each, in order (spec §1.1), as `recordingTransport` hands them over. Bounded:
 * past `maxBytes` it stops recording and says so, instead of growing forever.
 */
import { encodeLine } from "../../src/wire/index.ts";
import type { RecordedEnvelope } from "../../src/host/index.ts";

/** 64 Mi characters: four 16 MiB lines (spec §4.4), far more than a session of playground queries. */
export const MAX_TRANSCRIPT_CHARS = 64 * 1024 * 1024;

/** The transcript of a session, and what became of each entry. */
export class WireLog {
  readonly #lines: string[] = [];
  #chars = 0;
  #full = false;
  constructor(readonly maxChars = MAX_TRANSCRIPT_CHARS) {}

  /** Records one entry (a line that did not decode has no envelope to record). */
  record(entry: RecordedEnvelope): void {
    if (this.#full || !("envelope" in entry)) return;
    const line = encodeLine(entry.envelope);
    if (this.#chars + line.length > this.maxChars) this.#full = true;
    else {
      this.#lines.push(line);
      this.#chars += line.length;
    }
  }

  /** Whether recording stopped at the bound. */
  get truncated(): boolean {
    return this.#full;
  }

  /** The transcript as NDJSON text. */
  text(): string {
    return this.#lines.join("");
  }
}

/**
 * The session transcript: every envelope sent and received, one NDJSON line
 * each, in order (spec §1.1), as `recordingTransport` hands them over. Bounded:
 * past `maxBytes` it stops recording and says so, instead of growing forever.
 */
import { encodeLine } from "../../src/wire/index.ts";
import type { RecordedEnvelope } from "../../src/host/index.ts";

/** 64 MiB: four 16 MiB lines (spec §4.4), far more than a session of playground queries. */
export const MAX_TRANSCRIPT_BYTES = 64 * 1024 * 1024;

/** The transcript of a session, and what became of each entry. */
export class WireLog {
  readonly #lines: string[] = [];
  #bytes = 0;
  #full = false;
  constructor(readonly maxBytes = MAX_TRANSCRIPT_BYTES) {}

  /** Records one entry; returns its line's length, or undefined for a line that did not decode (it has none). */
  record(entry: RecordedEnvelope): number | undefined {
    if (!("envelope" in entry)) return undefined;
    const line = encodeLine(entry.envelope);
    if (this.#full || this.#bytes + line.length > this.maxBytes) {
      this.#full = true;
      return line.length;
    }
    this.#lines.push(line);
    this.#bytes += line.length;
    return line.length;
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

/**
 * Byte-level NDJSON framing (spec §1.1, §4.4): splits a byte stream at LF,
 * scanning each byte once whatever the chunking, and enforces a maximum line
 * length before the buffer can grow past it. Not a stream itself; the
 * decoder stream drives it.
 */

const LF = 0x0a;
const CR = 0x0d;
/** Buffers above this capacity are released after the line that needed them. */
const RETAINED_CAPACITY = 64 * 1024;

/** What the splitter reports: a complete line's bytes (CR and LF removed), or an oversized line. */
export interface LineSink {
  /** A complete line. `bytes` is only valid during the call. */
  line(bytes: Uint8Array, lineNumber: number): void;
  /** A line longer than the maximum; its bytes are being discarded up to the next LF. */
  oversized(lineNumber: number): void;
}

/** Splits bytes into lines of at most `maxLineBytes` bytes (excluding the CR LF ending). */
export class LineSplitter {
  readonly #max: number;
  #buffer = new Uint8Array(0);
  #length = 0;
  #discarding = false;
  #linesSeen = 0;

  constructor(maxLineBytes: number) {
    if (!Number.isSafeInteger(maxLineBytes) || maxLineBytes < 1) throw new RangeError("maxLineBytes must be a positive integer");
    this.#max = maxLineBytes;
  }

  /** The longest accepted line, in bytes. */
  get maxLineBytes(): number {
    return this.#max;
  }

  /** Feeds one chunk; calls `sink` for every line it completes or refuses. */
  push(chunk: Uint8Array, sink: LineSink): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(LF, start);
      if (newline === -1) {
        this.#append(chunk, start, chunk.length, sink);
        return;
      }
      this.#complete(chunk, start, newline, sink);
      start = newline + 1;
    }
  }

  /** Ends the input: a last line without LF is still a line. */
  flush(sink: LineSink): void {
    if (this.#discarding) {
      this.#discarding = false;
      this.#linesSeen += 1;
    } else if (this.#length > 0) {
      this.#complete(new Uint8Array(0), 0, 0, sink);
    }
    this.#release();
  }

  #append(chunk: Uint8Array, from: number, to: number, sink: LineSink): void {
    if (this.#discarding) return;
    const length = this.#length + (to - from);
    // One extra byte of room: it may be the CR of a CR LF ending.
    if (length > this.#max + 1) {
      this.#refuse(sink);
      return;
    }
    this.#reserve(length);
    this.#buffer.set(chunk.subarray(from, to), this.#length);
    this.#length = length;
  }

  #complete(chunk: Uint8Array, from: number, to: number, sink: LineSink): void {
    if (this.#discarding) {
      this.#discarding = false;
      this.#linesSeen += 1;
      return;
    }
    let bytes: Uint8Array;
    if (this.#length === 0) {
      bytes = chunk.subarray(from, to);
    } else {
      const length = this.#length + (to - from);
      if (length > this.#max + 1) {
        this.#linesSeen += 1;
        this.#length = 0;
        sink.oversized(this.#linesSeen);
        this.#release();
        return;
      }
      this.#reserve(length);
      this.#buffer.set(chunk.subarray(from, to), this.#length);
      bytes = this.#buffer.subarray(0, length);
      this.#length = 0;
    }
    if (bytes.length > 0 && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, bytes.length - 1);
    this.#linesSeen += 1;
    if (bytes.length > this.#max) sink.oversized(this.#linesSeen);
    else sink.line(bytes, this.#linesSeen);
    if (this.#buffer.length > RETAINED_CAPACITY) this.#release();
  }

  #refuse(sink: LineSink): void {
    this.#discarding = true;
    this.#length = 0;
    this.#release();
    sink.oversized(this.#linesSeen + 1);
  }

  #reserve(length: number): void {
    if (length <= this.#buffer.length) return;
    const grown = new Uint8Array(Math.min(Math.max(length, this.#buffer.length * 2, 1024), this.#max + 1));
    grown.set(this.#buffer.subarray(0, this.#length));
    this.#buffer = grown;
  }

  #release(): void {
    if (this.#length === 0 && this.#buffer.length > RETAINED_CAPACITY) this.#buffer = new Uint8Array(0);
  }
}

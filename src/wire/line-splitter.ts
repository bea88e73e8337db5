/**
 * Byte-level NDJSON framing (spec §1.1, §4.4): splits a byte stream at LF and
 * decodes each line as strict UTF-8, scanning each byte once whatever the
 * chunking, and enforces a maximum line length before the buffer can grow
 * past it. Not a stream itself; the decoder stream drives it.
 */

const LF = 0x0a;
const CR = 0x0d;
/** Buffers above this capacity are released after the line that needed them. */
const RETAINED_CAPACITY = 64 * 1024;

/** What the splitter reports, line by line, in order. */
export interface LineSink {
  /** A complete line, without its CR LF or LF ending. */
  line(text: string, lineNumber: number): void;
  /** A line whose bytes are not valid UTF-8. */
  invalidUtf8(lineNumber: number): void;
  /** A line longer than the maximum; its bytes are being discarded up to the next LF. */
  oversized(lineNumber: number): void;
}

/** Splits bytes into lines of at most `maxLineBytes` bytes (excluding the line ending). */
export class LineSplitter {
  readonly #max: number;
  readonly #utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  #buffer = new Uint8Array(0);
  #length = 0;
  #discarding = false;
  #linesSeen = 0;

  constructor(maxLineBytes: number) {
    if (!Number.isSafeInteger(maxLineBytes) || maxLineBytes < 1)
      throw new RangeError("maxLineBytes must be a positive integer");
    this.#max = maxLineBytes;
  }

  /** The longest accepted line, in bytes. */
  get maxLineBytes(): number {
    return this.#max;
  }

  /** Feeds one chunk; calls `sink` for every line it completes or refuses. */
  push(chunk: Uint8Array, sink: LineSink): void {
    let start = 0;
    if (this.#length > 0 || this.#discarding) {
      const newline = chunk.indexOf(LF);
      if (newline === -1) {
        this.#append(chunk, 0, chunk.length, sink);
        return;
      }
      this.#completeBuffered(chunk, newline, sink);
      start = newline + 1;
    }
    const last = chunk.lastIndexOf(LF);
    if (last >= start) {
      // Every line between `start` and `last` is whole inside this chunk.
      if (last - start <= this.#max) this.#completeRegion(chunk, start, last, sink);
      else this.#completeOneByOne(chunk, start, last, sink);
      start = last + 1;
    }
    if (start < chunk.length) this.#append(chunk, start, chunk.length, sink);
  }

  /** Ends the input: a last line without LF is still a line. */
  flush(sink: LineSink): void {
    if (this.#discarding || this.#length > 0) this.#completeBuffered(new Uint8Array(0), 0, sink);
  }

  #append(chunk: Uint8Array, from: number, to: number, sink: LineSink): void {
    if (this.#discarding) return;
    const length = this.#length + (to - from);
    // One extra byte of room: it may be the CR of a CR LF ending.
    if (length > this.#max + 1) {
      this.#discarding = true;
      this.#length = 0;
      this.#release();
      sink.oversized(this.#linesSeen + 1);
      return;
    }
    this.#reserve(length);
    this.#buffer.set(chunk.subarray(from, to), this.#length);
    this.#length = length;
  }

  /** Completes the buffered partial line with `chunk[0, newline)`. */
  #completeBuffered(chunk: Uint8Array, newline: number, sink: LineSink): void {
    if (this.#discarding) {
      this.#discarding = false;
      this.#linesSeen += 1;
      return;
    }
    const length = this.#length + newline;
    if (length > this.#max + 1) {
      this.#length = 0;
      this.#linesSeen += 1;
      sink.oversized(this.#linesSeen);
    } else {
      this.#reserve(length);
      this.#buffer.set(chunk.subarray(0, newline), this.#length);
      this.#length = 0;
      this.#completeLine(this.#buffer.subarray(0, length), sink);
    }
    this.#release();
  }

  /** Lines in `chunk[from, to)`, all shorter than the limit: decoded in one call when the bytes are valid UTF-8. */
  #completeRegion(chunk: Uint8Array, from: number, to: number, sink: LineSink): void {
    let text: string;
    try {
      text = this.#utf8.decode(chunk.subarray(from, to));
    } catch {
      this.#completeOneByOne(chunk, from, to, sink);
      return;
    }
    let start = 0;
    for (;;) {
      const newline = text.indexOf("\n", start);
      const end = newline === -1 ? text.length : newline;
      this.#linesSeen += 1;
      sink.line(text.slice(start, end > start && text.charCodeAt(end - 1) === CR ? end - 1 : end), this.#linesSeen);
      if (newline === -1) return;
      start = newline + 1;
    }
  }

  /** Lines in `chunk[from, to]` (`to` is an LF), each checked and decoded on its own. */
  #completeOneByOne(chunk: Uint8Array, from: number, to: number, sink: LineSink): void {
    let start = from;
    while (start <= to) {
      const newline = chunk.indexOf(LF, start);
      this.#completeLine(chunk.subarray(start, newline), sink);
      start = newline + 1;
    }
  }

  #completeLine(line: Uint8Array, sink: LineSink): void {
    const bytes = line.length > 0 && line[line.length - 1] === CR ? line.subarray(0, line.length - 1) : line;
    this.#linesSeen += 1;
    if (bytes.length > this.#max) {
      sink.oversized(this.#linesSeen);
      return;
    }
    let text: string;
    try {
      text = this.#utf8.decode(bytes);
    } catch {
      sink.invalidUtf8(this.#linesSeen);
      return;
    }
    sink.line(text, this.#linesSeen);
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

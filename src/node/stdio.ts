/** Node's stdin/stdout as WebStreams, for the CLI and (later) the stdio binding (spec §1.1). */
import { Readable, Writable } from "node:stream";

/** The process's stdin as a byte stream. */
export function stdinReadable(): ReadableStream<Uint8Array> {
  return Readable.toWeb(process.stdin) as unknown as ReadableStream<Uint8Array>;
}

/** The process's stdout as a byte sink. */
export function stdoutWritable(): WritableStream<Uint8Array> {
  return Writable.toWeb(process.stdout) as WritableStream<Uint8Array>;
}

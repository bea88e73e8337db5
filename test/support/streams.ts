// Small helpers for driving WebStreams in tests.

/** A ReadableStream that yields the given chunks, then closes. */
export function streamOf<T>(chunks: Iterable<T>): ReadableStream<T> {
  const iterator = chunks[Symbol.iterator]();
  return new ReadableStream<T>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
}

/** Reads a stream to the end. */
export async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of stream as unknown as AsyncIterable<T>) out.push(item);
  return out;
}

/** Splits bytes at the given offsets. */
export function splitAt(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const offset of [...offsets].sort((a, b) => a - b)) {
    chunks.push(bytes.subarray(start, offset));
    start = offset;
  }
  chunks.push(bytes.subarray(start));
  return chunks;
}

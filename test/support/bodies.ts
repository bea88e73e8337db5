// A request or response body for bounds tests (spec §4.4): `total` bytes (each `fill`) in `chunk`-byte pieces,
// counting what is pulled and whether it was cancelled; nothing is pulled before a read.

/** The body's stream, and what was seen of it. */
export function countingBody(total: number, chunk: number, fill = 0x61) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled >= total) return controller.close();
        const size = Math.min(chunk, total - seen.pulled);
        seen.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(fill));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

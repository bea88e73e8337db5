/**
 * Reading an HTTP request body within bounds (spec §1.1 "HTTP binding",
 * §4.4), and reading every body to its end so the connection stays usable.
 *
 * workerd closes a keep-alive connection whose request body was not read to
 * the end, even when the response has been sent: the host's next request on
 * that connection then fails (ECONNRESET, or 503 through `wrangler dev`), and
 * a `Connection: close` set by a Worker is dropped by the runtime. So a
 * refused body is drained (read and thrown away) up to a bound; beyond it the
 * body is abandoned and the runtime closes the connection, which a body that
 * size has earned.
 */
import { concatBytes } from "../attest/bytes.ts";

/** How much of a refused body is drained: 16 MiB, the longest line a host sends over stdio (spec §4.4). */
export const DEFAULT_MAX_DRAIN_BYTES = 16 * 1024 * 1024;

/** A body read whole, or one over the limit (drained or abandoned, never kept). */
export type RequestBody = { readonly bytes: Uint8Array } | { readonly tooLarge: true };

/** The `content-length` a request declares, when it declares one and is not chunked. */
function declaredLength(request: Request): number | undefined {
  const length = request.headers.get("content-length");
  if (length === null || request.headers.has("transfer-encoding")) return undefined;
  const bytes = Number(length);
  return Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : undefined;
}

/** Reads and discards the rest of a body, `read` bytes of it already seen, until `maxDrainBytes`; then cancels. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, read: number, maxDrainBytes: number) {
  let seen = read;
  while (seen <= maxDrainBytes) {
    const { done, value } = await reader.read();
    if (done) return;
    seen += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
}

/**
 * Reads `request`'s body if it is at most `maxBytes`, declared or chunked.
 * A larger one is drained up to `maxDrainBytes` (at once abandoned when its
 * declared length is larger still) and reported as too large; its bytes are
 * never kept, so memory stays within `maxBytes`.
 */
export async function readBody(request: Request, maxBytes: number, maxDrainBytes: number): Promise<RequestBody> {
  if (request.body === null) return { bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const declared = declaredLength(request);
  if (declared !== undefined && declared > maxBytes) {
    if (declared > maxDrainBytes) await reader.cancel().catch(() => undefined);
    else await drain(reader, 0, maxDrainBytes);
    return { tooLarge: true };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: concatBytes(...chunks) };
    size += value.byteLength;
    if (size > maxBytes) {
      await drain(reader, size, maxDrainBytes);
      return { tooLarge: true };
    }
    chunks.push(value);
  }
}

/** Drains what nobody read of `request`'s body (a refused or unrouted request), up to `maxDrainBytes`. */
export async function discardBody(request: Request, maxDrainBytes: number): Promise<void> {
  if (request.body === null || request.bodyUsed) return;
  const declared = declaredLength(request);
  const reader = request.body.getReader();
  if (declared !== undefined && declared > maxDrainBytes) await reader.cancel().catch(() => undefined);
  else await drain(reader, 0, maxDrainBytes);
}

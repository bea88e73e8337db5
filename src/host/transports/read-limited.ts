/** `readLimited`: a response body as text, never more than a limit (spec §4.4). */
import { HostError } from "../host-error.ts";

/**
 * Reads `response`'s body as UTF-8 text, refusing (`transport`) a declared or
 * actual size over `limit` bytes; reading stops at the first byte over it.
 */
export async function readLimited(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "NaN");
  if (declared > limit) throw new HostError("transport", `the response is larger than ${limit} bytes`);
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new HostError("transport", `the response is larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return new TextDecoder().decode(bytes);
}

// A response body as text, never more than a limit (spec §4.4): counted by a source that says what was pulled.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { countingBody } from "../../support/bodies.ts";
import { HostError, readLimited } from "../../support/lib.ts";

function countingResponse(total: number, chunk: number, headers: Record<string, string> = {}) {
  const { stream, seen } = countingBody(total, chunk, 0x62);
  return { response: new Response(stream, { headers }), seen };
}

const tooLarge = (limit: number) => (error: unknown) =>
  error instanceof HostError &&
  error.kind === "transport" &&
  error.message === `the response is larger than ${limit} bytes`;

describe("readLimited", () => {
  test("a body of exactly the limit is read whole, across chunks", async () => {
    const { response } = countingResponse(10, 3);
    assert.equal(await readLimited(response, 10), "b".repeat(10));
  });

  test("a body one byte over the limit is refused, and reading stops there", async () => {
    const { response, seen } = countingResponse(1000, 11);
    await assert.rejects(readLimited(response, 10), tooLarge(10));
    assert.equal(seen.pulled, 11);
    assert.equal(seen.cancelled, true);
  });

  test("a declared length over the limit is refused before a byte is read", async () => {
    const { response, seen } = countingResponse(5, 5, { "content-length": "11" });
    await assert.rejects(readLimited(response, 10), tooLarge(10));
    assert.equal(seen.pulled, 0);
  });

  test("a declared length of exactly the limit is read", async () => {
    const { response } = countingResponse(10, 10, { "content-length": "10" });
    assert.equal(await readLimited(response, 10), "b".repeat(10));
  });

  test("a response without a body reads as empty text", async () => {
    assert.equal(await readLimited(new Response(null, { status: 204 }), 10), "");
  });

  test("UTF-8 split across chunks is decoded whole", async () => {
    const bytes = new TextEncoder().encode("日本");
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 2));
        controller.enqueue(bytes.subarray(2));
        controller.close();
      },
    });
    assert.equal(await readLimited(new Response(body), 6), "日本");
  });
});

// Reading an HTTP request body within bounds (spec §4.4): what is kept, what is drained, what is abandoned.
// A counting source says how many bytes were pulled and whether the body was cancelled.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { countingBody } from "../support/bodies.ts";
import { discardBody, readBody } from "../support/lib.ts";

function request(body: ReadableStream<Uint8Array> | null, headers: Record<string, string> = {}): Request {
  return new Request("http://127.0.0.1/contextgraph", {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
}

describe("readBody", () => {
  test("a request without a body reads as zero bytes", async () => {
    const body = await readBody(new Request("http://127.0.0.1/", { method: "POST" }), 8, 64);
    assert.deepEqual(body, { bytes: new Uint8Array(0) });
  });

  test("a chunked body of exactly maxBytes is kept whole", async () => {
    const { stream } = countingBody(10, 3);
    const body = await readBody(request(stream), 10, 64);
    assert.ok("bytes" in body);
    assert.deepEqual(body.bytes, new Uint8Array(10).fill(0x61));
  });

  test("a chunked body one byte over maxBytes is too large, and drained to its end within the drain bound", async () => {
    const { stream, seen } = countingBody(11, 3);
    assert.deepEqual(await readBody(request(stream), 10, 64), { tooLarge: true });
    assert.equal(seen.pulled, 11);
    assert.equal(seen.cancelled, false);
  });

  test("a declared length of exactly maxBytes is read", async () => {
    const { stream } = countingBody(10, 10);
    const body = await readBody(request(stream, { "content-length": "10" }), 10, 64);
    assert.ok("bytes" in body && body.bytes.length === 10);
  });

  test("a declared length over maxBytes is too large and drained, though no more bytes than that arrive", async () => {
    const { stream, seen } = countingBody(11, 4);
    assert.deepEqual(await readBody(request(stream, { "content-length": "11" }), 10, 64), { tooLarge: true });
    assert.equal(seen.pulled, 11);
    assert.equal(seen.cancelled, false);
  });

  test("a declared length over maxDrainBytes is abandoned before a byte is read", async () => {
    const { stream, seen } = countingBody(100, 10);
    assert.deepEqual(await readBody(request(stream, { "content-length": "65" }), 10, 64), { tooLarge: true });
    assert.equal(seen.pulled, 0);
    assert.equal(seen.cancelled, true);
  });

  test("a declared length of exactly maxDrainBytes is drained, not abandoned", async () => {
    const { stream, seen } = countingBody(64, 8);
    assert.deepEqual(await readBody(request(stream, { "content-length": "64" }), 10, 64), { tooLarge: true });
    assert.equal(seen.pulled, 64);
    assert.equal(seen.cancelled, false);
  });

  test("draining stops once more than maxDrainBytes were seen, and cancels the rest", async () => {
    const { stream, seen } = countingBody(1000, 8);
    assert.deepEqual(await readBody(request(stream), 10, 64), { tooLarge: true });
    assert.equal(seen.pulled, 72, "reads go on while at most 64 bytes were seen: 9 chunks of 8");
    assert.equal(seen.cancelled, true);
  });

  test("a content-length beside transfer-encoding is not trusted: the bytes are counted", async () => {
    const { stream } = countingBody(5, 5);
    const body = await readBody(request(stream, { "content-length": "1000", "transfer-encoding": "chunked" }), 10, 64);
    assert.ok("bytes" in body && body.bytes.length === 5);
  });

  test("a content-length that is not a non-negative integer is not trusted: the bytes are counted", async () => {
    for (const length of ["2.5", "-1", "ten", "1e300"]) {
      const { stream } = countingBody(5, 5);
      const body = await readBody(request(stream, { "content-length": length }), 10, 64);
      assert.ok("bytes" in body && body.bytes.length === 5, length);
    }
  });
});

describe("discardBody", () => {
  test("an unread body is drained to its end within the bound", async () => {
    const { stream, seen } = countingBody(40, 8);
    await discardBody(request(stream), 64);
    assert.equal(seen.pulled, 40);
    assert.equal(seen.cancelled, false);
  });

  test("a body declared longer than the bound is cancelled unread", async () => {
    const { stream, seen } = countingBody(100, 8);
    await discardBody(request(stream, { "content-length": "100" }), 64);
    assert.equal(seen.pulled, 0);
    assert.equal(seen.cancelled, true);
  });

  test("a body already read is left alone", async () => {
    const { stream, seen } = countingBody(8, 8);
    const used = request(stream);
    await used.arrayBuffer();
    await discardBody(used, 64);
    assert.equal(seen.pulled, 8);
  });
});

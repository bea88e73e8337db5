// NdjsonDecoderStream framing: chunking, CRLF, UTF-8, limits, recovery (spec §1.1, §4.4).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type DecodedItem, encodeLine, NdjsonDecoderStream, NdjsonEncoderStream, WireError } from "../support/lib.ts";
import { seededRandom } from "../support/random.ts";
import { collect, splitAt, streamOf } from "../support/streams.ts";

const utf8 = new TextEncoder();

/** A comparable summary of decoded items: envelopes as their encoding, errors as their code. */
function summary(items: DecodedItem[]): string[] {
  return items.map((item) =>
    "envelope" in item
      ? `${item.line} ${encodeLine(item.envelope).trimEnd()}`
      : `${item.line} error:${item.error.code}`,
  );
}

async function decode(chunks: Iterable<Uint8Array | string>, maxLineBytes?: number): Promise<DecodedItem[]> {
  return collect(
    streamOf(chunks).pipeThrough(new NdjsonDecoderStream(maxLineBytes === undefined ? {} : { maxLineBytes })),
  );
}

/** A transcript with multi-byte characters (2, 3 and 4 bytes), CRLF endings, a bad line and no final newline. */
const transcript = utf8.encode(
  [
    '{"type":"handshake","protocol_version":"contextgraph/1.0"}\r\n',
    '{"type":"error","message":"café — 日本 — 🦀 — done"}\n',
    "not json\r\n",
    "\n",
    '{"type":"error","id":"q1","code":"unavailable","message":"ünïcödé 🦀🦀"}\r\n',
    '{"type":"shutdown"}',
  ].join(""),
);

describe("NdjsonDecoderStream", () => {
  test("decodes a transcript: envelopes, an error item, a skipped blank line, a last line without newline", async () => {
    const items = await decode([transcript]);
    assert.deepEqual(
      items.map((item) => ("envelope" in item ? [item.line, item.envelope.type] : [item.line, item.error.code])),
      [
        [1, "handshake"],
        [2, "error"],
        [3, "invalid_json"],
        [5, "error"],
        [6, "shutdown"],
      ],
    );
    const second = items[1];
    assert.ok(second && "envelope" in second && second.envelope.type === "error");
    assert.equal(second.envelope.message, "café — 日本 — 🦀 — done");
  });

  test("gives identical output for every single split point", async () => {
    const whole = summary(await decode([transcript]));
    for (let offset = 0; offset <= transcript.length; offset++) {
      assert.deepEqual(summary(await decode(splitAt(transcript, [offset]))), whole, `split at byte ${offset}`);
    }
  });

  test("gives identical output for 1-byte chunks and for random chunkings", async () => {
    const whole = summary(await decode([transcript]));
    const bytes = Array.from({ length: transcript.length }, (_, i) => transcript.subarray(i, i + 1));
    assert.deepEqual(summary(await decode(bytes)), whole);
    const random = seededRandom(20261129);
    for (let round = 0; round < 300; round++) {
      const cuts = Array.from({ length: 1 + Math.floor(random() * 12) }, () =>
        Math.floor(random() * (transcript.length + 1)),
      );
      assert.deepEqual(summary(await decode(splitAt(transcript, cuts))), whole, `cuts ${cuts.join(",")}`);
    }
  });

  test("accepts strings as chunks", async () => {
    const text = new TextDecoder().decode(transcript);
    assert.deepEqual(summary(await decode([text.slice(0, 40), text.slice(40)])), summary(await decode([transcript])));
  });

  test("turns invalid UTF-8 into an error item and goes on", async () => {
    const bad = new Uint8Array([
      ...utf8.encode('{"type":"error","message":"'),
      0xc3,
      0x28,
      ...utf8.encode('"}\n{"type":"shutdown"}\n'),
    ]);
    assert.deepEqual(summary(await decode([bad])), ["1 error:invalid_utf8", '2 {"type":"shutdown"}']);
  });

  test("refuses an overlong encoding and a UTF-8-encoded surrogate as invalid UTF-8", async () => {
    const overlong = new Uint8Array([0x22, 0xc0, 0xaf, 0x22, 0x0a]);
    const surrogate = new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22, 0x0a]);
    assert.deepEqual(summary(await decode([overlong, surrogate])), ["1 error:invalid_utf8", "2 error:invalid_utf8"]);
  });

  test("keeps a BOM as content, so a line starting with one is not JSON", async () => {
    const items = await decode([new Uint8Array([0xef, 0xbb, 0xbf, ...utf8.encode('{"type":"shutdown"}\n')])]);
    assert.deepEqual(summary(items), ["1 error:invalid_json"]);
  });

  test("refuses an oversized line, discards it to the next newline and resumes", async () => {
    const long = `{"type":"error","message":"${"x".repeat(200)}"}\n`;
    const short = '{"type":"shutdown"}\n';
    const bytes = utf8.encode(short + long + short);
    for (const size of [1, 7, 64, bytes.length]) {
      const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size),
      );
      assert.deepEqual(
        summary(await decode(chunks, 100)),
        ['1 {"type":"shutdown"}', "2 error:line_too_long", '3 {"type":"shutdown"}'],
        `chunk size ${size}`,
      );
    }
  });

  test("counts the limit without the line ending: a line of exactly maxLineBytes passes, with LF or CR LF", async () => {
    const line = '{"type":"shutdown"}';
    const max = utf8.encode(line).length;
    assert.deepEqual(summary(await decode([`${line}\r\n${line}\n${line}`], max)), [
      `1 ${line}`,
      `2 ${line}`,
      `3 ${line}`,
    ]);
    assert.deepEqual(summary(await decode([`${line} \n`], max)), ["1 error:line_too_long"]);
  });

  test("with no options, caps lines at 16 MiB: a line of exactly 16 MiB decodes, one byte more is line_too_long, and the next line decodes", async () => {
    const MiB = 1024 * 1024;
    // Every chunk is a view of one 64 KiB piece, so the input costs no memory; the splitter's own buffer is the limit.
    const piece = new Uint8Array(64 * 1024).fill(0x78);
    function* xs(count: number): Generator<Uint8Array> {
      for (let left = count; left > 0; left -= piece.length) yield piece.subarray(0, Math.min(left, piece.length));
    }
    const [head, tail] = ['{"type":"error","message":"', '"}'];
    function* transcript(): Generator<Uint8Array | string> {
      yield head;
      yield* xs(16 * MiB - head.length - tail.length);
      yield `${tail}\n`;
      yield* xs(16 * MiB + 1);
      yield '\n{"type":"shutdown"}\n';
    }
    const items = await collect(streamOf(transcript()).pipeThrough(new NdjsonDecoderStream()));
    assert.deepEqual(
      items.map((item) =>
        "envelope" in item ? `${item.line} ${item.envelope.type}` : `${item.line} ${item.error.code}`,
      ),
      ["1 error", "2 line_too_long", "3 shutdown"],
    );
    const [first] = items;
    assert.ok(first && "envelope" in first && first.envelope.type === "error");
    assert.equal(first.envelope.message.length, 16 * MiB - head.length - tail.length);
  });

  test("reports an oversized last line without newline", async () => {
    assert.deepEqual(summary(await decode(["x".repeat(50), "y".repeat(60)], 100)), ["1 error:line_too_long"]);
  });

  test("passes each error as a WireError with its line number", async () => {
    const [item] = await decode(["{broken\n"]);
    assert.ok(item && "error" in item);
    assert.ok(item.error instanceof WireError);
    assert.equal(item.line, 1);
  });

  test("errors only when its source errors", async () => {
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(utf8.encode('{"type":"shutdown"}\n'));
        controller.error(new Error("pipe broke"));
      },
    });
    await assert.rejects(collect(failing.pipeThrough(new NdjsonDecoderStream())), /pipe broke/);
  });

  test("rejects a nonsensical limit at construction", () => {
    assert.throws(() => new NdjsonDecoderStream({ maxLineBytes: 0 }), RangeError);
  });

  test("hands a custom decode each line without its CR LF or LF ending (one CR only, inner CRs kept), whatever the chunking", async () => {
    const bytes = utf8.encode("abc\r\n\r\nd\r\r\na\rb\r\ne\nf\r");
    const expected = ["1 abc", "3 d\r", "4 a\rb", "5 e", "6 f"];
    const lines = async (chunks: Iterable<Uint8Array>) =>
      (await collect(streamOf(chunks).pipeThrough(new NdjsonDecoderStream<string>({ decode: (text) => text })))).map(
        (item) => ("envelope" in item ? `${item.line} ${item.envelope}` : `${item.line} error:${item.error.code}`),
      );
    assert.deepEqual(await lines([bytes]), expected, "one chunk");
    for (let offset = 0; offset <= bytes.length; offset++) {
      assert.deepEqual(await lines(splitAt(bytes, [offset])), expected, `split at byte ${offset}`);
    }
    const single = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    assert.deepEqual(await lines(single), expected, "1-byte chunks");
  });

  test("takes a custom line decoder and reports its throws as error items", async () => {
    const items = await collect(
      streamOf(["1\n", "x\n"]).pipeThrough(
        new NdjsonDecoderStream<number>({ decode: (text) => JSON.parse(text) as number }),
      ),
    );
    assert.deepEqual(
      items.map((item) => ("envelope" in item ? item.envelope : item.error.code)),
      [1, "invalid_envelope"],
    );
  });
});

describe("NdjsonEncoderStream", () => {
  test("writes one line per envelope, and the decoder reads them back", async () => {
    const envelopes = [
      { type: "handshake", protocol_version: "contextgraph/1.0" },
      { type: "error", message: "é\n🦀" },
      { type: "shutdown" },
    ] as const;
    const bytes = await collect(streamOf(envelopes).pipeThrough(new NdjsonEncoderStream()));
    assert.equal(bytes.length, 3);
    const items = await decode(bytes);
    assert.deepEqual(
      items.map((item) => "envelope" in item && item.envelope),
      envelopes.map((envelope) => ({ ...envelope })),
    );
  });

  test("errors the stream on an envelope that does not fit its shape", async () => {
    const bad = streamOf([{ type: "frames", result: { frames: [] } }] as never[]).pipeThrough(
      new NdjsonEncoderStream(),
    );
    await assert.rejects(collect(bad), (error: unknown) => error instanceof WireError && error.code === "unencodable");
  });
});

// The line limit as a reader sees it: the smallest limit, a nonsensical one refused, and what line_too_long says.
/** Lines decoded as plain text under `maxLineBytes` (the limit as a reader sees it, spec §4.4). */
async function decodeText(text: string, maxLineBytes: number): Promise<DecodedItem<string>[]> {
  return collect(streamOf([text]).pipeThrough(new NdjsonDecoderStream({ maxLineBytes, decode: (line) => line })));
}

test("a limit of one byte is a limit: one-byte lines pass, a two-byte line is line_too_long", async () => {
  const items = await decodeText("a\nbb\nc\n", 1);
  assert.deepEqual(
    items.map((item) => ("envelope" in item ? item.envelope : item.error.code)),
    ["a", "line_too_long", "c"],
  );
});

test("a zero or fractional limit is refused with a RangeError naming maxLineBytes", () => {
  for (const maxLineBytes of [0, 1.5, -1])
    assert.throws(
      () => new NdjsonDecoderStream({ maxLineBytes }),
      (error) => error instanceof RangeError && error.message === "maxLineBytes must be a positive integer",
      String(maxLineBytes),
    );
});

test("line_too_long names the line and the limit", async () => {
  const [, item] = await decodeText("ok\nmuch too long\n", 8);
  assert.ok(item && "error" in item);
  assert.equal(item.line, 2);
  assert.equal(item.error.message, "line 2 exceeds 8 bytes");
});

/**
 * Codec benchmark: how fast does `NdjsonDecoderStream` turn a 32 MiB NDJSON
 * transcript of `frames` envelopes into messages, next to baselines?
 *
 * Every contender gets the same bytes in the same 64 KiB chunks (as a pipe
 * delivers them) through a WebStreams pipeline, and is drained the same way:
 *   (a)     the limit: TextDecoder + split("\n") + JSON.parse, no validation
 *   (b-raw) ours, decode = JSON.parse (framing cost only)
 *   (b)     ours, default decode (`decodeLine`: full schema validation through
 *           the readers generated from the valibot schemas)
 *   (c)     @modelcontextprotocol/sdk's stdio ReadBuffer (zod JSON-RPC schema)
 *   (d)     @agentclientprotocol/sdk's ndJsonStream
 * Rounds interleave the contenders (1 warm-up, then 7 timed; medians
 * reported) and the verdicts use ratios to (a), not absolute MB/s: the
 * machines this runs on are shared and noisy, so absolute speeds do not
 * travel but ratios mostly do. "× (a)" divides median messages/s, which for
 * contenders fed the same bytes is the same as dividing median MB/s.
 * It prints, never asserts, except that every run must yield the expected
 * number of messages (a benchmark that measures nothing is worse than none).
 * BENCH_TRACE=1 prints every run.
 *
 * Run: npm run bench:codec  (node --import tsx --expose-gc bench/codec.ts)
 */
import { ndJsonStream } from "@agentclientprotocol/sdk";
import { ReadBuffer } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { type DecodedItem, NdjsonDecoderStream } from "../src/wire/index.ts";
import { median } from "./support/median.ts";
import { buildTranscript, chunk, type Transcript } from "./transcript.ts";

const TRANSCRIPT_BYTES = 32 * 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;
const ENVELOPE_SIZES = [5000, 500] as const;
const WARMUP_ROUNDS = 1;
const TIMED_ROUNDS = 7;
const MB = 1e6;

/** What a run yielded: messages, and lines a contender reported as bad. */
interface Count {
  messages: number;
  errors: number;
}

/** The bytes one contender is fed, already cut into chunks. */
interface Input {
  readonly chunks: readonly Uint8Array[];
  readonly bytes: number;
}

interface Contender {
  readonly key: string;
  readonly label: string;
  /** Which encoding of the transcript it reads. */
  readonly input: "frames" | "jsonRpc";
  run(chunks: readonly Uint8Array[]): Promise<Count>;
}

// ── plumbing shared by every contender ──────────────────────────────────────

/** A pull-driven stream over pre-cut chunks: one chunk per pull, no copying. */
function source(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = chunks[next++];
      if (piece === undefined) controller.close();
      else controller.enqueue(piece);
    },
  });
}

/** Reads a stream to its end, sorting each item into messages or errors. */
async function drain<T>(readable: ReadableStream<T>, isError: (item: T) => boolean = () => false): Promise<Count> {
  const reader = readable.getReader();
  const count: Count = { messages: 0, errors: 0 };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return count;
    if (isError(value)) count.errors += 1;
    else count.messages += 1;
  }
}

const isErrorItem = (item: DecodedItem<unknown>): boolean => "error" in item;

// ── contenders ──────────────────────────────────────────────────────────────

/** (a): the naive limit — streaming TextDecoder, string remainder, split, JSON.parse. */
function naiveSplitStream(): TransformStream<Uint8Array, unknown> {
  const utf8 = new TextDecoder();
  let rest = "";
  return new TransformStream({
    transform(piece, controller) {
      const lines = (rest + utf8.decode(piece, { stream: true })).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) if (line) controller.enqueue(JSON.parse(line));
    },
    flush(controller) {
      const line = rest + utf8.decode();
      if (line) controller.enqueue(JSON.parse(line));
    },
  });
}

/** (c): MCP's ReadBuffer, wrapped in a TransformStream so it pays the same stream overhead. */
function mcpReadBufferStream(): TransformStream<Uint8Array, JSONRPCMessage> {
  const buffer = new ReadBuffer();
  return new TransformStream({
    transform(piece, controller) {
      buffer.append(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
      for (let message = buffer.readMessage(); message !== null; message = buffer.readMessage())
        controller.enqueue(message);
    },
  });
}

/** (d): ACP's ndJsonStream; error replies it writes back count as errors. */
async function runAcp(chunks: readonly Uint8Array[]): Promise<Count> {
  let replies = 0;
  const output = new WritableStream<Uint8Array>({
    write() {
      replies += 1;
    },
  });
  const count = await drain(ndJsonStream(output, source(chunks)).readable);
  return { messages: count.messages, errors: count.errors + replies };
}

/** Whether MCP's ReadBuffer accepts a bare `frames` line (it validates JSON-RPC). */
function mcpAcceptsFramesLines(transcript: Transcript): boolean {
  const end = transcript.frames.indexOf(0x0a) + 1;
  const buffer = new ReadBuffer();
  buffer.append(Buffer.from(transcript.frames.subarray(0, end)));
  try {
    buffer.readMessage();
    return true;
  } catch {
    return false;
  }
}

function contenders(mcpInput: Contender["input"]): Contender[] {
  return [
    {
      key: "a",
      label: "(a) split + JSON.parse",
      input: "frames",
      run: (c) => drain(source(c).pipeThrough(naiveSplitStream())),
    },
    {
      key: "b-raw",
      label: "(b-raw) ours, decode: JSON.parse",
      input: "frames",
      run: (c) => drain(source(c).pipeThrough(new NdjsonDecoderStream<unknown>({ decode: JSON.parse })), isErrorItem),
    },
    {
      key: "b",
      label: "(b) ours, validated",
      input: "frames",
      run: (c) => drain(source(c).pipeThrough(new NdjsonDecoderStream()), isErrorItem),
    },
    {
      key: "c",
      label: "(c) MCP ReadBuffer",
      input: mcpInput,
      run: (c) => drain(source(c).pipeThrough(mcpReadBufferStream())),
    },
    { key: "d", label: "(d) ACP ndJsonStream", input: "frames", run: runAcp },
  ];
}

// ── measuring ───────────────────────────────────────────────────────────────

/** Runs one contender once and returns its seconds; aborts the benchmark if it yielded the wrong count. */
async function timeRun(contender: Contender, input: Input, expected: number): Promise<number> {
  globalThis.gc?.();
  const start = performance.now();
  let count: Count;
  try {
    count = await contender.run(input.chunks);
  } catch (error) {
    count = { messages: -1, errors: -1 };
    console.error(`${contender.label} threw: ${String(error)}`);
  }
  const seconds = (performance.now() - start) / 1000;
  if (count.messages !== expected || count.errors !== 0) {
    console.error(
      `\n!!! BENCHMARK INVALID: ${contender.label} yielded ${count.messages} messages and ${count.errors} errors, expected ${expected} and 0.\n`,
    );
    process.exit(1);
  }
  return seconds;
}

/** Interleaved rounds; returns each contender's seconds per timed round (index = round). */
async function measure(
  list: readonly Contender[],
  inputs: Record<Contender["input"], Input>,
  expected: number,
): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>(list.map((c) => [c.key, []]));
  for (let round = 0; round < WARMUP_ROUNDS + TIMED_ROUNDS; round++) {
    for (const contender of list) {
      const seconds = await timeRun(contender, inputs[contender.input], expected);
      if (round >= WARMUP_ROUNDS) times.get(contender.key)?.push(seconds);
      if (process.env.BENCH_TRACE)
        console.error(
          `    round ${round} ${contender.key} ${(inputs[contender.input].bytes / MB / seconds).toFixed(1)} MB/s`,
        );
    }
  }
  return times;
}

// ── reporting ───────────────────────────────────────────────────────────────

/** One contender's figures: median MB/s and messages/s, spread, and its ratio to (a). */
interface Row {
  readonly contender: Contender;
  readonly mbps: number;
  readonly msgps: number;
  readonly min: number;
  readonly max: number;
  /** Its median messages/s ÷ (a)'s (= the MB/s ratio, except for a contender fed longer lines). */
  readonly ratio: number;
}

function summarize(
  list: readonly Contender[],
  times: ReadonlyMap<string, number[]>,
  inputs: Record<Contender["input"], Input>,
  lines: number,
): Row[] {
  const msgps = (key: string) => median((times.get(key) ?? []).map((seconds) => lines / seconds));
  const base = msgps("a");
  return list.map((contender) => {
    const mbps = (times.get(contender.key) ?? []).map((seconds) => inputs[contender.input].bytes / MB / seconds);
    const rate = msgps(contender.key);
    return {
      contender,
      mbps: median(mbps),
      msgps: rate,
      min: Math.min(...mbps),
      max: Math.max(...mbps),
      ratio: rate / base,
    };
  });
}

function printTable(rows: readonly Row[]): void {
  console.log(
    `  ${"contender".padEnd(34)}${"median MB/s".padStart(12)}${"k msg/s".padStart(9)}${"× (a)".padStart(8)}   spread MB/s`,
  );
  for (const row of rows) {
    const figures = `${row.mbps.toFixed(1).padStart(12)}${(row.msgps / 1000).toFixed(1).padStart(9)}${row.ratio.toFixed(2).padStart(8)}`;
    console.log(`  ${row.contender.label.padEnd(34)}${figures}   ${row.min.toFixed(0)}–${row.max.toFixed(0)}`);
  }
}

function verdict(rows: readonly Row[]): string {
  const at = (key: string) => rows.find((row) => row.contender.key === key);
  const ratio = (key: string) => at(key)?.ratio ?? NaN;
  const mark = (met: boolean) => (met ? "met" : "NOT met");
  return [
    `b-raw ≥ 0.9×(a): ${mark(ratio("b-raw") >= 0.9)} (${ratio("b-raw").toFixed(2)})`,
    `b ≥ 0.6×(a): ${mark(ratio("b") >= 0.6)} (${ratio("b").toFixed(2)})`,
    `b > c: ${mark(ratio("b") > ratio("c"))} (${ratio("b").toFixed(2)} vs ${ratio("c").toFixed(2)})`,
    `b > d: ${mark(ratio("b") > ratio("d"))} (${ratio("b").toFixed(2)} vs ${ratio("d").toFixed(2)})`,
  ].join("; ");
}

// ── main ────────────────────────────────────────────────────────────────────

async function benchSize(envelopeBytes: number): Promise<string> {
  const transcript = buildTranscript(TRANSCRIPT_BYTES, envelopeBytes);
  const mcpWrapped = !mcpAcceptsFramesLines(transcript);
  const list = contenders(mcpWrapped ? "jsonRpc" : "frames");
  const inputs = {
    frames: { chunks: chunk(transcript.frames, CHUNK_BYTES), bytes: transcript.frames.length },
    jsonRpc: { chunks: chunk(transcript.jsonRpc, CHUNK_BYTES), bytes: transcript.jsonRpc.length },
  };
  const mean = Math.round(transcript.frames.length / transcript.lines);
  console.log(
    `\n== envelopes ~${envelopeBytes} B (mean line ${mean} B): ${transcript.lines} lines, ${(transcript.frames.length / MB).toFixed(2)} MB in ${inputs.frames.chunks.length} chunks of 64 KiB`,
  );
  console.log(
    mcpWrapped
      ? `   note: (c) refuses bare frames lines (zod JSON-RPC schema throws), so it decodes the same envelopes wrapped as {"jsonrpc":"2.0","method":"frames","params":<envelope>} (${(transcript.jsonRpc.length / MB).toFixed(2)} MB; its MB/s counts its own bytes, its × (a) compares messages/s)`
      : "   note: (c) decodes the bare frames lines",
  );
  console.log(
    "   note: (d) decodes the bare frames lines (it JSON.parses each line and passes on any JSON object; no schema)",
  );
  const times = await measure(list, inputs, transcript.lines);
  const rows = summarize(list, times, inputs, transcript.lines);
  printTable(rows);
  return `~${envelopeBytes} B: ${verdict(rows)}`;
}

async function main(): Promise<void> {
  if (!globalThis.gc)
    console.warn("warning: run with --expose-gc (npm run bench:codec) so collections happen between runs");
  console.log(
    `codec benchmark: ${TIMED_ROUNDS} timed rounds after ${WARMUP_ROUNDS} warm-up, median; MB = 10^6 bytes; Node ${process.version}`,
  );
  const verdicts: string[] = [];
  for (const size of ENVELOPE_SIZES) verdicts.push(await benchSize(size));
  console.log("\ntargets (by × (a)): b-raw ≥ 0.9×(a), b ≥ 0.6×(a), b faster than c and d");
  for (const line of verdicts) console.log(`  ${line}`);
}

await main();

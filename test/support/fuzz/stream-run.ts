// Driving NdjsonDecoderStream: random chunkings, a timeout, batches checked against the model.
import { type DecodedItem, NdjsonDecoderStream } from "../lib.ts";
import { bump } from "./checks.ts";
import type { FuzzCase } from "./corpus.ts";
import type { Failures } from "./failures.ts";
import type { Rng } from "./rng.ts";
import { STREAM_TIMEOUT_MS } from "./settings.ts";
import { type Batch, buildBatch, compareItems } from "./stream-model.ts";

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not complete within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function decodeStream(chunks: readonly Uint8Array[], maxLineBytes: number | undefined): Promise<DecodedItem[]> {
  let next = 0;
  const source = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk);
    },
  });
  const decoder = new NdjsonDecoderStream(maxLineBytes === undefined ? {} : { maxLineBytes });
  const reader = source.pipeThrough(decoder).getReader();
  const items: DecodedItem[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return items;
    items.push(value);
  }
}

/** Cuts bytes into chunks of tiny, small, medium, large or mixed sizes, sometimes with an empty one. */
function chunkBytes(rng: Rng, bytes: Uint8Array): Uint8Array[] {
  const modes: [string, number][] = [
    ["small", 1],
    ["medium", 2],
    ["large", 1],
    ["mixed", 2],
  ];
  if (bytes.length <= 64 * 1024) modes.push(["tiny", 2]);
  const mode = rng.weighted(modes);
  const size = (): number => {
    switch (mode) {
      case "tiny":
        return rng.range(1, 7);
      case "small":
        return rng.range(1, 256);
      case "medium":
        return rng.range(1, 8192);
      case "large":
        return rng.range(8192, 262_144);
      default:
        return rng.weighted([
          [rng.range(1, 3), 1],
          [rng.range(1, 512), 3],
          [rng.range(512, 65_536), 2],
        ]);
    }
  };
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    const end = Math.min(bytes.length, at + size());
    chunks.push(bytes.subarray(at, end));
    at = end;
  }
  if (rng.chance(0.1)) chunks.splice(rng.int(chunks.length + 1), 0, new Uint8Array(0));
  return chunks;
}

/** Sends the cases as one batch of lines, in random chunks, through the stream and checks its items against the model. */
export async function runBatch(
  rng: Rng,
  cases: readonly FuzzCase[],
  maxLineBytes: number | undefined,
  where: string,
  failures: Failures,
): Promise<{ items: DecodedItem[]; batch: Batch }> {
  const batch = buildBatch(rng, cases, maxLineBytes ?? 16 * 1024 * 1024);
  const chunks = chunkBytes(rng, batch.bytes);
  const items = await withTimeout(decodeStream(chunks, maxLineBytes), STREAM_TIMEOUT_MS, where);
  compareItems(items, batch, `${where}, ${chunks.length} chunks`, failures);
  return { items, batch };
}

export interface StreamRun {
  /** Lines that went through the stream. */
  readonly lines: number;
  readonly batches: number;
  /** Items by outcome: "envelope" or the error code. */
  readonly outcomes: ReadonlyMap<string, number>;
}

/** Sends the cases through the stream in batches of 1–2,000 lines (at most about 4 MB), a few with a small maxLineBytes. */
export async function runInBatches(rng: Rng, cases: readonly FuzzCase[], failures: Failures): Promise<StreamRun> {
  let lines = 0;
  let batches = 0;
  const outcomes = new Map<string, number>();
  let pending: FuzzCase[] = [];
  let pendingBytes = 0;
  let target = rng.range(1, 2_000);
  const flush = async () => {
    const maxLineBytes = rng.chance(0.15) ? rng.range(16, 4_096) : undefined;
    const { items, batch } = await runBatch(
      rng,
      pending,
      maxLineBytes,
      `batch ${batches} (max ${maxLineBytes ?? "default"})`,
      failures,
    );
    for (const item of items) bump(outcomes, "error" in item ? item.error.code : "envelope");
    lines += batch.lineCount;
    batches += 1;
    pending = [];
    pendingBytes = 0;
    target = rng.range(1, 2_000);
  };
  for (const fuzzCase of cases) {
    pending.push(fuzzCase);
    pendingBytes += fuzzCase.bytes.length;
    if (pending.length >= target || pendingBytes > 4_000_000) await flush();
  }
  if (pending.length > 0) await flush();
  return { lines, batches, outcomes };
}

// A line-by-line model of what NdjsonDecoderStream must yield for a batch of cases, and the comparison against it.
import { type DecodedItem, decodeLine, WireError } from "../lib.ts";
import { concat, CR, LF, lenientUtf8, strictUtf8 } from "./bytes.ts";
import type { FuzzCase } from "./corpus.ts";
import { firstDifference } from "./difference.ts";
import { type Failures, label } from "./failures.ts";
import { isObject } from "./json-tree.ts";
import { checkWireError, echoesInput, PREVIEW_CHARS } from "./messages.ts";
import type { Rng } from "./rng.ts";

/** What the stream must yield for one line: an envelope, an error code, or (blank line) nothing or an error. */
export type Expected = {
  readonly line: number;
  readonly kind: string /** The line, decoded leniently, for the echo check. */;
  readonly text: string;
} & (
  | { readonly outcome: "envelope"; readonly envelope: unknown }
  | { readonly outcome: "error"; readonly code: string }
  | { readonly outcome: "blank" }
);

export interface Batch {
  readonly bytes: Uint8Array;
  readonly expected: Expected[];
  /** Lines (LF-terminated or a non-empty last segment) in the input. */
  readonly lineCount: number;
}

/** Joins cases with LF or CR LF and models, line by line, what the stream must yield. */
export function buildBatch(rng: Rng, cases: readonly FuzzCase[], maxLineBytes: number): Batch {
  const ending = rng.chance(0.3) ? Uint8Array.of(CR, LF) : Uint8Array.of(LF);
  const parts: Uint8Array[] = [];
  const starts: { offset: number; kind: string }[] = [];
  let offset = 0;
  cases.forEach((fuzzCase, i) => {
    starts.push({ offset, kind: label(fuzzCase) });
    const end = i < cases.length - 1 || rng.chance(0.7) ? ending : new Uint8Array(0);
    parts.push(fuzzCase.bytes, end);
    offset += fuzzCase.bytes.length + end.length;
  });
  const bytes = concat(parts);
  const expected: Expected[] = [];
  let lineCount = 0;
  let owner = 0;
  for (let start = 0; start < bytes.length; ) {
    const newline = bytes.indexOf(LF, start);
    const end = newline === -1 ? bytes.length : newline;
    while (owner + 1 < starts.length && (starts[owner + 1]?.offset ?? Infinity) <= start) owner++;
    lineCount += 1;
    expected.push(expectLine(bytes.subarray(start, end), lineCount, starts[owner]?.kind ?? "?", maxLineBytes));
    start = end + 1;
  }
  return { bytes, expected, lineCount };
}

function expectLine(raw: Uint8Array, line: number, kind: string, maxLineBytes: number): Expected {
  const bytes = raw.length > 0 && raw[raw.length - 1] === CR ? raw.subarray(0, raw.length - 1) : raw;
  const about = { line, kind, text: lenientUtf8.decode(bytes) };
  if (bytes.length > maxLineBytes) return { ...about, outcome: "error", code: "line_too_long" };
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return { ...about, outcome: "error", code: "invalid_utf8" };
  }
  if (text.trim() === "") return { ...about, outcome: "blank" };
  try {
    return { ...about, outcome: "envelope", envelope: decodeLine(text) };
  } catch (error) {
    return { ...about, outcome: "error", code: error instanceof WireError ? error.code : "invalid_envelope" };
  }
}

function isItemShape(item: unknown): item is DecodedItem {
  if (!isObject(item)) return false;
  const keys = Object.keys(item as object)
    .sort()
    .join(",");
  const record = item as Record<string, unknown>;
  if (!Number.isSafeInteger(record.line) || (record.line as number) < 1) return false;
  if (keys === "envelope,line") return true;
  return keys === "error,line" && record.error instanceof WireError;
}

/** Checks the stream's items against the model, line by line; envelopes must equal decodeLine's exactly. */
export function compareItems(items: readonly DecodedItem[], batch: Batch, where: string, failures: Failures): void {
  let skippedBlanks = 0;
  let previous = 0;
  for (const item of items) {
    if (!isItemShape(item)) {
      failures.add("stream item is neither {envelope,line} nor {error: WireError, line}", where);
      return;
    }
    if (item.line <= previous)
      failures.add("stream line numbers not strictly increasing", `${where}: ${item.line} after ${previous}`);
    previous = item.line;
    if ("error" in item) checkWireError(item.error, "", `${where} line ${item.line}`, failures);
  }
  if (items.length > batch.lineCount)
    failures.add("more stream items than lines", `${where}: ${items.length} > ${batch.lineCount}`);
  let k = 0;
  for (const expected of batch.expected) {
    while (k < items.length && (items[k]?.line ?? 0) < expected.line)
      failures.add("stream item for a line that should yield none", `${where} line ${items[k++]?.line}`);
    const item = items[k];
    const here = `${where} line ${expected.line} (${expected.kind})`;
    if (expected.outcome === "blank") {
      if (item?.line === expected.line) {
        k++;
        if (!("error" in item)) failures.add("blank line decoded to an envelope", here);
      } else skippedBlanks += 1;
      continue;
    }
    if (item?.line !== expected.line) {
      failures.add(
        "stream skipped a line",
        `${here}: expected ${expected.outcome === "error" ? expected.code : "an envelope"}`,
      );
      continue;
    }
    k++;
    if ("error" in item && echoesInput(item.error.message, expected.text))
      failures.add(
        `stream error message echoes more than ${PREVIEW_CHARS} chars of the line`,
        `${here}: ${item.error.code}`,
        item.error.code,
      );
    if (expected.outcome === "error") {
      if (!("error" in item))
        failures.add("stream decoded a line the model refuses", `${here}: expected ${expected.code}`);
      else if (item.error.code !== expected.code)
        failures.add(
          "stream error code differs from the model",
          `${here}: ${item.error.code}, expected ${expected.code}`,
        );
    } else if (!("envelope" in item))
      failures.add("stream refused a line decodeLine accepts", `${here}: ${item.error.code}`);
    else {
      const difference = firstDifference(expected.envelope, item.envelope);
      if (difference !== undefined)
        failures.add("stream envelope differs from decodeLine's", `${here}: ${difference.text}`, difference.variant);
    }
  }
  if (k < items.length) failures.add("stream yielded items past the last line", `${where}: ${items.length - k} extra`);
  if (items.length + skippedBlanks !== batch.lineCount)
    failures.add(
      "items + skipped blank lines ≠ lines",
      `${where}: ${items.length} + ${skippedBlanks} ≠ ${batch.lineCount}`,
    );
}

// Lines made from scratch rather than from a seed: deep nesting, garbage, blanks, bare scalars.
import { utf8 } from "./bytes.ts";
import type { Rng } from "./rng.ts";

/** Where a nested value goes (`@`): bare, or at members the decoder descends into. */
export const NEST_CONTEXTS = [
  "@",
  '{"type":"frames","result":{"frames":@,"truncated":false}}',
  '{"type":"frames","result":{"frames":[@],"truncated":false}}',
  '{"type":"frames","result":{"frames":[{"id":"a","kind":"k","title":"t","score":1,"token_cost":1,"provenance":@}],"truncated":false}}',
  '{"type":"frames","result":{"frames":[{"id":"a","kind":"k","title":"t","score":1,"token_cost":1,"content_ref":@}],"truncated":false}}',
  '{"type":"query","query":{"goal":"g","embedding":@,"max_frames":1,"max_tokens":1}}',
  '{"type":"shutdown","unknown":@}',
  '{"type":@}',
  '{"type":"error","message":"m","id":@}',
];

export function nested(shape: "array" | "object", depth: number, closed: boolean): string {
  const open = shape === "array" ? "[" : '{"a":';
  const close = shape === "array" ? "]" : "}";
  const inner = shape === "array" ? "" : "1";
  return open.repeat(depth) + inner + (closed ? close.repeat(depth) : "");
}

export function deepNesting(rng: Rng): string {
  const depth = rng.weighted<number>([
    [64, 40],
    [1_000, 30],
    [10_000, 20],
    [100_000, 2],
  ]);
  const shape = rng.chance(0.5) ? "array" : "object";
  return rng.pick(NEST_CONTEXTS).replace("@", nested(shape, depth, rng.chance(0.85)));
}

/** Random bytes, or random JSON-ish characters. */
export function randomGarbage(rng: Rng): Uint8Array {
  const length = rng.int(300);
  if (rng.chance(0.5)) return Uint8Array.from({ length }, () => rng.int(256));
  const alphabet = utf8.encode('{}[]":,0123456789.eE+- \t\\truefalsnul');
  return Uint8Array.from({ length }, () => rng.pick([...alphabet]));
}

export const BLANKS = ["", " ", "\t", "\r", "  \t  ", "\r\r", " \r", "\u00a0", " \u00a0", "\ufeff", "\f", "\v"];
export const SCALARS = [
  "null",
  "[]",
  '"str"',
  "42",
  "{}",
  "true",
  "false",
  "-0",
  "1e400",
  '""',
  "[{}]",
  '{"type":null}',
  "[null]",
  '[{"type":"shutdown"}]',
  "0x10",
  "NaN",
  "Infinity",
  "undefined",
  "'x'",
];

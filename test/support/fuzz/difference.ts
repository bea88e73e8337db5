// Where two decoded envelopes first differ: strictly (isDeepStrictEqual), or with f32 members compared after f32 rounding.
import { isDeepStrictEqual } from "node:util";

/** A short, content-free description of a value. */
export function show(value: unknown): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "string") return `string(${value.length})`;
  if (value === null || value === undefined || typeof value === "boolean") return String(value);
  return Array.isArray(value) ? `array(${value.length})` : "object";
}

export interface Difference {
  /** Where and how, e.g. `envelope.query.max_frames: -0 then 0`. */
  readonly text: string;
  /** What kind of change, to group examples. */
  readonly variant: string;
}

/** Whether two different numbers at `path` still count as equal; without one, numbers must be Object.is. */
export type NumberTolerance = (path: string, a: number, b: number) => boolean;

/** The wire's 32-bit floats: a frame's `score`, and the elements of `embedding.vector` and of a query's `embedding`. */
const F32_PATH = /(?:\.score|\.(?:vector|embedding)\[\d+\])$/;

/**
 * Floats may differ within f32 rounding: the decoder keeps the double that was
 * sent, the encoder writes the shortest f32 spelling. Their f32 values must be
 * the same (Object.is, so the sign of zero still counts); integers stay exact.
 */
export const withinF32Rounding: NumberTolerance = (path, a, b) =>
  F32_PATH.test(path) && Object.is(Math.fround(a), Math.fround(b));

/** Whether two objects match in what isDeepStrictEqual compares besides their string-keyed members' values. */
function sameShell(a: object, b: object): boolean {
  const keys = (value: object) => Object.keys(value).sort();
  const symbols = (value: object) =>
    Object.fromEntries(
      Object.getOwnPropertySymbols(value)
        .filter((symbol) => Object.prototype.propertyIsEnumerable.call(value, symbol))
        .map((symbol) => [symbol, (value as Record<symbol, unknown>)[symbol]]),
    );
  return (
    Object.getPrototypeOf(a) === Object.getPrototypeOf(b) &&
    Object.prototype.toString.call(a) === Object.prototype.toString.call(b) &&
    isDeepStrictEqual(keys(a), keys(b)) &&
    isDeepStrictEqual(symbols(a), symbols(b))
  );
}

/**
 * The first path where two decoded values differ, with short descriptions of
 * both sides; undefined when they are deep-strict-equal, or differ only in
 * numbers the tolerance accepts.
 */
export function firstDifference(
  a: unknown,
  b: unknown,
  tolerance?: NumberTolerance,
  path = "envelope",
): Difference | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (
    a !== null &&
    b !== null &&
    typeof a === "object" &&
    typeof b === "object" &&
    Array.isArray(a) === Array.isArray(b)
  ) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
      const step = Array.isArray(a) ? `${path}[${key}]` : `${path}.${key}`;
      if (Object.hasOwn(ra, key) !== Object.hasOwn(rb, key)) {
        const [present, absent] = Object.hasOwn(ra, key) ? ["first", "second"] : ["second", "first"];
        return {
          text: `${step}: own member (${show(ra[key] ?? rb[key])}) in the ${present} decode, absent from the ${absent}`,
          variant: `member ${present === "first" ? "dropped" : "added"} (${show(ra[key] ?? rb[key])})`,
        };
      }
      const found = firstDifference(ra[key], rb[key], tolerance, step);
      if (found) return found;
    }
    // Every member matched, some only within the tolerance: the objects differ elsewhere, or not at all.
    if (tolerance !== undefined && sameShell(a, b)) return undefined;
    return { text: `${path}: different prototype or hidden members`, variant: "hidden" };
  }
  if (typeof a === "number" && typeof b === "number" && tolerance?.(path, a, b)) return undefined;
  const variant =
    typeof a === "number" && typeof b === "number"
      ? a === b
        ? "sign of zero"
        : "number value"
      : `${show(a)} vs ${show(b)}`;
  return { text: `${path}: ${show(a)} then ${show(b)}`, variant };
}

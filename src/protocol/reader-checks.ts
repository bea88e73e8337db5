/**
 * The checks the generated readers (`readers.generated.ts`) are made of, one
 * per kind of wire shape, with the receiver rules of spec §1.2: `null` reads
 * as absent, numbers are checked as their kind (`number-kinds.ts`), lists are
 * copied. Each takes a member's raw value and its name and returns what a
 * decoder keeps, or throws a `ShapeFailure` that names the member (never its
 * value): "missing required member" when it is absent, else what was expected.
 * Each is small and called with constant arguments, so the engine inlines it
 * where the readers call it.
 */
import { NUMBER_KINDS } from "./number-kinds.ts";
import { prefixed, ShapeFailure } from "./shape-failure.ts";

/** An object being read, or the object a reader builds. */
export type Json = Record<string, unknown>;

const MISSING = "missing required member";

/** What valibot expects of a picklist or literal, and so what a reader says: `"a"`, or `("a" | "b")`. */
export function choiceExpects(options: readonly string[]): string {
  const quoted = options.map((option) => `"${option}"`);
  return quoted.length > 1 ? `(${quoted.join(" | ")})` : (quoted[0] ?? "never");
}

/** The failure for the member `key`: absent (when the caller requires it), or not what was expected. */
function failure(raw: unknown, key: string, expected: string): ShapeFailure {
  return new ShapeFailure(key, raw === undefined || raw === null ? MISSING : `expected ${expected}`);
}

/** `value` as an object to read members from; a failure at the object itself otherwise. */
export function record(value: unknown): Json {
  if (value === null || typeof value !== "object") throw new ShapeFailure("", "expected Object");
  return value as Json;
}

/** A string member. */
export function string(raw: unknown, key: string): string {
  if (typeof raw !== "string") throw failure(raw, key, "string");
  return raw;
}

/** A boolean member. */
export function boolean(raw: unknown, key: string): boolean {
  if (typeof raw !== "boolean") throw failure(raw, key, "boolean");
  return raw;
}

/** A `u32` member (spec §1.2 "Numbers"), kept canonical. */
export function u32(raw: unknown, key: string): number {
  if (typeof raw !== "number" || !NUMBER_KINDS.u32.accepts(raw)) throw failure(raw, key, "number");
  return NUMBER_KINDS.u32.canonical(raw);
}

/** A `usize` member (spec §1.2 "Numbers"), kept canonical. */
export function usize(raw: unknown, key: string): number {
  if (typeof raw !== "number" || !NUMBER_KINDS.usize.accepts(raw)) throw failure(raw, key, "number");
  return NUMBER_KINDS.usize.canonical(raw);
}

/** An `f32` member (spec §1.2 "Numbers"). */
export function f32(raw: unknown, key: string): number {
  if (typeof raw !== "number" || !NUMBER_KINDS.f32.accepts(raw)) throw failure(raw, key, "number");
  return NUMBER_KINDS.f32.canonical(raw);
}

/** Whether `value` is one of `options` (a loop of `===`, which the engine keeps cheaper than `includes`). */
function isOneOf(value: unknown, options: readonly string[]): value is string {
  for (let i = 0; i < options.length; i++) if (options[i] === value) return true;
  return false;
}

/** A member that is one of `options` (a picklist, or an envelope's `type` literal). */
export function choice(raw: unknown, key: string, options: readonly string[]): string {
  if (!isOneOf(raw, options)) throw failure(raw, key, choiceExpects(options));
  return raw as string;
}

/** An object member, read by `read`; a failure inside it gets the member's name in front of its path. */
export function object(raw: unknown, key: string, read: (value: unknown) => Json): Json {
  if (raw === undefined || raw === null) throw new ShapeFailure(key, MISSING);
  try {
    return read(raw);
  } catch (error) {
    throw prefixed(error, key);
  }
}

function list(raw: unknown, key: string): unknown[] {
  if (!Array.isArray(raw)) throw failure(raw, key, "Array");
  return raw;
}

/** A list of strings. */
export function strings(raw: unknown, key: string): string[] {
  const input = list(raw, key);
  const out = new Array<string>(input.length);
  for (let i = 0; i < input.length; i++) {
    const item: unknown = input[i];
    if (typeof item !== "string") throw new ShapeFailure(`${key}[${i}]`, "expected string");
    out[i] = item;
  }
  return out;
}

/** A list of `f32`s (an embedding). */
export function f32s(raw: unknown, key: string): number[] {
  const input = list(raw, key);
  const out = new Array<number>(input.length);
  for (let i = 0; i < input.length; i++) {
    const item: unknown = input[i];
    if (typeof item !== "number" || !NUMBER_KINDS.f32.accepts(item))
      throw new ShapeFailure(`${key}[${i}]`, "expected number");
    out[i] = NUMBER_KINDS.f32.canonical(item);
  }
  return out;
}

/** A list of strings each one of `options`. */
export function choices(raw: unknown, key: string, options: readonly string[]): string[] {
  const input = list(raw, key);
  const out = new Array<string>(input.length);
  for (let i = 0; i < input.length; i++) {
    const item: unknown = input[i];
    if (!isOneOf(item, options)) throw new ShapeFailure(`${key}[${i}]`, `expected ${choiceExpects(options)}`);
    out[i] = item;
  }
  return out;
}

/** A list of objects, each read by `read`; a failure inside one gets `key[i]` in front of its path. */
export function objects(raw: unknown, key: string, read: (value: unknown) => Json): Json[] {
  const input = list(raw, key);
  const out = new Array<Json>(input.length);
  for (let i = 0; i < input.length; i++) {
    try {
      out[i] = read(input[i]);
    } catch (error) {
      throw prefixed(prefixed(error, i), key);
    }
  }
  return out;
}

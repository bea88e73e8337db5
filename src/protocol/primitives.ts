/**
 * The building blocks every wire shape is made of, with the receiver rules of
 * spec §1.2 baked in: `null` reads as absent, integers are checked against the
 * reference's unsigned ranges, and floats are the reference's 32-bit floats.
 */
import * as v from "valibot";

/** Largest value of a Rust `u32` (spec §1.2 "Numbers"). */
export const U32_MAX = 4294967295;

/** Largest value of an `f32`; anything beyond rounds to infinity in the reference. */
const F32_MAX = 3.4028234663852886e38;

/** How a number is written back to the wire (see `serialize.ts`). */
export type NumberFormat = "integer" | "f32";

const numberFormats = new WeakMap<object, NumberFormat>();
const omittedWhenEmpty = new WeakSet<object>();

/** The wire format registered for a number schema, if any. */
export function numberFormatOf(schema: object): NumberFormat | undefined {
  return numberFormats.get(schema);
}

/** Whether a list member is left out of the output when it is empty (spec field tables). */
export function isOmittedWhenEmpty(schema: object): boolean {
  return omittedWhenEmpty.has(schema);
}

/** A `u32` (spec §1.2): a non-negative integer ≤ 4294967295. */
export function u32() {
  const schema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(U32_MAX));
  numberFormats.set(schema, "integer");
  return schema;
}

/** A machine-size unsigned integer (`leaf_index`, `leaf_count`), limited to JS safe integers. */
export function usize() {
  const schema = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
  numberFormats.set(schema, "integer");
  return schema;
}

/**
 * A Rust `f32` (`score`, embedding elements): any finite JSON number that stays
 * finite when rounded to 32 bits. Written back as the reference writes it (`1.0`).
 */
export function f32() {
  const schema = v.pipe(v.number(), v.finite(), v.maxValue(F32_MAX), v.minValue(-F32_MAX));
  numberFormats.set(schema, "f32");
  return schema;
}

/**
 * An optional member: `null` reads as `undefined` (spec §1.2); an absent member
 * stays absent in the output, so decoded objects carry only what was sent.
 */
export function optional<const T extends v.GenericSchema>(schema: T) {
  return v.pipe(
    v.nullish(schema),
    v.transform((value): v.InferOutput<T> | undefined => value ?? undefined),
  );
}

/** An optional member with a default, always emitted on output (e.g. `data_flow.reads`). */
export function withDefault<const T extends v.GenericSchema, D extends v.InferOutput<T>>(schema: T, fallback: () => D) {
  return v.nullish(schema, fallback);
}

/**
 * An optional list member, omitted from the output when absent or empty (the
 * spec's "omit when empty"). Absent reads as absent, not `[]`, so a frame
 * literal need not spell out its empty lists.
 */
export function listOmittedWhenEmpty<const T extends v.GenericSchema>(item: T) {
  const schema = optional(v.array(item));
  omittedWhenEmpty.add(schema);
  return schema;
}

/** A list member that defaults to `[]` and is always emitted (e.g. `verify.request.frames`). */
export function listAlwaysEmitted<const T extends v.GenericSchema>(item: T) {
  return v.nullish(v.array(item), () => [] as v.InferOutput<T>[]);
}

/**
 * The building blocks every wire shape is made of, with the receiver rules of
 * spec §1.2 baked in: `null` reads as absent, integers are checked against the
 * reference's unsigned ranges, and floats are the reference's 32-bit floats.
 */
import * as v from "valibot";
import { finiteAsF32, NUMBER_KINDS, type NumberKind, U32_MAX } from "./number-kinds.ts";

const numberKinds = new WeakMap<object, NumberKind>();
const omittedWhenEmpty = new WeakSet<object>();

function numberSchema<const S extends v.GenericSchema<number, number>>(pipe: S, kind: NumberKind) {
  const schema = v.pipe(pipe, v.transform(kind.canonical));
  numberKinds.set(schema, kind);
  return schema;
}

/** The number kind registered for a number schema, if any. */
export function numberKindOf(schema: object): NumberKind | undefined {
  return numberKinds.get(schema);
}

/** Whether a list member is left out of the output when it is empty (spec field tables). */
export function isOmittedWhenEmpty(schema: object): boolean {
  return omittedWhenEmpty.has(schema);
}

/** A `u32` (spec §1.2): a non-negative integer ≤ 4294967295. */
export function u32() {
  return numberSchema(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(U32_MAX)), NUMBER_KINDS.u32);
}

/** A machine-size unsigned integer (`leaf_index`, `leaf_count`), limited to JS safe integers. */
export function usize() {
  return numberSchema(v.pipe(v.number(), v.safeInteger(), v.minValue(0)), NUMBER_KINDS.usize);
}

/**
 * A Rust `f32` (`score`, embedding elements): any finite JSON number that stays
 * finite when rounded to 32 bits. Written back as the reference writes it (`1.0`).
 */
export function f32() {
  return numberSchema(v.pipe(v.number(), v.check(finiteAsF32, "a finite f32")), NUMBER_KINDS.f32);
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
 * spec's "omit when empty"). Absent and empty both read as absent, so a frame
 * literal need not spell out its empty lists and decoding is canonical.
 */
export function listOmittedWhenEmpty<const T extends v.GenericSchema>(item: T) {
  const schema = v.pipe(
    v.nullish(v.array(item)),
    v.transform((list): v.InferOutput<T>[] | undefined => (list && list.length > 0 ? list : undefined)),
  );
  omittedWhenEmpty.add(schema);
  return schema;
}

/** A list member that defaults to `[]` and is always emitted (e.g. `verify.request.frames`). */
export function listAlwaysEmitted<const T extends v.GenericSchema>(item: T) {
  return v.nullish(v.array(item), () => [] as v.InferOutput<T>[]);
}

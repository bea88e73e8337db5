/**
 * The three number kinds of the wire (spec §1.2 "Numbers") as plain
 * predicates, with no schema library: the generated readers, the encoder and
 * the valibot number schemas (`primitives.ts`) all check numbers with these.
 */

/** Largest value of a Rust `u32` (spec §1.2 "Numbers"). */
export const U32_MAX = 4294967295;

/** Whether a number stays finite when rounded to 32 bits (`3.4028235e38`, f32::MAX as written, does). */
export const finiteAsF32 = (n: number): boolean => Number.isFinite(Math.fround(n));

/** How a number is written back to the wire (see `serialize.ts`). */
type NumberFormat = "integer" | "f32";

/**
 * A number kind's wire format, the plain predicate equivalent to its valibot
 * pipe, and the form a decoder keeps. Integers are kept canonical (`-0` reads
 * as `0`, as it is written). Floats keep the double that was sent: rounding
 * each to its shortest `f32` spelling would cost about a microsecond per value
 * (an embedding has hundreds), and the encoder writes the `f32` form anyway,
 * so re-encoding is a fixed point after the first write.
 */
export interface NumberKind {
  readonly name: "u32" | "usize" | "f32";
  readonly format: NumberFormat;
  readonly accepts: (value: number) => boolean;
  readonly canonical: (value: number) => number;
}

/** `-0` is written `0` by an integer writer, so a decoder keeps `0`. */
const positiveZero = (value: number) => value + 0;

/** The three number kinds of the wire (spec §1.2 "Numbers"). */
export const NUMBER_KINDS = {
  u32: {
    name: "u32",
    format: "integer",
    accepts: (n) => Number.isInteger(n) && n >= 0 && n <= U32_MAX,
    canonical: positiveZero,
  },
  usize: {
    name: "usize",
    format: "integer",
    accepts: (n) => Number.isSafeInteger(n) && n >= 0,
    canonical: positiveZero,
  },
  f32: { name: "f32", format: "f32", accepts: finiteAsF32, canonical: (n) => n },
} as const satisfies Record<string, NumberKind>;

/** The name of a number kind. */
export type NumberKindName = keyof typeof NUMBER_KINDS;

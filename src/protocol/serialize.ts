/**
 * The serializer: writes an envelope compactly, members in the reference's
 * order (spec §1.2 "Member order"), optional members omitted when absent,
 * lists omitted when empty where the field tables say so, defaulted members
 * always written, and floats in the reference's `f32` form. It walks the wire
 * shapes generated from the valibot schemas (`shapes.generated.ts`) and checks
 * every value it writes with the predicates the readers use, so we never send
 * a peer a shape it would refuse (e.g. a `u32` of 7.5), without loading a
 * schema library.
 */
import { formatF32 } from "./float.ts";
import { NUMBER_KINDS, type NumberKindName } from "./number-kinds.ts";
import { prefixed, ShapeFailure } from "./shape-failure.ts";
import { ENVELOPE_SHAPES } from "./shapes.generated.ts";
import type { WireList, WireMember, WireObject, WireShape } from "./wire-shape.ts";

/**
 * Writes one envelope as compact JSON (no newline). A value that does not fit
 * its shape throws a `ShapeFailure` whose path names the member (never its
 * value), e.g. `result.frames[0].token_cost`, expected "a number in range".
 */
export function writeEnvelope(value: unknown): string {
  const type = value !== null && typeof value === "object" ? (value as Record<string, unknown>).type : undefined;
  if (typeof type !== "string" || !Object.hasOwn(ENVELOPE_SHAPES, type))
    throw new ShapeFailure("type", "expected a known envelope type");
  return writeObject(ENVELOPE_SHAPES[type as keyof typeof ENVELOPE_SHAPES], value);
}

function write(shape: WireShape, value: unknown): string {
  if (typeof shape === "string")
    return shape === "string" || shape === "boolean" ? writeJson(shape, value) : writeNumber(shape, value);
  if ("oneOf" in shape) {
    if (!shape.oneOf.includes(value as string)) throw new ShapeFailure("", "expected picklist");
    return JSON.stringify(value);
  }
  return "list" in shape ? writeList(shape, value) : writeObject(shape, value);
}

function writeJson(type: "string" | "boolean", value: unknown): string {
  if (typeof value !== type) throw new ShapeFailure("", `expected ${type}`);
  return JSON.stringify(value);
}

function writeNumber(kind: NumberKindName, value: unknown): string {
  const number = NUMBER_KINDS[kind];
  if (typeof value !== "number" || !number.accepts(value)) throw new ShapeFailure("", "expected a number in range");
  return number.format === "f32" ? formatF32(value) : String(value);
}

function writeList({ list: item }: WireList, value: unknown): string {
  if (!Array.isArray(value)) throw new ShapeFailure("", "expected a list");
  let out = "";
  // Every index, holes included: a hole is not a value of the item's shape, so it is refused, never skipped.
  for (let i = 0; i < value.length; i++) {
    let text: string;
    try {
      text = write(item, value[i]);
    } catch (error) {
      throw prefixed(error, i);
    }
    out += i === 0 ? text : `,${text}`;
  }
  return `[${out}]`;
}

function writeObject({ members }: WireObject, value: unknown): string {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new ShapeFailure("", "expected an object");
  let out = "";
  for (const member of members) {
    const text = writeMember(member, value as Record<string, unknown>);
    if (text !== undefined) out += out === "" ? text : `,${text}`;
  }
  return `{${out}}`;
}

/** `"name":value`, or undefined for a member left out. Only own members count (not a prototype's). */
function writeMember(
  [name, shape, presence, fallback]: WireMember,
  record: Record<string, unknown>,
): string | undefined {
  let value = Object.hasOwn(record, name) ? record[name] : undefined;
  if (value === undefined || value === null) {
    if (presence === undefined) throw new ShapeFailure(name, "expected a value (required member)");
    if (presence !== "default") return undefined;
    value = fallback;
  }
  if (presence === "omitEmpty" && Array.isArray(value) && value.length === 0) return undefined;
  try {
    // Member names are [a-z_]+ (checked by the generator), so they need no escaping.
    return `"${name}":${write(shape, value)}`;
  } catch (error) {
    throw prefixed(error, name);
  }
}

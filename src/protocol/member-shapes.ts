/**
 * Which members the envelope schemas read, object by object (spec §1.2): the
 * table a receiver walks beside a line's text to find a member name given
 * twice. Built once from the wire shapes generated from the valibot schemas
 * (`shapes.generated.ts`), so it cannot drift from them.
 * Only what the schemas read is in it: the values of unknown members are not
 * (U1), and neither are leaves.
 */
import { ENVELOPE_SHAPES } from "./shapes.generated.ts";
import type { WireShape } from "./wire-shape.ts";

/** A member an object schema reads: its name, its bit in a per-object mask, and the shape of its value. */
export interface MemberShape {
  readonly name: string;
  readonly bit: number;
  readonly value: ValueShape | undefined;
}

/** An object the schemas read, with its members by name and by the length of their name. */
export interface ObjectShape {
  readonly kind: "object";
  readonly members: ReadonlyMap<string, MemberShape>;
  /** `byLength[n]`: the members whose name is `n` UTF-16 units long, to match a name in place. */
  readonly byLength: readonly (readonly MemberShape[] | undefined)[];
}

/** A list the schemas read, with the shape of its items. */
interface ArrayShape {
  readonly kind: "array";
  readonly item: ValueShape | undefined;
}

/** A container the schemas read; leaves (strings, numbers, booleans, literals) have none. */
export type ValueShape = ObjectShape | ArrayShape;

/** Members per object a 32-bit mask holds (bit 31 is the sign). */
const MAX_MEMBERS = 31;

/** An object's shape from its members in declaration order, each given the next bit. */
function objectShape(entries: readonly (readonly [string, ValueShape | undefined])[]): ObjectShape {
  if (entries.length > MAX_MEMBERS) throw new Error(`an object schema with over ${MAX_MEMBERS} members`);
  const members = new Map<string, MemberShape>();
  const byLength: MemberShape[][] = [];
  entries.forEach(([name, value], i) => {
    const member = { name, bit: 1 << i, value };
    members.set(name, member);
    byLength[name.length] = [...(byLength[name.length] ?? []), member];
  });
  return { kind: "object", members, byLength };
}

/** The shape of what a wire shape reads: an object's members, a list's items; undefined for a leaf. */
function shapeOf(shape: WireShape): ValueShape | undefined {
  if (typeof shape !== "object" || "oneOf" in shape) return undefined;
  if ("list" in shape) return { kind: "array", item: shapeOf(shape.list) };
  return objectShape(shape.members.map(([name, member]) => [name, shapeOf(member)] as const));
}

const BY_TYPE = new Map<unknown, ObjectShape>(
  Object.entries(ENVELOPE_SHAPES).map(([type, shape]) => [type, shapeOf(shape) as ObjectShape]),
);
const TYPE_ONLY = objectShape([["type", undefined]]);

/** The shape of the envelope a `type` names; for any other value, an object whose only member is `type`. */
export function envelopeShape(type: unknown): ObjectShape {
  return BY_TYPE.get(type) ?? TYPE_ONLY;
}

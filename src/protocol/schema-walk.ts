/**
 * Reading the structure of our valibot schemas, shared by the strict lint and
 * the generator (scripts/wire-shapes.ts), so that the schemas stay the single
 * description of each shape; and two plain helpers for JSON values and their
 * paths (`isRecord`, `pathStep`) that the run time uses too. Only types come
 * from valibot here, so importing this file loads no schema library.
 */
import type * as v from "valibot";

/** The members of an object schema, in declaration (= wire) order. */
export type Entries = Record<string, v.GenericSchema>;

/** The parts of a valibot schema the walkers look at. */
interface SchemaNode {
  readonly type: string;
  readonly entries?: Entries;
  readonly item?: v.GenericSchema;
  readonly wrapped?: v.GenericSchema;
  readonly default?: unknown;
  readonly options?: readonly v.GenericSchema[];
  readonly key?: string;
  readonly literal?: unknown;
}

/** Views a schema as a walkable node. */
export function node(schema: v.GenericSchema): SchemaNode {
  return schema as unknown as SchemaNode;
}

/** Strips a `nullish` wrapper, if any. */
export function unwrap(schema: v.GenericSchema): v.GenericSchema {
  const n = node(schema);
  return n.type === "nullish" && n.wrapped ? n.wrapped : schema;
}

/** The options of a variant schema, each with its discriminator literal. */
export function variantOptions(schema: v.GenericSchema): [unknown, v.GenericSchema][] {
  const n = node(schema);
  return (n.options ?? []).map((option) => {
    const discriminator = n.key === undefined ? undefined : node(option).entries?.[n.key];
    return [discriminator === undefined ? undefined : node(discriminator).literal, option];
  });
}

/** The option of a variant schema whose discriminator literal equals `tag`. */
export function variantOption(schema: v.GenericSchema, tag: unknown): v.GenericSchema | undefined {
  return variantOptions(schema).find(([literal]) => literal === tag)?.[1];
}

/** Whether a value is a JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Appends one path step: `.key` for members, `[i]` for list items. */
export function pathStep(path: string, key: string | number): string {
  return typeof key === "number" ? `${path}[${key}]` : path ? `${path}.${key}` : key;
}

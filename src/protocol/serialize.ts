/**
 * The serializer: writes any wire shape compactly, members in the reference's
 * order (spec §1.2 "Member order"), optional members omitted when absent,
 * lists omitted when empty where the field tables say so, defaulted booleans
 * always written, and floats in the reference's `f32` form. It checks what it
 * writes against the same schema the decoder uses, so we never send a peer a
 * shape it would refuse (e.g. a `u32` of 7.5).
 */
import * as v from "valibot";
import { formatF32 } from "./float.ts";
import { isOmittedWhenEmpty, numberKindOf } from "./primitives.ts";
import { node, pathStep, unwrap, variantOption } from "./schema-walk.ts";

/** Raised when a value does not fit the shape being written; names the member, never its value. */
export class SerializeError extends Error {
  override readonly name = "SerializeError";
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`${path || "value"}: expected ${expected}`);
  }
}

type Write = (value: unknown, path: string) => string;

const compiled = new WeakMap<v.GenericSchema, Write>();

/** Returns (and caches) the writer for a schema. */
export function serializer(schema: v.GenericSchema): (value: unknown) => string {
  const write = compile(schema);
  return (value) => write(value, "");
}

function compile(schema: v.GenericSchema): Write {
  let write = compiled.get(schema);
  if (!write) {
    write = build(schema);
    compiled.set(schema, write);
  }
  return write;
}

function build(schema: v.GenericSchema): Write {
  const n = node(schema);
  switch (n.type) {
    case "object":
      return objectWriter(n.entries ?? {});
    case "array": {
      const item = compile(n.item as v.GenericSchema);
      return (value, path) => {
        if (!Array.isArray(value)) throw new SerializeError(path, "a list");
        return `[${value.map((element, i) => item(element, pathStep(path, i))).join(",")}]`;
      };
    }
    case "variant":
      return (value, path) => {
        const tag =
          value !== null && typeof value === "object" ? (value as Record<string, unknown>)[n.key ?? ""] : undefined;
        const option = variantOption(schema, tag);
        if (!option) throw new SerializeError(pathStep(path, n.key ?? ""), "a known envelope type");
        return compile(option)(value, path);
      };
    case "number": {
      const format = numberKindOf(schema)?.format === "f32" ? formatF32 : String;
      return leafWriter(schema, "a number in range", format);
    }
    case "nullish":
      return compile(unwrap(schema));
    default:
      return leafWriter(schema, n.type, (value) => JSON.stringify(value));
  }
}

function leafWriter(schema: v.GenericSchema, expected: string, format: (value: never) => string): Write {
  return (value, path) => {
    if (!v.is(schema, value)) throw new SerializeError(path, expected);
    return format(value as never);
  };
}

interface Member {
  readonly key: string;
  readonly prefix: string;
  readonly write: Write;
  readonly required: boolean;
  readonly fallback: (() => unknown) | undefined;
  readonly omitEmpty: boolean;
}

function objectWriter(entries: Record<string, v.GenericSchema>): Write {
  const members: Member[] = Object.entries(entries).map(([key, schema]) => {
    const n = node(schema);
    const nullish = n.type === "nullish";
    return {
      key,
      prefix: `${JSON.stringify(key)}:`,
      write: compile(unwrap(schema)),
      required: !nullish,
      fallback: nullish && typeof n.default === "function" ? (n.default as () => unknown) : undefined,
      omitEmpty: isOmittedWhenEmpty(schema),
    };
  });
  return (value, path) => {
    if (value === null || typeof value !== "object" || Array.isArray(value))
      throw new SerializeError(path, "an object");
    const record = value as Record<string, unknown>;
    const parts: string[] = [];
    for (const member of members) {
      let memberValue = Object.hasOwn(record, member.key) ? record[member.key] : undefined;
      if (memberValue === undefined || memberValue === null) {
        if (member.required) throw new SerializeError(pathStep(path, member.key), "a value (required member)");
        memberValue = member.fallback?.();
        if (memberValue === undefined) continue;
      }
      if (member.omitEmpty && Array.isArray(memberValue) && memberValue.length === 0) continue;
      parts.push(member.prefix + member.write(memberValue, pathStep(path, member.key)));
    }
    return `{${parts.join(",")}}`;
  };
}

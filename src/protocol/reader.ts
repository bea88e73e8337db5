/**
 * The decode fast path: a reader compiled once from a valibot schema that
 * checks a parsed JSON value and builds the typed output in one pass, with the
 * receiver rules of spec §1.2 (unknown members ignored, `null` read as absent,
 * always-emitted defaults filled in). It accepts exactly what the schema
 * accepts (a differential test holds the two together) at a fraction of the
 * generic machinery's cost, which matters on a host decoding many frames.
 */
import type * as v from "valibot";
import { isOmittedWhenEmpty, numberKindOf } from "./primitives.ts";
import { node, pathStep, unwrap, variantOption } from "./schema-walk.ts";
import type { ShapeIssue } from "./shape-issues.ts";

/** Thrown by a reader: where the value did not fit and what was expected, never the value itself. */
export class ShapeFailure extends Error {
  override readonly name = "ShapeFailure";
  constructor(public path: string, readonly expected: string) {
    super(expected);
  }

  /** The failure as a value-free issue under `root`. */
  issue(root: string): ShapeIssue {
    return { path: this.path ? pathStep(root, this.path) : root, message: this.expected };
  }
}

type Read = (value: unknown) => unknown;

const compiled = new WeakMap<v.GenericSchema, Read>();

/** Returns (and caches) the reader for a schema; it throws `ShapeFailure` on a value that does not fit. */
export function reader<S extends v.GenericSchema>(schema: S): (value: unknown) => v.InferOutput<S> {
  return compile(schema) as (value: unknown) => v.InferOutput<S>;
}

function compile(schema: v.GenericSchema): Read {
  let read = compiled.get(schema);
  if (!read) {
    read = build(schema);
    compiled.set(schema, read);
  }
  return read;
}

/** Prefixes a failure's path with the member key or item index it happened under. */
function prefixed(error: unknown, key: string | number): unknown {
  if (error instanceof ShapeFailure) {
    const rest = error.path && error.path[0] !== "[" ? `.${error.path}` : error.path;
    error.path = typeof key === "number" ? `[${key}]${rest}` : `${key}${rest}`;
  }
  return error;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function build(schema: v.GenericSchema): Read {
  const n = node(schema);
  const expected = `expected ${(schema as { expects?: string }).expects ?? n.type}`;
  const fail = (): never => {
    throw new ShapeFailure("", expected);
  };
  switch (n.type) {
    case "object":
      return objectReader(n.entries ?? {}, fail);
    case "array": {
      const item = compile(n.item as v.GenericSchema);
      return (value) => {
        if (!Array.isArray(value)) return fail();
        const out = new Array<unknown>(value.length);
        let i = 0;
        try {
          for (; i < value.length; i++) out[i] = item(value[i]);
        } catch (error) {
          throw prefixed(error, i);
        }
        return out;
      };
    }
    case "variant":
      return (value) => {
        const option = isRecord(value) ? variantOption(schema, value[n.key ?? ""]) : undefined;
        return option ? compile(option)(value) : fail();
      };
    case "nullish":
      return compile(unwrap(schema));
    case "string":
      return (value) => (typeof value === "string" ? value : fail());
    case "boolean":
      return (value) => (typeof value === "boolean" ? value : fail());
    case "number": {
      const kind = numberKindOf(schema);
      if (!kind) throw new TypeError("number schemas must be made with u32(), usize() or f32()");
      return (value) => (typeof value === "number" && kind.accepts(value) ? kind.canonical(value) : fail());
    }
    case "picklist": {
      const options = new Set(n.options as readonly unknown[]);
      return (value) => (options.has(value) ? value : fail());
    }
    case "literal":
      return (value) => (value === n.literal ? value : fail());
    default:
      throw new TypeError(`no reader for schema type ${n.type}`);
  }
}

interface Member {
  readonly key: string;
  readonly read: Read;
  readonly required: boolean;
  readonly fallback: (() => unknown) | undefined;
  readonly omitEmpty: boolean;
}

function objectReader(entries: Record<string, v.GenericSchema>, fail: () => never): Read {
  const members: Member[] = Object.entries(entries).map(([key, schema]) => {
    const n = node(schema);
    return {
      key,
      read: compile(unwrap(schema)),
      required: n.type !== "nullish",
      fallback: n.type === "nullish" && typeof n.default === "function" ? (n.default as () => unknown) : undefined,
      omitEmpty: isOmittedWhenEmpty(schema),
    };
  });
  return (value) => {
    // Like valibot's `object`, any non-null object is read member by member (an array has none of ours).
    if (value === null || typeof value !== "object") return fail();
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    let member: Member | undefined;
    try {
      for (member of members) {
        // Plain member access, as valibot's `object` reads: none of our keys is an inherited name.
        const raw = record[member.key];
        if (raw === undefined || raw === null) {
          if (member.required) throw new ShapeFailure("", "missing required member");
          if (member.fallback) out[member.key] = member.fallback();
        } else {
          const read = member.read(raw);
          if (!(member.omitEmpty && (read as unknown[]).length === 0)) out[member.key] = read;
        }
      }
    } catch (error) {
      throw member ? prefixed(error, member.key) : error;
    }
    return out;
  };
}

/**
 * The valibot schemas of src/protocol as plain wire shapes (src/protocol/wire-shape.ts): the one walk over
 * the schemas that both generated files come from. `shapesSource` writes the table the encoder and the
 * repeated-member check read at run time (src/protocol/shapes.generated.ts); the reader generator
 * (generate-readers.ts) compiles the same shapes to code. Every assumption the run time makes about a
 * schema (the member names need no escaping, each kind's `expects` is the message the readers give) is
 * checked here, so a schema the table cannot express fails the generation instead of drifting.
 */
import type * as v from "valibot";
import * as protocol from "../src/protocol/index.ts";
import { isOmittedWhenEmpty, numberKindOf } from "../src/protocol/primitives.ts";
import { choiceExpects } from "../src/protocol/reader-checks.ts";
import { node, unwrap, variantOptions } from "../src/protocol/schema-walk.ts";
import type { WireMember, WireObject, WireShape } from "../src/protocol/wire-shape.ts";

/** The shapes of every envelope, with a name for each object shape (`ContextFrameSchema` → `ContextFrame`). */
export interface ShapeTable {
  /** Each envelope's `type` and shape, in the variant's order. */
  readonly envelopes: readonly (readonly [type: string, shape: WireObject])[];
  /** Every object shape, each after the objects its members hold. */
  readonly objects: readonly WireObject[];
  readonly names: ReadonlyMap<WireObject, string>;
}

/** What valibot's `expects` must be for each kind of schema the table has a fixed message for. */
const EXPECTS: Readonly<Record<string, string>> = {
  string: "string",
  boolean: "boolean",
  number: "number",
  array: "Array",
  object: "Object",
  variant: "Object",
};

const WIRE_NAME = /^[a-z_]+$/;

/** Throws unless `condition`: the schemas use something the shapes cannot express. */
function demand(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`generate: ${message}`);
}

/** Object schemas by name, from the protocol's exports. */
function schemaNames(): Map<v.GenericSchema, string> {
  const names = new Map<v.GenericSchema, string>();
  for (const [key, value] of Object.entries(protocol)) {
    if (
      key.endsWith("Schema") &&
      value &&
      typeof value === "object" &&
      node(value as v.GenericSchema).type === "object"
    )
      names.set(value as v.GenericSchema, key.slice(0, -"Schema".length));
  }
  return names;
}

function checkExpects(schema: v.GenericSchema, expected: string): void {
  const expects = (schema as { expects?: string }).expects;
  demand(expects === expected, `a ${node(schema).type} schema expects ${expects}, the shapes say ${expected}`);
}

class Walk {
  readonly #names = schemaNames();
  readonly #objects = new Map<v.GenericSchema, WireObject>();
  readonly names = new Map<WireObject, string>();

  get objects(): WireObject[] {
    return [...this.#objects.values()];
  }

  shape(schema: v.GenericSchema): WireShape {
    const n = node(schema);
    if (n.type in EXPECTS) checkExpects(schema, EXPECTS[n.type]!);
    switch (n.type) {
      case "string":
      case "boolean":
        return n.type;
      case "number": {
        const kind = numberKindOf(schema);
        demand(kind !== undefined, "number schemas must be made with u32(), usize() or f32()");
        return kind.name;
      }
      case "picklist":
      case "literal": {
        const options = n.type === "literal" ? [n.literal] : [...(n.options as unknown[])];
        demand(
          options.every((option) => typeof option === "string"),
          "picklists and literals must be of strings",
        );
        checkExpects(schema, choiceExpects(options as string[]));
        return { oneOf: options as string[] };
      }
      case "array":
        return { list: this.shape(unwrap(n.item as v.GenericSchema)) };
      case "object":
        return this.object(schema);
      default:
        throw new Error(`generate: no wire shape for schema type ${n.type}`);
    }
  }

  /** The shape of an object schema, made once (objects are shared: `FrameId` is in three places). */
  object(schema: v.GenericSchema): WireObject {
    const made = this.#objects.get(schema);
    if (made) return made;
    const name = this.#names.get(schema);
    demand(name !== undefined, "every object schema must be exported as <Name>Schema");
    const members = Object.entries(node(schema).entries ?? {}).map(([key, member]) => this.#member(key, member));
    const shape: WireObject = { members };
    this.#objects.set(schema, shape);
    this.names.set(shape, name);
    return shape;
  }

  #member(name: string, schema: v.GenericSchema): WireMember {
    demand(WIRE_NAME.test(name), `member name ${JSON.stringify(name)} is not [a-z_]+`);
    const n = node(schema);
    const shape = this.shape(unwrap(schema));
    if (n.type !== "nullish") return [name, shape];
    if (typeof n.default === "function") return [name, shape, "default", (n.default as () => unknown)()];
    if (!isOmittedWhenEmpty(schema)) return [name, shape, "optional"];
    demand(typeof shape === "object" && "list" in shape, `${name}: only a list is omitted when empty`);
    return [name, shape, "omitEmpty"];
  }
}

/** The wire shapes of every envelope (see `ShapeTable`). */
export function shapeTable(): ShapeTable {
  const walk = new Walk();
  checkExpects(protocol.EnvelopeSchema, EXPECTS.variant!);
  demand(node(protocol.EnvelopeSchema).key === "type", "envelopes are told apart by type");
  const envelopes = variantOptions(protocol.EnvelopeSchema).map(([type, option]) => {
    demand(typeof type === "string", "envelope types are strings");
    return [type, walk.object(option)] as const;
  });
  return { envelopes, objects: walk.objects, names: walk.names };
}

/** A shape as a TypeScript expression, naming object shapes by their constant. */
function shapeExpression(shape: WireShape, names: ReadonlyMap<WireObject, string>): string {
  if (typeof shape === "string") return JSON.stringify(shape);
  if ("oneOf" in shape) return `{ oneOf: ${JSON.stringify(shape.oneOf)} }`;
  if ("list" in shape) return `{ list: ${shapeExpression(shape.list, names)} }`;
  return names.get(shape)!;
}

function memberExpression([name, shape, presence, fallback]: WireMember, names: ReadonlyMap<WireObject, string>) {
  const parts = [JSON.stringify(name), shapeExpression(shape, names)];
  if (presence) parts.push(JSON.stringify(presence));
  if (presence === "default") parts.push(JSON.stringify(fallback));
  return `[${parts.join(", ")}]`;
}

/** The source of src/protocol/shapes.generated.ts. */
export function shapesSource(table: ShapeTable = shapeTable()): string {
  const objects = table.objects.map((shape) => {
    const members = shape.members.map((member) => `    ${memberExpression(member, table.names)},`);
    return [`const ${table.names.get(shape)}: WireObject = {`, "  members: [", ...members, "  ],", "};"].join("\n");
  });
  return [
    "// Generated by scripts/generate-readers.ts from the valibot schemas in src/protocol. Do not edit: run `npm run generate`.",
    'import type { EnvelopeType } from "./envelope.ts";',
    'import type { WireObject } from "./wire-shape.ts";',
    "",
    ...objects.flatMap((source) => [source, ""]),
    "/** Every envelope's shape, by wire `type` (spec §1.1, §1.3–§1.12). */",
    "export const ENVELOPE_SHAPES: Readonly<Record<EnvelopeType, WireObject>> = {",
    ...table.envelopes.map(([type, shape]) => `  ${type}: ${table.names.get(shape)},`),
    "};",
    "",
  ].join("\n");
}

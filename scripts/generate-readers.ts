/**
 * Generates src/protocol/readers.generated.ts: plain TypeScript readers for
 * every envelope, compiled from the valibot schemas in src/protocol. They check
 * a parsed JSON value and build the typed output with direct member access
 * (monomorphic, no eval, so they run in workerd and under a strict CSP), with
 * the receiver rules of spec §1.2. The schemas stay the one description of each
 * shape: a test fails when the generated file is stale, and a differential test
 * holds the readers to valibot's verdicts.
 *
 * Run: npm run generate
 */
import { writeFileSync } from "node:fs";
import type * as v from "valibot";
import * as protocol from "../src/protocol/index.ts";
import { isOmittedWhenEmpty, numberKindOf } from "../src/protocol/primitives.ts";
import { node, unwrap, variantOptions } from "../src/protocol/schema-walk.ts";

const TARGET = new URL("../src/protocol/readers.generated.ts", import.meta.url);

/** Object schemas by name (`ContextFrameSchema` → `ContextFrame`), from the protocol's exports. */
function schemaNames(): Map<v.GenericSchema, string> {
  const names = new Map<v.GenericSchema, string>();
  for (const [key, value] of Object.entries(protocol)) {
    if (
      key.endsWith("Schema") &&
      value &&
      typeof value === "object" &&
      node(value as v.GenericSchema).type === "object"
    ) {
      names.set(value as v.GenericSchema, key.slice(0, -"Schema".length));
    }
  }
  return names;
}

const expects = (schema: v.GenericSchema) =>
  JSON.stringify(`expected ${(schema as { expects?: string }).expects ?? node(schema).type}`);
/** A JS expression for a relative failure path: `"key"`, `"key[" + i + "]"`. */
function pathExpression(path: string[]): string {
  if (path.length === 0) return '""';
  return path
    .map((step, i) => (step.startsWith('"') ? (i === 0 ? step : `"." + ${step}`) : `"[" + ${step} + "]"`))
    .join(" + ");
}

const access = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);

class Generator {
  readonly #names = schemaNames();
  readonly #emitted = new Set<string>();
  readonly #functions: string[] = [];
  #counter = 0;

  #fresh(prefix: string): string {
    this.#counter += 1;
    return `${prefix}${this.#counter}`;
  }

  /** The reader function for an object schema, emitted once. */
  reader(schema: v.GenericSchema): string {
    const name = this.#names.get(schema);
    if (!name) throw new Error("every object schema must be exported as <Name>Schema");
    const fn = `read${name}`;
    if (!this.#emitted.has(fn)) {
      this.#emitted.add(fn);
      const body = Object.entries(node(schema).entries ?? {}).flatMap(([key, member]) => this.#member(key, member));
      this.#functions.push(
        [
          `function ${fn}(value: unknown): Json {`,
          `  if (value === null || typeof value !== "object") throw new ShapeFailure("", ${expects(schema)});`,
          "  const input = value as Json;",
          "  const out: Json = {};",
          ...body.map((line) => `  ${line}`),
          "  return out;",
          "}",
        ].join("\n"),
      );
    }
    return fn;
  }

  #member(key: string, schema: v.GenericSchema): string[] {
    const n = node(schema);
    const nullish = n.type === "nullish";
    const [raw, read] = [this.#fresh("raw"), this.#fresh("read")];
    const target = `out${access(key)}`;
    const fallback =
      nullish && typeof n.default === "function" ? JSON.stringify((n.default as () => unknown)()) : undefined;
    const absent = !nullish
      ? `throw new ShapeFailure(${JSON.stringify(key)}, "missing required member");`
      : fallback === undefined
        ? undefined
        : `${target} = ${fallback};`;
    const present = [
      `let ${read}: unknown;`,
      ...this.value(unwrap(schema), raw, read, [JSON.stringify(key)]),
      isOmittedWhenEmpty(schema)
        ? `if ((${read} as unknown[]).length > 0) ${target} = ${read};`
        : `${target} = ${read};`,
    ].map((line) => `  ${line}`);
    const lines = [`const ${raw} = input${access(key)};`];
    if (absent === undefined) return [...lines, `if (${raw} !== undefined && ${raw} !== null) {`, ...present, "}"];
    return [...lines, `if (${raw} === undefined || ${raw} === null) ${absent}`, "else {", ...present, "}"];
  }

  /**
   * Statements that check `input` against `schema` and assign the output to
   * `output`. `path` holds the expressions (member names as string literals,
   * list indexes as variables) locating `input`, for failures.
   */
  value(schema: v.GenericSchema, input: string, output: string, path: string[]): string[] {
    const n = node(schema);
    const fail = `throw new ShapeFailure(${pathExpression(path)}, ${expects(schema)});`;
    switch (n.type) {
      case "string":
      case "boolean":
        return [`if (typeof ${input} !== "${n.type}") ${fail}`, `${output} = ${input};`];
      case "number": {
        const kind = numberKindOf(schema);
        if (!kind) throw new Error("number schemas must be made with u32(), usize() or f32()");
        return [
          `if (typeof ${input} !== "number" || !NUMBER_KINDS.${kind.name}.accepts(${input})) ${fail}`,
          `${output} = NUMBER_KINDS.${kind.name}.canonical(${input});`,
        ];
      }
      case "picklist":
        return [
          `if (${(n.options as unknown[]).map((option) => `${input} !== ${JSON.stringify(option)}`).join(" && ")}) ${fail}`,
          `${output} = ${input};`,
        ];
      case "literal":
        return [`if (${input} !== ${JSON.stringify(n.literal)}) ${fail}`, `${output} = ${input};`];
      case "object": {
        const prefixes = [...path].reverse().reduce((error, step) => `prefixed(${error}, ${step})`, "error");
        return [
          `try {`,
          `  ${output} = ${this.reader(schema)}(${input});`,
          "} catch (error) {",
          `  throw ${prefixes};`,
          "}",
        ];
      }
      case "array": {
        const [list, index, item, read] = [
          this.#fresh("list"),
          this.#fresh("i"),
          this.#fresh("item"),
          this.#fresh("read"),
        ];
        return [
          `if (!Array.isArray(${input})) ${fail}`,
          `const ${list} = new Array<unknown>(${input}.length);`,
          `for (let ${index} = 0; ${index} < ${input}.length; ${index}++) {`,
          `  const ${item}: unknown = ${input}[${index}];`,
          `  let ${read}: unknown;`,
          ...this.value(unwrap(n.item as v.GenericSchema), item, read, [...path, index]).map((l) => `  ${l}`),
          `  ${list}[${index}] = ${read};`,
          "}",
          `${output} = ${list};`,
        ];
      }
      default:
        throw new Error(`no reader for schema type ${n.type}`);
    }
  }

  /** The variant reader: dispatch on the discriminator to each option's reader. */
  variant(schema: v.GenericSchema, name: string): string {
    const key = node(schema).key ?? "";
    const cases = variantOptions(schema).map(
      ([tag, option]) => `    case ${JSON.stringify(tag)}:\n      return ${this.reader(option)}(value) as Envelope;`,
    );
    return [
      `/** Reads one envelope (spec §1.1), dispatching on \`${key}\`; throws \`ShapeFailure\`. */`,
      `export function ${name}(value: unknown): Envelope {`,
      `  if (value === null || typeof value !== "object") throw new ShapeFailure("", ${expects(schema)});`,
      `  switch ((value as Json)${access(key)}) {`,
      ...cases,
      "    default:",
      `      throw new ShapeFailure(${JSON.stringify(key)}, ${expects(schema)});`,
      "  }",
      "}",
    ].join("\n");
  }

  get functions(): string[] {
    return this.#functions;
  }
}

/** The source of src/protocol/readers.generated.ts. */
export function readersSource(): string {
  const generator = new Generator();
  const envelope = generator.variant(protocol.EnvelopeSchema, "readEnvelope");
  return [
    "// Generated by scripts/generate-readers.ts from the valibot schemas in src/protocol. Do not edit: run `npm run generate`.",
    'import type { Envelope } from "./envelope.ts";',
    'import { NUMBER_KINDS } from "./primitives.ts";',
    'import { prefixed, ShapeFailure } from "./shape-failure.ts";',
    "",
    "type Json = Record<string, unknown>;",
    "",
    envelope,
    "",
    ...generator.functions.flatMap((fn) => [fn, ""]),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(TARGET, readersSource());
  console.log(`wrote ${TARGET.pathname}`);
}

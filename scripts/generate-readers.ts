/**
 * Generates the two files src/protocol holds for the run time, both from the valibot schemas (through the
 * wire shapes of wire-shapes.ts), so the schemas stay the one description of each shape:
 *
 * - readers.generated.ts: plain TypeScript readers for every envelope. They check a parsed JSON value and
 *   build the typed output with direct member access (monomorphic, no eval, so they run in workerd and
 *   under a strict CSP), with the receiver rules of spec §1.2, one small check of reader-checks.ts per
 *   member. A differential test holds them to valibot's verdicts.
 * - shapes.generated.ts: the same shapes as plain data, which the encoder and the repeated-member check
 *   walk, so that neither loads valibot.
 *
 * A test fails when either file is stale. Run: npm run generate
 */
import { writeFileSync } from "node:fs";
import type { WireMember, WireObject, WireShape } from "../src/protocol/wire-shape.ts";
import { type ShapeTable, shapeTable, shapesSource } from "./wire-shapes.ts";

const READERS = new URL("../src/protocol/readers.generated.ts", import.meta.url);
const SHAPES = new URL("../src/protocol/shapes.generated.ts", import.meta.url);

/** Readers other modules use besides `readEnvelope`, with their doc comments. */
const EXPORTED: Readonly<Record<string, string>> = {
  ContextQuery: "Reads a `ContextQuery` (spec §1.6) as the `query` envelope's reader does; throws `ShapeFailure`.",
};

const access = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);

class ReaderSource {
  readonly #table: ShapeTable;
  /** Constants for the choices (picklists, literals), by their options. */
  readonly #choices = new Map<string, string>();
  /** The checks of reader-checks.ts the readers call. */
  readonly used = new Set<string>(["record"]);
  #counter = 0;

  constructor(table: ShapeTable) {
    this.#table = table;
  }

  #name(shape: WireObject): string {
    return `read${this.#table.names.get(shape)}`;
  }

  #choice(options: readonly string[]): string {
    const key = JSON.stringify(options);
    if (!this.#choices.has(key)) this.#choices.set(key, `CHOICE_${this.#choices.size + 1}`);
    return this.#choices.get(key)!;
  }

  /** The call that checks `raw` (the member `key`) against `shape` and returns what to keep. */
  #read(shape: WireShape, raw: string, key: string): string {
    const [check, extra] = this.#check(shape);
    this.used.add(check);
    return `${check}(${[raw, JSON.stringify(key), ...extra].join(", ")})`;
  }

  /** The check of reader-checks.ts for a shape, and what it is given besides the value and the name. */
  #check(shape: WireShape): [string, string[]] {
    if (typeof shape === "string") return [shape, []];
    if ("oneOf" in shape) return ["choice", [this.#choice(shape.oneOf)]];
    if (!("list" in shape)) return ["object", [this.#name(shape)]];
    const item = shape.list;
    if (item === "string") return ["strings", []];
    if (item === "f32") return ["f32s", []];
    if (typeof item === "object" && "oneOf" in item) return ["choices", [this.#choice(item.oneOf)]];
    if (typeof item === "object" && "members" in item) return ["objects", [this.#name(item)]];
    throw new Error(`generate: no reader for a list of ${JSON.stringify(item)}: add one to reader-checks.ts`);
  }

  /** The statements that read one member into `out`. */
  #member([key, shape, presence, fallback]: WireMember): string[] {
    const target = `out${access(key)}`;
    // An optional member is read twice rather than kept in a local: the second read is a cached hit, and the
    // code is smaller.
    const raw = `input${access(key)}`;
    const read = this.#read(shape, raw, key);
    if (presence === undefined) return [`${target} = ${read};`];
    if (presence === "default") return [`${target} = ${raw} == null ? ${JSON.stringify(fallback)} : ${read};`];
    if (presence === "optional") return [`if (${raw} != null) ${target} = ${read};`];
    this.#counter += 1;
    const list = `list${this.#counter}`;
    return [
      `if (${raw} != null) {`,
      `  const ${list} = ${read};`,
      `  if (${list}.length > 0) ${target} = ${list};`,
      "}",
    ];
  }

  /** An envelope's `type`: `readEnvelope` only calls the reader whose literal it is, so it is written, not checked. */
  #members(shape: WireObject): string[] {
    const type = this.#table.envelopes.find(([, envelope]) => envelope === shape)?.[0];
    return shape.members.flatMap((member) =>
      type !== undefined && member[0] === "type" ? [`out.type = ${JSON.stringify(type)};`] : this.#member(member),
    );
  }

  reader(shape: WireObject): string {
    const name = this.#table.names.get(shape)!;
    const doc = EXPORTED[name];
    const head = `function ${this.#name(shape)}(value: unknown): Json {`;
    return [
      ...(doc ? [`/** ${doc} */`, `export ${head}`] : [head]),
      "  const input = record(value);",
      "  const out: Json = {};",
      ...this.#members(shape).map((line) => `  ${line}`),
      "  return out;",
      "}",
    ].join("\n");
  }

  /** The variant reader: dispatch on `type` to each envelope's reader. */
  envelope(): string {
    const cases = this.#table.envelopes.map(
      ([type, shape]) => `    case ${JSON.stringify(type)}:\n      return ${this.#name(shape)}(value) as Envelope;`,
    );
    return [
      "/** Reads one envelope (spec §1.1), dispatching on `type`; throws `ShapeFailure`. */",
      "export function readEnvelope(value: unknown): Envelope {",
      "  switch (record(value).type) {",
      ...cases,
      "    default:",
      '      throw new ShapeFailure("type", "expected Object");',
      "  }",
      "}",
    ].join("\n");
  }

  get choices(): string[] {
    return [...this.#choices].map(([options, name]) => `const ${name} = ${options};`);
  }
}

/** The source of src/protocol/readers.generated.ts. */
export function readersSource(table: ShapeTable = shapeTable()): string {
  const source = new ReaderSource(table);
  const envelope = source.envelope();
  const readers = table.objects.map((shape) => source.reader(shape));
  const used = [...source.used].sort();
  return [
    "// Generated by scripts/generate-readers.ts from the valibot schemas in src/protocol. Do not edit: run `npm run generate`.",
    'import type { Envelope } from "./envelope.ts";',
    `import { type Json, ${used.join(", ")} } from "./reader-checks.ts";`,
    'import { ShapeFailure } from "./shape-failure.ts";',
    "",
    ...source.choices,
    "",
    envelope,
    "",
    ...readers.flatMap((reader) => [reader, ""]),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const table = shapeTable();
  writeFileSync(READERS, readersSource(table));
  writeFileSync(SHAPES, shapesSource(table));
  console.log(`wrote ${READERS.pathname} and ${SHAPES.pathname}`);
}

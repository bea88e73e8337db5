// No hand-written function under src/, web/ or worker/ is over 50 lines (the generated readers excepted): a
// function that long is two functions. The sources are Biome-formatted, so a function is found by its head (a
// `function`, a method, or an arrow with a block body) and measured to its matching closing brace.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { filesUnder } from "../support/files.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const MAX_LINES = 50;
const GENERATED = new Set(["src/protocol/readers.generated.ts", "src/protocol/shapes.generated.ts"]);

const MODIFIERS = String.raw`(?:(?:public|private|protected|static|async|get|set|override)\s+)*`;
const HEADS = [
  /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\b/,
  new RegExp(String.raw`^\s+${MODIFIERS}#?[A-Za-z_$][\w$]*\s*(?:<[^>]*>)?\(`),
  /=>\s*\{\s*$/,
];
const NOT_A_HEAD = /^(if|for|while|switch|catch|else|} else|return|do|try|\*|\/)/;

/** A line with string literals and line comments blanked, so their braces do not count. */
function code(line: string): string {
  return line
    .replace(/\/\/.*$/, "")
    .replace(/"(?:\\.|[^"\\])*"/g, '""')
    .replace(/'(?:\\.|[^'\\])*'/g, "''")
    .replace(/`(?:\\.|[^`\\])*`/g, "``");
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** The line where the body of the function whose head is at `at` opens, if it has one. */
function bodyOpening(lines: readonly string[], at: number): number | undefined {
  let parens = 0;
  for (let j = at; j < lines.length && j < at + 15; j++) {
    const line = code(lines[j]!).trimEnd();
    parens += count(line, "(") - count(line, ")");
    if (parens <= 0 && line.endsWith("{")) return j;
    if (parens <= 0 && line.endsWith(";")) return undefined;
  }
  return undefined;
}

/** Every function of `source` longer than the limit, as "line: length". */
function longFunctions(source: string): string[] {
  const lines = source.split("\n");
  const found: string[] = [];
  lines.forEach((line, at) => {
    if (NOT_A_HEAD.test(line.trim()) || !HEADS.some((head) => head.test(line))) return;
    const opening = bodyOpening(lines, at);
    if (opening === undefined) return;
    let depth = 0;
    let end = opening;
    for (; end < lines.length; end++) {
      depth += count(code(lines[end]!), "{") - count(code(lines[end]!), "}");
      if (depth <= 0) break;
    }
    const length = end - at + 1;
    if (length > MAX_LINES) found.push(`${at + 1}: ${length} lines (${line.trim().slice(0, 60)})`);
  });
  return found;
}

test(`no hand-written function under src/, web/ or worker/ is over ${MAX_LINES} lines`, () => {
  const long = ["src", "web", "worker"]
    .flatMap((folder) => filesUnder(join(root, folder), /\.ts$/))
    .map((file) => relative(root, file))
    .filter((file) => !GENERATED.has(file))
    .flatMap((file) => longFunctions(readFileSync(join(root, file), "utf8")).map((where) => `${file}:${where}`));
  assert.deepEqual(long, []);
});

test("the length check finds a long function, a long method and a long arrow", () => {
  const body = Array.from({ length: MAX_LINES }, (_, i) => `  const x${i} = "{";`).join("\n");
  const source = [
    `export function long(a: string): void {\n${body}\n}`,
    `class C {\n  method(): void {\n${body}\n  }\n}`,
    `const arrow = (a: number) => {\n${body}\n};`,
    "export function short(): number {\n  return 1;\n}",
  ].join("\n");
  assert.deepEqual(
    longFunctions(source).map((where) => where.split(":")[0]),
    ["1", String(MAX_LINES + 4), String(2 * MAX_LINES + 7)],
  );
});

// An example states a value with a comment that starts like one (a quote, bracket, brace, digit, minus
// sign, true, false, null, undefined, NaN, Infinity): on the line of a one-line statement, or alone on
// the line after it. The statement is an expression (its value is stated) or `const name = …` (the
// value of name). Each such line gets a call that compares what the code gave with what it states
// (./values.ts) when the example runs; every other comment is prose.
import { lineCommentAt } from "./code-text.ts";

const STARTS_LIKE_A_VALUE = /^(?:["'[{\d]|-\d|-?Infinity\b|true\b|false\b|null\b|undefined\b|NaN\b)/;
const DECLARATION = /^\s*(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*[=:]/;

/** The value a line's comment states, and where the statement before it ends, if the comment is a value. */
function statedOn(line: string): { statement: string; value: string } | undefined {
  const at = lineCommentAt(line);
  if (at === undefined) return undefined;
  const value = line.slice(at + 2).trim();
  if (!STARTS_LIKE_A_VALUE.test(value)) return undefined;
  return { statement: line.slice(0, at).trimEnd().replace(/;$/, ""), value };
}

/** `statement` followed by the check that `value` is what it gives. */
function checked(statement: string, value: string, origin: string): string {
  const check = (of: string) => `expectValue(${of}, ${JSON.stringify(value)}, ${JSON.stringify(origin)});`;
  const declared = DECLARATION.exec(statement)?.[1];
  if (declared) return `${statement}; ${check(declared)}`;
  const indent = /^\s*/.exec(statement)![0];
  return `${indent}${check(statement.trim())}`;
}

/**
 * The example's code with each stated value checked, line for line (a line is replaced, never added),
 * and how many values it states. `line` is the example's first line in `path`, for the messages.
 */
export function checkStatedValues(code: string, path: string, line: number): { code: string; stated: number } {
  const lines = code.split("\n");
  let stated = 0;
  lines.forEach((text, i) => {
    const found = statedOn(text);
    if (!found) return;
    stated++;
    const origin = `${path}:${line + i}`;
    if (found.statement.trim() !== "") {
      lines[i] = checked(found.statement, found.value, origin);
      return;
    }
    let before = i - 1;
    while (before >= 0 && lines[before]!.trim() === "") before--;
    const previous = lines[before] ?? "";
    const statement = previous.slice(0, lineCommentAt(previous)).trimEnd().replace(/;$/, "");
    lines[before] = checked(statement, found.value, origin);
    lines[i] = "";
  });
  return { code: lines.join("\n"), stated };
}

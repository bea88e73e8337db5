/**
 * Statements as SQL text with their values written in as literals, for
 * `wrangler d1 execute --file` (which binds nothing). Exact for any text:
 * quotes are doubled, and a text holding NUL (which SQLite's parser would cut)
 * is written as the hex of its UTF-8 bytes.
 */
import type { Statement } from "./write.ts";

const encoder = new TextEncoder();

/** One value as an SQLite literal: an integer as digits, text quoted (or as hex bytes when it holds NUL). */
export function sqlLiteral(value: string | number): string {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer: ${value}`);
    return String(value);
  }
  if (!value.includes("\u0000")) return `'${value.replaceAll("'", "''")}'`;
  const hex = Array.from(encoder.encode(value), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `CAST(X'${hex}' AS TEXT)`;
}

/** One statement with each `?` replaced by its value's literal. */
export function statementText(statement: Statement): string {
  let next = 0;
  const text = statement.sql.replace(/\?/g, () => {
    if (next >= statement.params.length) throw new RangeError(`more ? than values in: ${statement.sql}`);
    return sqlLiteral(statement.params[next++]!);
  });
  if (next !== statement.params.length) throw new RangeError(`more values than ? in: ${statement.sql}`);
  return `${text};`;
}

/** A whole update as one SQL file, one statement per line (text literals may span lines). */
export function sqlText(statements: readonly Statement[]): string {
  return `${statements.map(statementText).join("\n")}\n`;
}

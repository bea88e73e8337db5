/**
 * Whether a line repeats any member name, answered by counting (spec §1.2):
 * the names its text writes against the names `JSON.parse` kept. Equal counts
 * prove no object repeats a name; a difference sends the line to the exact
 * scan in `duplicate-members.ts`. Two native-speed passes, no allocation per
 * member, so the common case costs a fraction of the parse.
 */
import { isEscaped } from "./json-text.ts";

const QUOTE = 0x22;

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/**
 * An upper bound on the member names `text` writes: every name ends with an
 * unescaped quote, optional whitespace and a colon, so each such colon is
 * counted. A string value opening with a colon counts too; it only costs the
 * line the exact scan.
 */
function namesWritten(text: string): number {
  let names = 0;
  for (let colon = text.indexOf(":"); colon !== -1; colon = text.indexOf(":", colon + 1)) {
    let quote = colon - 1;
    while (isWhitespace(text.charCodeAt(quote))) quote -= 1;
    if (text.charCodeAt(quote) === QUOTE && !isEscaped(text, quote)) names += 1;
  }
  return names;
}

/** Containers still to count, reused: a count runs synchronously to its end. */
const pending: object[] = [];

/** The member names of every object in a parsed value, without recursion (any depth `JSON.parse` accepts). */
function namesParsed(root: object): number {
  let names = 0;
  pending.push(root);
  for (let value = pending.pop(); value !== undefined; value = pending.pop()) {
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === "object" && item !== null) pending.push(item);
    } else {
      for (const name in value) {
        names += 1;
        const member = (value as Record<string, unknown>)[name];
        if (typeof member === "object" && member !== null) pending.push(member);
      }
    }
  }
  return names;
}

/** Whether `for…in` sees own members only: an enumerable member on Object.prototype would be counted everywhere. */
function prototypeIsClean(): boolean {
  for (const _inherited in Object.prototype) return false;
  return true;
}

/** Whether no object of `text` (which `JSON.parse` turned into `value`) gives a member name twice. */
export function repeatsNoName(text: string, value: object): boolean {
  return prototypeIsClean() && namesWritten(text) === namesParsed(value);
}

// The value an example states in a comment (`encodeLine({ type: "shutdown" }) // '{"type":"shutdown"}\n'`),
// read without evaluating it and compared with what the code gave. A value is a JavaScript literal: a
// string in either quotes, a number, true, false, null, undefined, or an array or object of values
// (keys bare or quoted). `…` stands for what is left out: at the end of a string, the string starts
// so; as the last element of an array or member of an object, the rest is not stated.
import { AssertionError } from "node:assert";
import { inspect } from "node:util";

/** A stated value, read. */
export type Stated =
  | { readonly kind: "exact"; readonly value: string | number | boolean | null | undefined }
  | { readonly kind: "prefix"; readonly text: string }
  | { readonly kind: "array"; readonly items: readonly Stated[]; readonly more: boolean }
  | { readonly kind: "object"; readonly members: readonly (readonly [string, Stated])[]; readonly more: boolean };

const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", "0": "\0", b: "\b", f: "\f", v: "\v" };
const ELLIPSIS = "…";
const KEYWORDS: Record<string, Stated> = {
  true: { kind: "exact", value: true },
  false: { kind: "exact", value: false },
  null: { kind: "exact", value: null },
  undefined: { kind: "exact", value: undefined },
};

class Reader {
  at = 0;
  constructor(readonly text: string) {}

  fail(what: string): never {
    throw new SyntaxError(`not a stated value: ${what} at ${this.at} of ${JSON.stringify(this.text)}`);
  }
  skipSpace(): void {
    while (/\s/.test(this.text[this.at] ?? "")) this.at++;
  }
  peek(): string {
    this.skipSpace();
    return this.text[this.at] ?? "";
  }
  take(expected: string): void {
    if (this.peek() !== expected) this.fail(`expected ${expected}`);
    this.at++;
  }

  value(): Stated {
    const next = this.peek();
    if (next === '"' || next === "'") return this.string();
    if (next === "[") return this.array();
    if (next === "{") return this.object();
    const word = /^[-\w$.]+/.exec(this.text.slice(this.at))?.[0] ?? this.fail("expected a value");
    this.at += word.length;
    if (Object.hasOwn(KEYWORDS, word)) return KEYWORDS[word]!;
    if (/^(?:-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|Infinity)|NaN)$/.test(word))
      return { kind: "exact", value: Number(word) };
    return this.fail(`${word} is not a literal`);
  }

  string(): Stated {
    const quote = this.text[this.at++]!;
    let out = "";
    for (let char = this.text[this.at++]; char !== quote; char = this.text[this.at++]) {
      if (char === undefined || char === "\n") return this.fail("an unclosed string");
      if (char !== "\\") out += char;
      else out += this.escape();
    }
    return out.endsWith(ELLIPSIS) ? { kind: "prefix", text: out.slice(0, -1) } : { kind: "exact", value: out };
  }

  escape(): string {
    const char = this.text[this.at++] ?? "";
    if (char !== "u") return ESCAPES[char] ?? char;
    const hex = /^(?:\{([\da-f]+)\}|([\da-f]{4}))/i.exec(this.text.slice(this.at)) ?? this.fail("a bad \\u escape");
    this.at += hex[0].length;
    return String.fromCodePoint(Number.parseInt(hex[1] ?? hex[2]!, 16));
  }

  /** Items up to `close`, each read by `item`; true when the list ends in `…`. */
  list(close: string, item: () => void): boolean {
    this.at++;
    while (this.peek() !== close) {
      if (this.text.startsWith(ELLIPSIS, this.at)) {
        this.at += ELLIPSIS.length;
        this.take(close);
        return true;
      }
      item();
      if (this.peek() === ",") this.at++;
      else if (this.peek() !== close) this.fail(`expected , or ${close}`);
    }
    this.at++;
    return false;
  }

  array(): Stated {
    const items: Stated[] = [];
    const more = this.list("]", () => items.push(this.value()));
    return { kind: "array", items, more };
  }

  object(): Stated {
    const members: [string, Stated][] = [];
    const more = this.list("}", () => {
      const quoted = this.peek() === '"' || this.peek() === "'";
      const key = quoted ? this.string() : undefined;
      const name = key?.kind === "exact" ? String(key.value) : /^[A-Za-z_$][\w$]*/.exec(this.text.slice(this.at))?.[0];
      if (name === undefined) return this.fail("expected a key");
      if (!quoted) this.at += name.length;
      this.take(":");
      members.push([name, this.value()]);
    });
    return { kind: "object", members, more };
  }
}

/** Reads a stated value; throws a SyntaxError naming where it stops being one. */
export function readStated(text: string): Stated {
  const reader = new Reader(text.trim());
  const value = reader.value();
  if (reader.peek() !== "") reader.fail("text after the value");
  return value;
}

const show = (value: unknown) => inspect(value, { depth: 4, breakLength: Number.POSITIVE_INFINITY });

/** Where `actual` differs from `stated` (a path and both sides), or undefined when it is as stated. */
export function differs(actual: unknown, stated: Stated, path = "value"): string | undefined {
  const got = `${path} is ${show(actual)}`;
  switch (stated.kind) {
    case "exact":
      return Object.is(actual, stated.value) ? undefined : `${got}, stated ${show(stated.value)}`;
    case "prefix":
      return typeof actual === "string" && actual.startsWith(stated.text)
        ? undefined
        : `${got}, stated ${show(stated.text)}…`;
    case "array": {
      if (!Array.isArray(actual)) return `${got}, stated an array`;
      if (stated.more ? actual.length < stated.items.length : actual.length !== stated.items.length)
        return `${path} has ${actual.length} elements, stated ${stated.items.length}${stated.more ? " or more" : ""}`;
      return stated.items.map((item, i) => differs(actual[i], item, `${path}[${i}]`)).find(Boolean);
    }
    case "object": {
      if (typeof actual !== "object" || actual === null) return `${got}, stated an object`;
      const record = actual as Record<string, unknown>;
      const extra = Object.keys(record).filter((key) => !stated.members.some(([name]) => name === key));
      if (!stated.more && extra.length > 0) return `${path} has members not stated: ${extra.join(", ")}`;
      return stated.members.map(([key, item]) => differs(record[key], item, `${path}.${key}`)).find(Boolean);
    }
  }
}

/** Throws an AssertionError, naming the example, when `actual` is not the value its comment states. */
export function expectValue(actual: unknown, statedText: string, origin: string): void {
  const difference = differs(actual, readStated(statedText));
  if (difference) throw new AssertionError({ message: `${origin}: ${difference}` });
}

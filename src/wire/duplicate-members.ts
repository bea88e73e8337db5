/**
 * Finding a member name given twice in one object of a line (spec §1.2):
 * `JSON.parse` keeps the last, a peer or an intermediary may read the first,
 * so a receiver refuses the line instead of guessing. Like the reference's
 * serde structs, only members the schemas read count: a repeated unknown
 * member, or anything inside an unknown member's value, is ignored (U1).
 * The exact scan is one pass over text `JSON.parse` has already accepted:
 * strings are skipped with `indexOf`, each member seen is one bit of its
 * object's mask, so the work is linear.
 */
import type { MemberShape, ObjectShape, ValueShape } from "../protocol/member-shapes.ts";
import { pathStep } from "../protocol/schema-walk.ts";
import { closingQuote } from "./json-text.ts";
import { repeatsNoName } from "./member-count.ts";

const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * The member of `shape` the name `text[start..end]` (quotes included) names:
 * matched in place when written without escapes, decoded first otherwise.
 */
function memberAt(shape: ObjectShape, text: string, start: number, end: number): MemberShape | undefined {
  const candidates = shape.byLength[end - start - 1];
  if (candidates) for (const member of candidates) if (text.startsWith(member.name, start + 1)) return member;
  const raw = text.slice(start + 1, end);
  return raw.includes("\\") ? shape.members.get(JSON.parse(text.slice(start, end + 1)) as string) : undefined;
}

/** The shape of a list's items, when the schemas read the list (and it is one). */
function itemOf(shape: ValueShape | undefined): ValueShape | undefined {
  return shape?.kind === "array" ? shape.item : undefined;
}

/** The exact scan's place in the text: one entry per open container, innermost last. */
class RepeatScan {
  /** What the schemas read in each container (a shape of the other kind reads nothing), or undefined where they read nothing (an unknown member's value). */
  readonly #shapes: (ValueShape | undefined)[] = [];
  /** Whether each container is an object (else an array). */
  readonly #objects: boolean[] = [];
  /** In each object, the members of its shape seen so far, one bit each. */
  readonly #seen: number[] = [];
  /** The member being read in each object, the item index in each array: the path to a repeat. */
  readonly #steps: (string | number)[] = [];
  #depth = -1;
  /** The shape of the value that starts next. */
  #next: ValueShape | undefined;
  /** Whether the next string is a member name. */
  #expectName = false;

  constructor(envelope: ObjectShape) {
    this.#next = envelope;
  }

  /** A string at `start..end`: a member name, or a value to skip. Returns the path when the name repeats. */
  string(text: string, start: number, end: number): string | undefined {
    if (!this.#expectName) return undefined;
    this.#expectName = false;
    const shape = this.#shapes[this.#depth];
    const member = shape?.kind === "object" ? memberAt(shape, text, start, end) : undefined;
    this.#next = member?.value;
    if (!member) return undefined;
    const seen = this.#seen[this.#depth]!;
    if ((seen & member.bit) !== 0) return this.#path(member.name);
    this.#seen[this.#depth] = seen | member.bit;
    this.#steps[this.#depth] = member.name;
    return undefined;
  }

  open(isObject: boolean): void {
    const shape = this.#next;
    this.#depth += 1;
    this.#shapes[this.#depth] = shape;
    this.#objects[this.#depth] = isObject;
    this.#seen[this.#depth] = 0;
    this.#steps[this.#depth] = 0;
    this.#expectName = isObject;
    if (!isObject) this.#next = itemOf(shape);
  }

  close(): void {
    this.#depth -= 1;
  }

  /** A comma: a member name comes next in an object, the next item in an array. */
  comma(): void {
    if (this.#objects[this.#depth]) this.#expectName = true;
    else {
      this.#next = itemOf(this.#shapes[this.#depth]);
      this.#steps[this.#depth] = (this.#steps[this.#depth] as number) + 1;
    }
  }

  #path(name: string): string {
    let path = "";
    for (let d = 0; d < this.#depth; d++) path = pathStep(path, this.#steps[d]!);
    return pathStep(path, name);
  }
}

/** The exact scan: the path of the first member the schemas read that repeats a name in its object. */
function firstRepeatedMember(text: string, envelope: ObjectShape): string | undefined {
  const scan = new RepeatScan(envelope);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = closingQuote(text, i);
      const repeated = scan.string(text, i, end);
      if (repeated !== undefined) return repeated;
      i = end;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) scan.open(c === OPEN_OBJECT);
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) scan.close();
    else if (c === COMMA) scan.comma();
  }
  return undefined;
}

/**
 * The path (`result.frames[0].id`) of the first member the schemas read that
 * repeats a name earlier in its object, or undefined. `text` is what
 * `JSON.parse` turned into `value`; `envelope` is the shape of its type. A
 * count settles the common case (`member-count.ts`); only a line that repeats
 * some name is scanned member by member.
 */
export function duplicateMember(text: string, value: object, envelope: ObjectShape): string | undefined {
  return repeatsNoName(text, value) ? undefined : firstRepeatedMember(text, envelope);
}

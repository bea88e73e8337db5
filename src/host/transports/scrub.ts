/**
 * Scrubbing a credential's reflections out of what a provider said (C8).
 *
 * It runs on decoded values, after JSON escapes are undone, on every string
 * member: a `\u0074…` spelling is caught like a plain one. What counts as a
 * reflection: any run of at least `min(12, secret length)` characters that
 * also occurs in the secret, with ASCII letters compared case-insensitively
 * ("case-variant": `TOK` matches `tok`; other characters compare exactly,
 * since a bearer token is ASCII by its grammar, RFC 6750 `b64token`). So the
 * whole token, a case-changed copy, and any 12-character piece of it (half a
 * token split across two members, say) are all replaced by `<redacted>`.
 * The work is linear in the text: one rolling hash per character, and a
 * hash hit is confirmed by comparing windows of at most 12 characters with
 * the secret's distinct windows of that hash (one, but for a collision).
 */

/** The shortest piece of a longer secret that is redacted: 12 characters (a piece that long narrows a guess). */
export const REFLECTION_WINDOW = 12;
const REDACTED = "<redacted>";
const BASE = 0x01000193;

/** A UTF-16 code unit with ASCII `A`–`Z` folded to lower case. */
function fold(unit: number): number {
  return unit >= 65 && unit <= 90 ? unit + 32 : unit;
}

/** `BASE ** (width - 1)` modulo 2³², the weight of the unit leaving a rolling window. */
function topWeight(width: number): number {
  let top = 1;
  for (let i = 1; i < width; i++) top = Math.imul(top, BASE);
  return top;
}

/** Whether `text[at…at+width)` equals `secret[from…from+width)` with ASCII letters folded. */
function sameWindow(text: string, at: number, secret: string, from: number, width: number): boolean {
  for (let i = 0; i < width; i++) if (fold(text.charCodeAt(at + i)) !== fold(secret.charCodeAt(from + i))) return false;
  return true;
}

/** The secret's distinct `width`-unit windows, by rolling hash: hash → start offsets in `secret`. */
function windowIndex(secret: string, width: number): Map<number, number[]> {
  const index = new Map<number, number[]>();
  const top = topWeight(width);
  let hash = 0;
  for (let i = 0; i < secret.length; i++) {
    if (i >= width) hash = (hash - Math.imul(fold(secret.charCodeAt(i - width)), top)) | 0;
    hash = (Math.imul(hash, BASE) + fold(secret.charCodeAt(i))) | 0;
    if (i < width - 1) continue;
    const from = i + 1 - width;
    const starts = index.get(hash) ?? [];
    if (!starts.some((other) => sameWindow(secret, from, secret, other, width))) starts.push(from);
    index.set(hash, starts);
  }
  return index;
}

/** `text` with the half-open runs `[start, end)` (in order, disjoint) replaced by the placeholder. */
function redactRuns(text: string, runs: readonly (readonly [number, number])[]): string {
  let out = "";
  let from = 0;
  for (const [start, end] of runs) {
    out += `${text.slice(from, start)}${REDACTED}`;
    from = end;
  }
  return out + text.slice(from);
}

/** A scrubber for `secret`: returns its argument unchanged (the same string) when nothing reflects it. */
export function reflectionScrubber(secret: string): (text: string) => string {
  if (secret === "") return (text) => text;
  const width = Math.min(REFLECTION_WINDOW, secret.length);
  const index = windowIndex(secret, width);
  const top = topWeight(width);
  /** Where in the secret the window ending at `i` occurs, or -1; `previous` is the answer for `i - 1`. */
  const matchAt = (text: string, i: number, hash: number, previous: number): number => {
    // Inside a run the next window is the secret's next one exactly when the next characters agree: O(1).
    if (previous >= 0 && previous + width < secret.length) {
      if (fold(text.charCodeAt(i)) === fold(secret.charCodeAt(previous + width))) return previous + 1;
    }
    const starts = index.get(hash);
    if (starts === undefined) return -1;
    for (const from of starts) if (sameWindow(text, i + 1 - width, secret, from, width)) return from;
    return -1;
  };
  return (text) => {
    const runs: [number, number][] = [];
    let hash = 0;
    let matched = -1;
    for (let i = 0; i < text.length; i++) {
      if (i >= width) hash = (hash - Math.imul(fold(text.charCodeAt(i - width)), top)) | 0;
      hash = (Math.imul(hash, BASE) + fold(text.charCodeAt(i))) | 0;
      matched = i >= width - 1 ? matchAt(text, i, hash, matched) : -1;
      if (matched < 0) continue;
      const at = i + 1 - width;
      const last = runs.at(-1);
      // Windows arrive in order, so a hit overlapping or touching the last run extends it.
      if (last && at <= last[1]) last[1] = i + 1;
      else runs.push([at, i + 1]);
    }
    return runs.length === 0 ? text : redactRuns(text, runs);
  };
}

/** Scrubs every string inside a freshly decoded JSON value in place (objects, arrays), and returns it. */
export function scrubStrings<T>(value: T, scrub: (text: string) => string): T {
  if (typeof value === "string") return scrub(value) as T;
  if (typeof value !== "object" || value === null) return value;
  const members = value as Record<string, unknown>;
  for (const key of Object.keys(members)) {
    const member = members[key];
    const scrubbed = scrubStrings(member, scrub);
    if (scrubbed !== member) members[key] = scrubbed;
  }
  return value;
}

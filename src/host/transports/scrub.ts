/**
 * Scrubbing a credential's reflections out of what a provider said (C8).
 *
 * It runs on decoded values, after JSON escapes are undone, on every string
 * member: a `\u0074…` spelling is caught like a plain one. What counts as a
 * reflection: in any of the secret's forms (`secret-forms.ts`: as it is,
 * reversed, percent-encoded, base64 or base64url), any run at least as long
 * as that form's window (at most `REFLECTION_PIECE`, 8 characters, of the
 * secret) that also occurs in the form, with ASCII letters compared case-insensitively
 * (other characters compare exactly, since a bearer token is ASCII by its
 * grammar, RFC 6750 `b64token`). A secret shorter than the piece is redacted
 * only whole. So no run of 8 characters of the secret, in any of those forms,
 * reaches an error, a report, a transcript or a prompt the host builds from
 * what a provider sent: each is built from scrubbed values only. Pieces of 7
 * characters and other encodings are not caught: a provider that wants to
 * leak a token it was given can always split or encode it past any scrubber.
 *
 * The work is linear in the text: per distinct window width (two), one
 * rolling hash per character, checked against a 64 KiB filter of the
 * secret's window hashes; a filter hit is confirmed by comparing one window
 * with the forms' windows of that hash (one, but for a collision). The
 * percent-escaped form's windows all hold `%`, so a text without one is not
 * scanned for them.
 */
import { type SecretForm, secretForms } from "./secret-forms.ts";

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

/** Whether `text[at…at+width)` equals `form[from…from+width)` with ASCII letters folded. */
function sameWindow(text: string, at: number, form: string, from: number, width: number): boolean {
  for (let i = 0; i < width; i++) if (fold(text.charCodeAt(at + i)) !== fold(form.charCodeAt(from + i))) return false;
  return true;
}

/** A place in one form: which form, and the offset of a window in it. */
interface Place {
  readonly form: string;
  readonly from: number;
}

/** The rolling hash of `text`'s window ending at `i`, given the hash of the one ending at `i - 1`. */
function roll(hash: number, text: string, i: number, width: number, top: number): number {
  const left = i >= width ? (hash - Math.imul(fold(text.charCodeAt(i - width)), top)) | 0 : hash;
  return (Math.imul(left, BASE) + fold(text.charCodeAt(i))) | 0;
}

/** Bits of a window hash that pick its slot in the filter every text window is first checked against. */
const FILTER_BITS = 16;

/** The forms' distinct `width`-unit windows, by rolling hash: hash → places; and a filter of the hashes held. */
function windowIndex(forms: readonly string[], width: number): { index: Map<number, Place[]>; held: Uint8Array } {
  const index = new Map<number, Place[]>();
  const held = new Uint8Array(1 << FILTER_BITS);
  const top = topWeight(width);
  for (const form of forms) {
    let hash = 0;
    for (let i = 0; i < form.length; i++) {
      hash = roll(hash, form, i, width, top);
      if (i < width - 1) continue;
      const from = i + 1 - width;
      const places = index.get(hash) ?? [];
      if (!places.some((other) => sameWindow(form, from, other.form, other.from, width))) places.push({ form, from });
      index.set(hash, places);
      held[hash >>> (32 - FILTER_BITS)] = 1;
    }
  }
  return { index, held };
}

/** A unit every `width`-unit window of every form holds (`%` in a form of `%XX` escapes), if there is one. */
function commonUnit(forms: readonly string[], width: number): string | undefined {
  let common: Set<string> | undefined;
  for (const form of forms)
    for (let from = 0; from + width <= form.length; from++) {
      const units = new Set(form.slice(from, from + width));
      common = new Set([...(common ?? units)].filter((unit) => units.has(unit)));
      if (common.size === 0) return undefined;
    }
  return common && [...common].find((unit) => unit.toLowerCase() === unit.toUpperCase());
}

/** The runs `[start, end)` of `text` that are windows of the forms sharing one `width`, in order, merged. */
function windowFinder(forms: readonly string[], width: number): (text: string) => [number, number][] {
  const { index, held } = windowIndex(forms, width);
  const top = topWeight(width);
  const required = commonUnit(forms, width);
  /** Where the window ending at `i` occurs, or undefined; `previous` is the answer for `i - 1`. */
  const matchAt = (text: string, i: number, hash: number, previous: Place | undefined): Place | undefined => {
    // Inside a run the next window is the form's next one exactly when the next characters agree: O(1).
    if (previous && previous.from + width < previous.form.length) {
      const next = previous.form.charCodeAt(previous.from + width);
      if (fold(text.charCodeAt(i)) === fold(next)) return { form: previous.form, from: previous.from + 1 };
    }
    // Most windows of a text are no window of the secret's: one byte of the filter says so.
    if (held[hash >>> (32 - FILTER_BITS)] === 0) return undefined;
    return index.get(hash)?.find((place) => sameWindow(text, i + 1 - width, place.form, place.from, width));
  };
  return (text) => {
    const runs: [number, number][] = [];
    // A text without the unit every window holds has none of them: no scan.
    if (required !== undefined && !text.includes(required)) return runs;
    let hash = 0;
    let matched: Place | undefined;
    for (let i = 0; i < text.length; i++) {
      hash = roll(hash, text, i, width, top);
      matched = i >= width - 1 ? matchAt(text, i, hash, matched) : undefined;
      if (matched === undefined) continue;
      const at = i + 1 - width;
      const last = runs.at(-1);
      // Windows arrive in order, so a hit overlapping or touching the last run extends it.
      if (last && at <= last[1]) last[1] = i + 1;
      else runs.push([at, i + 1]);
    }
    return runs;
  };
}

/** Runs from several finders, ordered by start, overlapping or touching ones merged. */
function mergeRuns(runs: [number, number][]): [number, number][] {
  runs.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const run of runs) {
    const last = merged.at(-1);
    if (last && run[0] <= last[1]) last[1] = Math.max(last[1], run[1]);
    else merged.push([...run]);
  }
  return merged;
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

/** The forms grouped by window width: one finder per width. */
function findersOf(forms: readonly SecretForm[]): ((text: string) => [number, number][])[] {
  const byWidth = new Map<number, string[]>();
  for (const form of forms) byWidth.set(form.width, [...(byWidth.get(form.width) ?? []), form.text]);
  return [...byWidth].map(([width, texts]) => windowFinder(texts, width));
}

/** A scrubber for `secret` (C8): returns its argument unchanged (the same string) when nothing reflects it. */
export function reflectionScrubber(secret: string): (text: string) => string {
  const finders = findersOf(secretForms(secret));
  if (finders.length === 0) return (text) => text;
  return (text) => {
    const runs = finders.flatMap((find) => find(text));
    return runs.length === 0 ? text : redactRuns(text, mergeRuns(runs));
  };
}

/**
 * Markdown links between corpus documents, which become `frameline:links-to`
 * relations (spec §1.8 Relation, §2.8 G1–G2).
 */
import { directoryOf, normalizePath } from "./paths.ts";

/** A link found in prose: its visible text (a G1 `display_name` to be) and its raw destination (a G2 `target_uri` to be). */
interface MarkdownLink {
  readonly text: string;
  readonly destination: string;
}

/** `[text]` allowing one level of nested brackets. */
const TEXT = String.raw`\[(?<label>[^\[\]]*(?:\[[^\[\]]*\][^\[\]]*)*)\]`;
/**
 * `(dest "title")`, the destination bare (balanced parentheses) or in `<…>`.
 * Whitespace runs are matched atomically (`(?=(\s*))\k<…>`), so a long run
 * with no `)` after it costs linear time, not quadratic.
 */
const INLINE = String.raw`\((?=(?<ws1>\s*))\k<ws1>(?:<(?<angled>[^<>\n]*)>|(?<bare>[^\s()]*(?:\([^\s()]*\)[^\s()]*)*))(?:(?=(?<ws2>\s+))\k<ws2>(?:"[^"]*"|'[^']*'|\([^()]*\)))?(?=(?<ws3>\s*))\k<ws3>\)`;
/** `[label]` after a link text: a full (`[text][label]`) or collapsed (`[text][]`) reference. */
const REFERENCE = String.raw`\[(?<reference>[^\[\]]*)\]`;
const LINK = new RegExp(`(?<bang>!?)${TEXT}(?:${INLINE}|${REFERENCE})?`, "g");
const DEFINITION = /^ {0,3}\[([^[\]]+)\]:[ \t]*(?:<([^<>\n]*)>|(\S+))/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** A reference label normalized for matching: case-folded, whitespace collapsed. */
function labelKey(label: string): string {
  return label.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * Code spans blanked out, so links inside them are not read: a backtick run
 * opens a span closed by the next run of the same length (CommonMark); an
 * unmatched run is literal. Linear in the text.
 */
function withoutCodeSpans(text: string): string {
  const runs = [...text.matchAll(/`+/g)].map((match) => ({ start: match.index, length: match[0].length }));
  const nextSameLength = new Array<number>(runs.length);
  const seen = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    nextSameLength[i] = seen.get(runs[i]!.length) ?? -1;
    seen.set(runs[i]!.length, i);
  }
  let out = "";
  let position = 0;
  for (let i = 0; i < runs.length; ) {
    const close = nextSameLength[i]!;
    if (close === -1) {
      i += 1;
      continue;
    }
    const from = runs[i]!.start;
    const to = runs[close]!.start + runs[close]!.length;
    out += text.slice(position, from) + " ".repeat(to - from);
    position = to;
    i = close + 1;
  }
  return out + text.slice(position);
}

/**
 * Reference definitions (`[label]: destination`) of a document's prose lines
 * (sources of relations, spec §1.8),
 * by normalized label; the first definition of a label wins, as in CommonMark.
 */
export function linkDefinitions(proseLines: readonly string[]): Map<string, string> {
  const definitions = new Map<string, string>();
  for (const line of proseLines) {
    const match = DEFINITION.exec(line);
    if (!match) continue;
    const key = labelKey(match[1]!);
    if (!definitions.has(key)) definitions.set(key, match[2] ?? match[3]!);
  }
  return definitions;
}

/**
 * The links of a prose passage (fenced code already removed), the raw
 * material of relations (spec §1.8, G1, G2): inline links,
 * and full, collapsed or shortcut references that `definitions` resolves.
 * Images, links inside code spans and definition lines are not links.
 */
export function findLinks(prose: string, definitions: ReadonlyMap<string, string>): MarkdownLink[] {
  const source = prose
    .split("\n")
    .map((line) => (DEFINITION.test(line) ? "" : line))
    .join("\n");
  // Matched on a copy with code spans blanked (same length), read from the source: `[`code`](x)` keeps its text.
  const links: MarkdownLink[] = [];
  for (const match of withoutCodeSpans(source).matchAll(LINK)) {
    const { bang, label, angled, bare, reference } = match.groups!;
    if (bang === "!") continue;
    const labelStart = match.index + 1;
    const text = source.slice(labelStart, labelStart + label!.length);
    const destination =
      angled ?? bare ?? definitions.get(labelKey(reference === undefined || reference === "" ? text : reference));
    if (destination !== undefined) links.push({ text, destination });
  }
  return links;
}

function percentDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The corpus path a link destination names (a relation's target, G2), resolved against the linking
 * document's directory (a leading `/` means the corpus root); its `?query`
 * and `#fragment` dropped, percent-escapes decoded. Undefined for a
 * same-document fragment, an absolute URL (`https:`, `mailto:`, `//host`) or a
 * path that climbs above the corpus root.
 *
 * @example resolveLink("docs/protocol.md", "./codec.md#limits") // "docs/codec.md"
 */
export function resolveLink(fromPath: string, destination: string): string | undefined {
  const target = destination.trim();
  if (target === "" || target.startsWith("#") || target.startsWith("//") || SCHEME.test(target)) return undefined;
  const path = percentDecode(target.replace(/[?#].*$/s, ""));
  if (path === "") return undefined;
  return normalizePath(path.startsWith("/") ? path : `${directoryOf(fromPath)}/${path}`);
}

/** A link's text as a relation's `display_name` (G1): inline markup (links, code, `*` emphasis) removed, whitespace collapsed. */
export function linkDisplayName(text: string): string {
  return text
    .replace(/!?\[([^[\]]*)\]\([^()]*\)/g, "$1")
    .replace(/[`*]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

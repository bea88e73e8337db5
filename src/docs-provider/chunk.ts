/**
 * Chunking one Markdown document into sections (`doc`) and fenced code blocks
 * (`snippet`), each with its exact line range (spec §1.14) and heading trail.
 * Pure and synchronous: digests and relations are added by `buildCorpus`.
 */
import { lineBody } from "./lines.ts";
import { type Fence, type Heading, outline } from "./markdown.ts";
import { slugify } from "./slug.ts";

/** The separator between the parts of a heading trail, a frame `title` (spec §1.8, F2). */
const TRAIL_SEPARATOR = " › ";

/** A chunk before hashing: its frame id and kind (spec §1.8), title trail, §1.14 line range, and (for sections) the prose its links are read from. */
export interface ChunkPlan {
  readonly id: string;
  readonly kind: "doc" | "snippet";
  readonly trail: string;
  readonly start: number;
  readonly end: number;
  /** The section's lines outside fenced code, for link extraction; empty for snippets. */
  readonly prose: string;
}

/** What chunking one document yields: its title and chunk plans (spec §1.8 frames to be). */
interface DocumentPlan {
  readonly title: string;
  readonly chunks: readonly ChunkPlan[];
  /** Every line without its line ending, fenced code blanked: where link definitions are read. */
  readonly proseLines: readonly string[];
}

const isBlankLine = (line: string | undefined) => line === undefined || lineBody(line).trim() === "";

/** The document's label in heading trails (frame titles, spec §1.8 F2): its path without the `.md` extension. */
function documentLabel(path: string): string {
  return path.replace(/\.md$/i, "");
}

/** Assigns `<slug>`, `<slug>:2`, `<slug>:3`, … in document order. */
function slugCounter(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const slug = slugify(text);
    const count = (seen.get(slug) ?? 0) + 1;
    seen.set(slug, count);
    return count === 1 ? slug : `${slug}:${count}`;
  };
}

/** The heading trail at each heading: the document label, then the enclosing headings (a sole leading `#` title only on its own section). */
function trails(label: string, headings: readonly Heading[]): string[] {
  const [first] = headings;
  const titled = first !== undefined && first.level === 1 && headings.filter((h) => h.level === 1).length === 1;
  const stack: Heading[] = [];
  return headings.map((heading) => {
    while (stack.length > 0 && stack[stack.length - 1]!.level >= heading.level) stack.pop();
    stack.push(heading);
    const shown = titled && stack.length > 1 && stack[0] === first ? stack.slice(1) : stack;
    return [label, ...shown.map((h) => h.text || "(untitled)")].join(TRAIL_SEPARATOR);
  });
}

/** Narrows `start`–`end` to its non-blank lines; undefined when all are blank. */
function trimmed(lines: readonly string[], start: number, end: number): { start: number; end: number } | undefined {
  let [a, b] = [start, end];
  while (a <= b && isBlankLine(lines[a - 1])) a += 1;
  while (b >= a && isBlankLine(lines[b - 1])) b -= 1;
  return a <= b ? { start: a, end: b } : undefined;
}

/** Which lines (1-based) belong to fenced code. */
function codeLines(count: number, fences: readonly Fence[]): boolean[] {
  const code = new Array<boolean>(count + 1).fill(false);
  for (const fence of fences) for (let n = fence.start; n <= fence.end; n++) code[n] = true;
  return code;
}

/** The section's prose: its lines with fenced code blanked, joined. */
function proseOf(lines: readonly string[], start: number, end: number, code: readonly boolean[]): string {
  const out: string[] = [];
  for (let n = start; n <= end; n++) out.push(code[n] ? "" : lineBody(lines[n - 1]!));
  return out.join("\n");
}

/**
 * Plans the chunks of one document (lines as `splitLines` gives them, spec
 * §1.14); each becomes one frame with a stable id (§1.8 `id`). Each
 * ATX heading opens a section that runs to the next heading of any level;
 * text before the first heading is a section of its own. Trailing blank
 * lines are left out of a range; a section with nothing under its heading is
 * not a chunk. Every fenced code block becomes a `snippet` after its section.
 * Ids: `<path>#<slug>` (`:<n>` from the second use of a slug), `<path>` for
 * the text before the first heading, `<section id>~snippet-<n>` for code.
 * A document whose every section is empty becomes one chunk of its non-blank lines.
 */
export function planDocument(path: string, lines: readonly string[]): DocumentPlan {
  const { headings, fences } = outline(lines);
  const label = documentLabel(path);
  const title = headings.find((h) => h.level === 1 && h.text !== "")?.text ?? label;
  const code = codeLines(lines.length, fences);
  const chunks: ChunkPlan[] = [];
  const snippets = snippetPlanner(fences);
  for (const section of sectionsOf(path, label, headings, lines.length)) {
    const range = trimmed(lines, section.start, section.end);
    if (!range || (section.heading && range.end === section.start)) continue;
    const prose = proseOf(lines, range.start, range.end, code);
    chunks.push({ id: section.id, kind: "doc", trail: section.trail, ...range, prose }, ...snippets(section, range));
  }
  if (chunks.length === 0) {
    const range = trimmed(lines, 1, lines.length);
    if (range)
      chunks.push({
        id: path,
        kind: "doc",
        trail: label,
        ...range,
        prose: proseOf(lines, range.start, range.end, code),
      });
  }
  return { title, chunks, proseLines: lines.map((line, i) => (code[i + 1] ? "" : lineBody(line))) };
}

/** A section before trimming: the text before the first heading, or a heading to the next heading of any level. */
interface Section {
  readonly id: string;
  readonly trail: string;
  readonly start: number;
  readonly end: number;
  readonly heading: boolean;
}

/** The document's sections in line order, with their ids (`<path>`, `<path>#<slug>`, `:<n>` on reuse). */
function sectionsOf(path: string, label: string, headings: readonly Heading[], lineCount: number): Section[] {
  const headingTrails = trails(label, headings);
  const nextId = slugCounter();
  return [
    { id: path, trail: label, start: 1, end: (headings[0]?.line ?? lineCount + 1) - 1, heading: false },
    ...headings.map((heading, i) => ({
      id: `${path}#${nextId(heading.text)}`,
      trail: headingTrails[i]!,
      start: heading.line,
      end: (headings[i + 1]?.line ?? lineCount + 1) - 1,
      heading: true,
    })),
  ];
}

/**
 * The `snippet` chunks of each section's fenced code, asked for section by section in line order:
 * fences and sections are both in line order, and no fence spans two sections, so one cursor serves.
 */
function snippetPlanner(
  fences: readonly Fence[],
): (section: Section, range: { start: number; end: number }) => ChunkPlan[] {
  let next = 0;
  return (section, range) => {
    while (next < fences.length && fences[next]!.start < range.start) next += 1;
    const snippets: ChunkPlan[] = [];
    for (let n = 1; next < fences.length && fences[next]!.start <= range.end; n++, next++) {
      const fence = fences[next]!;
      snippets.push({
        id: `${section.id}~snippet-${n}`,
        kind: "snippet",
        trail: `${section.trail}${TRAIL_SEPARATOR}snippet ${n}${fence.info ? ` (${fence.info})` : ""}`,
        start: fence.start,
        end: Math.min(fence.end, range.end),
        prose: "",
      });
    }
    return snippets;
  };
}

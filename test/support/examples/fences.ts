// The fenced code blocks of a Markdown page, for the tests that use a page's code as written
// (test/conventions/examples.test.ts checks them, test/package/providers-doc.test.ts follows one page).

/** One fenced block: its info string (`ts`, `js notes.mjs`, `sh`), its text, where it is, what precedes it. */
export interface FencedBlock {
  readonly info: string;
  /** The block's text, its fence's indentation removed, ending in a newline. */
  readonly text: string;
  /** The 1-based line of the page where the text starts (the line after the opening fence). */
  readonly line: number;
  /** The HTML comment on the nearest non-blank line before the fence (`<!-- … -->`), without its delimiters. */
  readonly comment?: string;
}

const OPENING = /^([ \t]*)(`{3,})(.*)$/;
const COMMENT = /^\s*<!--\s*([\s\S]*?)\s*-->\s*$/;

/** The comment on the nearest non-blank line before `at`, if that line is an HTML comment. */
function commentBefore(lines: readonly string[], at: number): string | undefined {
  for (let i = at - 1; i >= 0; i--) {
    if (lines[i]!.trim() === "") continue;
    return COMMENT.exec(lines[i]!)?.[1];
  }
  return undefined;
}

/** Every fenced block of `markdown` in page order. An unclosed fence runs to the end of the page. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const lines = markdown.split("\n");
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPENING.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, info] = open as unknown as [string, string, string, string];
    const closing = new RegExp(`^${indent}${fence}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !closing.test(lines[end]!)) end++;
    const body = lines.slice(i + 1, end).map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line));
    const comment = commentBefore(lines, i);
    blocks.push({ info: info.trim(), text: body.map((line) => `${line}\n`).join(""), line: i + 2, comment });
    i = end;
  }
  return blocks;
}

// The examples the project shows its users: each ```ts and ```js block of the README and docs/*.md
// (and the init template's README), and each `@example` of a doc comment under src/. The rules they
// follow are in docs/architecture.md, "Examples"; test/conventions/examples.test.ts holds them to it.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { filesUnder } from "../files.ts";
import { PROJECT_ROOT } from "../project-root.ts";
import { type FencedBlock, fencedBlocks } from "./fences.ts";

/** One example: where it is written and its code. */
export interface Example {
  /** A page's fenced block, or a doc comment's `@example`. */
  readonly kind: "block" | "doc-comment";
  /** The file it is written in, relative to the project root: `README.md`, `src/wire/line.ts`. */
  readonly path: string;
  /** The 1-based line of that file where its code starts. */
  readonly line: number;
  readonly lang: "ts" | "js";
  readonly code: string;
  /** The file a block names (```js notes.mjs): a file of a walkthrough, which its page's own test runs. */
  readonly file?: string;
  /** Why the page marks the block `<!-- not checked: … -->`. */
  readonly notChecked?: string;
}

/** What was collected, and the markers that break the rules. */
export interface Collected {
  readonly examples: Example[];
  readonly problems: string[];
}

const LANGS: Record<string, "ts" | "js"> = { ts: "ts", typescript: "ts", js: "js", javascript: "js", mjs: "js" };
const NOT_CHECKED = /^not checked:\s*(\S[\s\S]*)$/;

/** The pages whose blocks are examples: README.md, docs/*.md, templates/init/README.md. */
export function examplePages(): string[] {
  const docs = readdirSync(join(PROJECT_ROOT, "docs")).filter((name) => name.endsWith(".md"));
  return ["README.md", ...docs.sort().map((name) => `docs/${name}`), "templates/init/README.md"];
}

function blockExample(path: string, block: FencedBlock, problems: string[]): Example | undefined {
  const [lang, file, ...rest] = block.info.split(/\s+/);
  const kind = LANGS[lang ?? ""];
  const where = `${path}:${block.line - 1}`;
  const marker = block.comment;
  if (!kind) {
    if (marker?.startsWith("not checked"))
      problems.push(`${where}: a marker before a \`${lang}\` block, which is never checked`);
    return undefined;
  }
  if (rest.length > 0) problems.push(`${where}: \`${block.info}\`: a block names at most one file`);
  const notChecked = marker === undefined ? undefined : NOT_CHECKED.exec(marker)?.[1];
  if (marker !== undefined && notChecked === undefined)
    problems.push(
      `${where}: \`<!-- ${marker} -->\` before a ${lang} block: the one marker is \`<!-- not checked: reason -->\``,
    );
  return { kind: "block", path, line: block.line, lang: kind, code: block.text, file, notChecked };
}

/** The ts and js blocks of one page (`markdown`, written at `path`), and its misplaced or malformed markers. */
export function blockExamples(path: string, markdown: string): Collected {
  const problems: string[] = [];
  const examples = fencedBlocks(markdown).flatMap((block) => blockExample(path, block, problems) ?? []);
  return { examples, problems };
}

/** The ts and js blocks of the pages, and every misplaced or malformed marker. */
export function pageExamples(pages: readonly string[] = examplePages()): Collected {
  const collected = pages.map((path) => blockExamples(path, readFileSync(join(PROJECT_ROOT, path), "utf8")));
  return {
    examples: collected.flatMap((page) => page.examples),
    problems: collected.flatMap((page) => page.problems),
  };
}

/** The `.ts` files under `dir`, as paths relative to the project, `/`-separated. */
function sourceFiles(dir: string): string[] {
  return filesUnder(join(PROJECT_ROOT, dir), /\.ts$/).map((path) => relative(PROJECT_ROOT, path).split(sep).join("/"));
}

const DOC_COMMENT = /\/\*\*[\s\S]*?\*\//g;

/** The `@example`s of one doc comment that starts at `line`: each runs to the next tag or the comment's end. */
function commentExamples(path: string, comment: string, line: number): Example[] {
  const lines = comment
    .replace(/^\/\*\*|\*\/$/g, "")
    .split("\n")
    .map((text) => text.replace(/^\s*\* ?/, ""));
  const examples: Example[] = [];
  lines.forEach((text, i) => {
    if (!text.startsWith("@example")) return;
    const first = text.slice("@example".length).trim();
    const end = lines.findIndex((next, j) => j > i && next.trim().startsWith("@"));
    const rest = lines.slice(i + 1, end === -1 ? undefined : end);
    const code = [...(first ? [first] : []), ...rest].join("\n").trim();
    examples.push({ kind: "doc-comment", path, line: line + i + (first ? 0 : 1), lang: "ts", code: `${code}\n` });
  });
  return examples;
}

/** Every `@example` of the doc comments under src/. */
export function docCommentExamples(root = "src"): Example[] {
  return sourceFiles(root).flatMap((path) => {
    const text = readFileSync(join(PROJECT_ROOT, path), "utf8");
    return [...text.matchAll(DOC_COMMENT)].flatMap((match) =>
      commentExamples(path, match[0], text.slice(0, match.index).split("\n").length),
    );
  });
}

/**
 * The API report: every export of every package entry point (package.json `exports`) with its kind and
 * its signature as a consumer's TypeScript sees it, written to etc/api.md by `npm run api-report`. A
 * test fails when the surface changes and the report was not regenerated, so a change of surface (a new
 * export, a renamed parameter, a member added to an interface) is always a visible diff.
 *
 * The signatures come from the declarations the build publishes: tsc emits the `.d.ts` files of src/
 * into a temporary folder, and each export's declaration is read out of them with its comments removed.
 * tsc writes declarations in one regular layout (a top-level statement starts at column 0 with a
 * keyword, and it ends with `;` or the brace closing a body), so they are read by that layout; a line
 * this reader does not know is an error, never a silent omission. Biome formats the report like every
 * other file of the tree.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const REPORT_FILE = resolve(ROOT, "etc/api.md");

/** What an export is: the declaration keyword. */
type Kind = "function" | "class" | "const" | "let" | "interface" | "type" | "enum";

/** One export of an entry point: its kind and the declarations that make its signature. */
interface ExportEntry {
  readonly kind: Kind;
  readonly declarations: readonly string[];
}

const DECLARED =
  /^(?:export\s+)?(?:declare\s+)?(?:abstract\s+)?(function|class|const|let|interface|type|enum)\s+([A-Za-z_$][\w$]*)/;
const REEXPORT = /^export\s+(?:type\s+)?\{([^}]*)\}\s*from\s*"([^"]+)";$/;
const STAR = /^export\s+\*\s+from\s*"([^"]+)";$/;
const LOCAL_LIST = /^export\s+(?:type\s+)?\{([^}]*)\};$/;
const STATEMENT_START = /^(?:export|declare|import|type|interface|function|class|const|let|enum|abstract)\b/;

/** Declaration text without its comments: tsc puts every comment on lines of its own. */
function withoutComments(text: string): string[] {
  const lines: string[] = [];
  let inComment = false;
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (!inComment && trimmed.startsWith("/*")) inComment = true;
    if (inComment) {
      if (trimmed.endsWith("*/")) inComment = false;
      continue;
    }
    if (trimmed.startsWith("//") || trimmed === "") continue;
    lines.push(line.trimEnd());
  }
  return lines;
}

/** How many brackets a line opens (negative: closes), its string literals left out. */
function depthChange(line: string): number {
  const code = line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, "");
  return (code.match(/[{([]/g)?.length ?? 0) - (code.match(/[})\]]/g)?.length ?? 0);
}

/** Whether a statement's lines, brackets closed, end it. */
function endsStatement(lines: readonly string[]): boolean {
  const last = lines.at(-1)!;
  return last.endsWith(";") || (last === "}" && /\b(interface|class|enum)\s/.test(lines[0]!));
}

/** The top-level statements of a declaration file, each as its lines joined. */
function statementsOf(file: string): string[] {
  const statements: string[][] = [];
  let depth = 0;
  for (const line of withoutComments(readFileSync(file, "utf8"))) {
    const current = statements.at(-1);
    // A statement is complete when its brackets are closed and its last line ends it: `;`, or the
    // closing brace of an interface, class or enum body.
    const complete = current === undefined || (depth === 0 && endsStatement(current));
    if (STATEMENT_START.test(line) && complete) statements.push([line]);
    else if (!complete) current.push(line);
    else throw new Error(`${file}: a line of an unknown shape: ${line}`);
    depth += depthChange(line);
  }
  return statements.map((lines) => lines.join("\n"));
}

/** `a, type B, c as d` → names as exported and as declared. */
function listItems(list: string): { name: string; original: string }[] {
  return list
    .split(",")
    .map((item) => item.trim().replace(/^type\s+/, ""))
    .filter(Boolean)
    .map((item) => {
      const [original, alias] = item.split(/\s+as\s+/);
      return { original: original!, name: alias ?? original! };
    });
}

/** The declaration file a specifier in one names (`./x.ts` → `x.d.ts`). */
function targetOf(file: string, specifier: string): string {
  return resolve(dirname(file), specifier.replace(/\.(ts|js)$/, ".d.ts"));
}

const cache = new Map<string, Map<string, ExportEntry>>();

/** The declarations of one file by declared name, in order (a function's overloads are several). */
function declarationsOf(statements: readonly string[]): Map<string, { kind: Kind; texts: string[] }> {
  const declared = new Map<string, { kind: Kind; texts: string[] }>();
  for (const statement of statements) {
    const match = DECLARED.exec(statement);
    if (!match) continue;
    const entry = declared.get(match[2]!) ?? { kind: match[1] as Kind, texts: [] };
    entry.texts.push(statement.replace(/^export\s+/, "").replace(/^declare\s+/, ""));
    declared.set(match[2]!, entry);
  }
  return declared;
}

/** The exports of one declaration file, by name, following re-exports. */
function exportsOf(file: string): Map<string, ExportEntry> {
  const cached = cache.get(file);
  if (cached) return cached;
  const found = new Map<string, ExportEntry>();
  cache.set(file, found);
  const statements = statementsOf(file);
  const declared = declarationsOf(statements);
  const local = (name: string) => {
    const entry = declared.get(name);
    if (!entry) throw new Error(`${file}: cannot find the declaration of ${name}`);
    return { kind: entry.kind, declarations: entry.texts };
  };
  for (const statement of statements) {
    if (!statement.startsWith("export")) continue;
    const reexport = REEXPORT.exec(statement);
    const star = STAR.exec(statement);
    const list = LOCAL_LIST.exec(statement);
    const own = DECLARED.exec(statement);
    if (reexport) {
      const target = exportsOf(targetOf(file, reexport[2]!));
      for (const item of listItems(reexport[1]!)) {
        const entry = target.get(item.original);
        if (!entry) throw new Error(`${file}: ${item.original} is not exported by ${reexport[2]}`);
        found.set(item.name, entry);
      }
    } else if (star) for (const [name, entry] of exportsOf(targetOf(file, star[1]!))) found.set(name, entry);
    else if (list) for (const item of listItems(list[1]!)) found.set(item.name, local(item.original));
    else if (own) found.set(own[2]!, local(own[2]!));
    else throw new Error(`${file}: an export statement of an unknown shape: ${statement.split("\n")[0]}`);
  }
  return found;
}

/**
 * The entry points of package.json `exports`, each with the source file it is built from. The package
 * exports what `npm run build` emits, and dist/ mirrors src/ file for file (scripts/build.mjs), so an
 * `import` target `./dist/<path>.js` is built from `src/<path>.ts`; a target of another shape is an error.
 */
function entryPoints(): [string, string][] {
  const manifest = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as {
    exports: Record<string, { import?: string }>;
  };
  return Object.entries(manifest.exports).map(([subpath, target]) => {
    const built = /^\.\/dist\/(.+)\.js$/.exec(target.import ?? "");
    if (!built) throw new Error(`package.json exports["${subpath}"].import is not a ./dist/**/*.js file`);
    return [subpath === "." ? "frameline" : `frameline/${subpath.slice(2)}`, built[1]!];
  });
}

/** Emits the declarations of src/ as the build does (tsconfig.build.json) into a new folder; returns it. */
function emitDeclarations(): string {
  const out = mkdtempSync(join(tmpdir(), "frameline-api-"));
  const tsc = resolve(ROOT, "node_modules/typescript/bin/tsc");
  const args = ["-p", "tsconfig.build.json", "--emitDeclarationOnly", "--declarationMap", "false", "--outDir", out];
  const result = spawnSync(process.execPath, [tsc, ...args], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    throw new Error(`tsc could not emit the declarations:\n${result.stdout}${result.stderr}`);
  }
  return out;
}

/** One entry point's section: a heading, then each export (sorted by name) with its kind and signature. */
function section(name: string, exports: Map<string, ExportEntry>): string {
  const names = [...exports.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const entries = names.map((exported) => {
    const { kind, declarations } = exports.get(exported)!;
    return [`### \`${exported}\` ${kind}`, "", "```ts", ...declarations, "```", ""].join("\n");
  });
  return [`## \`${name}\` (${names.length})`, "", ...entries].join("\n");
}

/** `text` formatted by Biome as the file at `path` (the signatures in the house style, as `npm test` checks it). */
function formatted(text: string, path: string): string {
  const biome = resolve(ROOT, "node_modules/@biomejs/biome/bin/biome");
  const result = spawnSync(process.execPath, [biome, "format", `--stdin-file-path=${path}`], {
    cwd: ROOT,
    input: text,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`biome could not format the report:\n${result.stderr}`);
  return result.stdout;
}

/** The report's text: a section per entry point. */
export function apiReport(): string {
  const out = emitDeclarations();
  try {
    cache.clear();
    const sections = entryPoints().map(([name, path]) => section(name, exportsOf(join(out, `${path}.d.ts`))));
    return formatted(
      [
        "# API report",
        "",
        "Generated by `npm run api-report` from the declarations the package publishes; do not edit by hand.",
        "A test fails when the public surface changes without this file being regenerated.",
        "",
        ...sections,
      ].join("\n"),
      "etc/api.md",
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(REPORT_FILE, apiReport());
  process.stdout.write(`wrote ${REPORT_FILE}\n`);
}

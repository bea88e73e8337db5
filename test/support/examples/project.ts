// The examples as a consumer's project: each example one module in a temporary folder, type-checked
// in one run of the repo's TypeScript (`tsc -p`), its `frameline` imports mapped to the entry points'
// sources; then the examples that state a value run, all in one child process under tsx.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { PROJECT_ROOT } from "../project-root.ts";
import { run, userEnv } from "../package/processes.ts";
import type { Example } from "./collect.ts";
import { entryPoints, type Imports, type Scope } from "./scope.ts";
import { checkStatedValues } from "./stated-values.ts";

const TSC = join(PROJECT_ROOT, "node_modules", ".bin", "tsc");
const VALUES = join(PROJECT_ROOT, "test", "support", "examples", "values.ts");
const RUNNER = join(PROJECT_ROOT, "test", "support", "examples", "run.ts");
const TIMEOUT_MS = 120_000;

/** One example written as a module. */
export interface Module {
  readonly example: Example;
  readonly file: string;
  /** The lines written before the example's own code (the imports it is given). */
  readonly header: number;
  /** How many values it states; it runs when it states one (and names no file). */
  readonly stated: number;
}

/** The temporary project, its modules, and how to remove it. */
export interface ExampleProject {
  readonly dir: string;
  readonly modules: readonly Module[];
  cleanup(): Promise<void>;
}

/**
 * One project for every example: a TypeScript block is checked as a strict TypeScript consumer's code
 * (the repo's own settings); a JavaScript block as a JavaScript consumer's with `checkJs`, where what
 * it passes to frameline and reads back is typed but its own unannotated parameters are no error
 * (`placed` drops the implicit-any diagnostics, TS7xxx, of .mjs files).
 */
function tsconfig(): object {
  const paths = Object.fromEntries(entryPoints().map(({ specifier, source }) => [specifier, [source]]));
  return {
    extends: join(PROJECT_ROOT, "tsconfig.base.json"),
    compilerOptions: {
      lib: ["ES2022", "DOM", "DOM.Iterable"],
      types: ["node"],
      typeRoots: [join(PROJECT_ROOT, "node_modules", "@types")],
      allowJs: true,
      checkJs: true,
      paths,
    },
    include: ["**/*.ts", "**/*.mjs"],
  };
}

function importLines(imports: Imports, stated: number): string[] {
  const lines = [...imports].map(
    ([from, names]) => `import { ${names.sort().join(", ")} } from ${JSON.stringify(from)};`,
  );
  return stated > 0 ? [...lines, `import { expectValue } from ${JSON.stringify(VALUES)};`] : lines;
}

async function writeModule(dir: string, example: Example, scope: Scope): Promise<Module> {
  const folder = join(dir, example.path);
  const file = join(folder, example.file ?? `L${example.line}.${example.lang === "ts" ? "ts" : "mjs"}`);
  const { code, stated } = example.file
    ? { code: example.code, stated: 0 }
    : checkStatedValues(example.code, example.path, example.line);
  const header = importLines(scope.importsOf(example), stated);
  await mkdir(folder, { recursive: true });
  await writeFile(file, [...header, code].join("\n"), { flag: "wx" }); // two examples never share a file
  return { example, file, header: header.length, stated };
}

/** Writes each example that is checked as a module of a fresh project. */
export async function writeProject(examples: readonly Example[], scope: Scope): Promise<ExampleProject> {
  const dir = await mkdtemp(join(tmpdir(), "frameline-examples-"));
  await writeFile(join(dir, "tsconfig.json"), JSON.stringify(tsconfig(), null, 2));
  await writeFile(join(dir, "package.json"), '{ "type": "module" }\n');
  const modules: Module[] = [];
  for (const example of examples)
    if (example.notChecked === undefined) modules.push(await writeModule(dir, example, scope));
  return { dir, modules, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Where a line of a module was written: the example's file and line. */
function origin(module: Module, line: number, column?: number): string {
  const { example } = module;
  const at = example.line + Math.max(0, line - 1 - module.header);
  return `${example.path}:${at}${column !== undefined && example.kind === "block" ? `:${column}` : ""}`;
}

const DIAGNOSTIC = /^(.+?)\((\d+),(\d+)\): error (TS(\d+)): ([\s\S]*)$/;
const IMPLICIT_ANY = (code: number) => code >= 7000 && code < 8000;

/** One tsc diagnostic placed at the example's file and line (`README.md:197:5: TS2304 …`), or dropped. */
function placed(project: ExampleProject, byFile: Map<string, Module>, text: string): string | undefined {
  const match = DIAGNOSTIC.exec(text);
  if (!match) return text;
  const [, file, line, column, code, number, message] = match as unknown as string[];
  const module = byFile.get(join(project.dir, file!)) ?? byFile.get(file!);
  if (module?.example.lang === "js" && IMPLICIT_ANY(Number(number))) return undefined;
  const where = module ? origin(module, Number(line), Number(column)) : relative(PROJECT_ROOT, file!);
  return `${where}: ${code} ${message!.replace(/\s*\n\s*/g, " ")}`;
}

/** The type errors of every example, placed where each example is written, and how long tsc took. */
export async function typeCheck(project: ExampleProject): Promise<{ errors: string[]; ms: number }> {
  const args = ["-p", project.dir, "--pretty", "false"];
  const result = await run(TSC, args, { cwd: project.dir, timeoutMs: TIMEOUT_MS });
  const byFile = new Map(project.modules.map((module) => [module.file, module]));
  const errors = result.stdout
    .split(/\n(?=\S)/)
    .filter((text) => text.trim() !== "")
    .flatMap((text) => placed(project, byFile, text.trim()) ?? []);
  if (result.code !== 0 && result.stdout.trim() === "") errors.push(`tsc ended ${result.code}: ${result.stderr}`);
  return { errors, ms: result.ms };
}

/** Runs each module that states a value; returns one failure message per module that threw. */
export async function runStated(project: ExampleProject): Promise<{ ran: number; failures: string[]; ms: number }> {
  const modules = project.modules.filter((module) => module.stated > 0 && module.example.file === undefined);
  const results = join(project.dir, "results.json");
  const env = userEnv({ TSX_TSCONFIG_PATH: join(project.dir, "tsconfig.json") });
  const args = ["--import", "tsx", RUNNER, results, ...modules.map((module) => module.file)];
  const result = await run(process.execPath, args, { cwd: PROJECT_ROOT, env, timeoutMs: TIMEOUT_MS });
  if (result.code !== 0)
    return { ran: 0, failures: [`the runner ended ${result.code}: ${result.stderr}`], ms: result.ms };
  const thrown = JSON.parse(await readFile(results, "utf8")) as Record<string, string>;
  const failures = modules.flatMap((module) => {
    const message = thrown[module.file];
    if (message === undefined) return [];
    return [message.startsWith(module.example.path) ? message : `${origin(module, module.header + 1)}: ${message}`];
  });
  return { ran: modules.length, failures, ms: result.ms };
}

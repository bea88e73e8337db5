/**
 * `frameline init DIR`: scaffolds a project that serves its own `docs/` as a signed CGP provider
 * (spec §3.10, §5.5) on Cloudflare Workers, from the template shipped in the package
 * (templates/init/). The project depends on this frameline (from the registry when it is a release
 * there, else on a copy of it packed into the project: frameline-dependency.ts) and on wrangler as
 * frameline pins it; its `npm start` and `npm test` work as first commands.
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { type Command, CommandFailure, flag, stringOption, UsageError } from "./command.ts";
import { count } from "../conformance/evidence.ts";
import { shownPath } from "./failure.ts";
import {
  checkChoice,
  type DependencyChoice,
  type FramelineDependency,
  framelineDependency,
} from "./frameline-dependency.ts";
import { writeJson } from "./json-output.ts";
import { OWN_ROOT, ownManifest } from "./manifest.ts";

/** The template folder, beside src/ and dist/ alike. */
const TEMPLATE_DIR = join(OWN_ROOT, "templates", "init");

/** Template files stored without their leading dot (npm does not publish a `.gitignore`). */
const RENAMED: Readonly<Record<string, string>> = { gitignore: ".gitignore" };

/** A Worker (and npm package) name from a folder name: lowercase letters, digits and dashes, at most 63. */
function projectName(folder: string): string {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63)
    .replace(/-+$/, "");
  if (name === "") throw new UsageError(`cannot name a Worker after the folder ${JSON.stringify(folder)}`);
  return name;
}

async function templatePaths(dir: string = TEMPLATE_DIR): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? templatePaths(join(dir, entry.name)) : [relative(TEMPLATE_DIR, join(dir, entry.name))],
    ),
  );
  return nested.flat().sort();
}

/** Fills `{{name}}`, `{{frameline_spec}}` and `{{wrangler_version}}`; any other placeholder is a template bug. */
function fill(text: string, values: Readonly<Record<string, string>>, path: string): string {
  return text.replace(/\{\{([a-z_]+)\}\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`templates/init/${path}: unknown placeholder {{${key}}}`);
    return value;
  });
}

/** Refuses a target that is a file, or a folder with anything in it; says whether the folder exists. */
async function checkTarget(root: string, cwd: string): Promise<boolean> {
  const existing = await stat(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (existing === undefined) return false;
  if (!existing.isDirectory()) throw new CommandFailure(`${shownPath(root, cwd)}: exists and is not a folder`);
  if ((await readdir(root)).length > 0) throw new CommandFailure(`${shownPath(root, cwd)}: exists and is not empty`);
  return true;
}

/** Writes the template's files into `root`, filled with `values`; returns their paths in the project. */
async function writeTemplate(root: string, values: Readonly<Record<string, string>>): Promise<string[]> {
  const files: string[] = [];
  for (const path of await templatePaths()) {
    const parts = path.split(sep);
    const target = join(root, ...parts.map((part) => RENAMED[part] ?? part));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, fill(await readFile(join(TEMPLATE_DIR, path), "utf8"), values, path), { flag: "wx" });
    files.push(relative(root, target).split(sep).join("/"));
  }
  return files;
}

/** What `init` made; `frameline init --json` prints exactly this object. */
interface InitResult {
  /** The project's (and its Worker's) name. */
  readonly name: string;
  /** The project folder, as the user would write it. */
  readonly dir: string;
  /** Every file written, relative to the project folder, sorted. */
  readonly files: readonly string[];
  /** How the project depends on frameline. */
  readonly frameline: FramelineDependency;
}

/** Writes the project into `dir` (resolved against `cwd`); `log` hears progress (packing frameline). */
async function initProject(
  dir: string,
  cwd: string,
  choice: DependencyChoice,
  log: (line: string) => void,
): Promise<InitResult> {
  const root = resolve(cwd, dir);
  const name = projectName(basename(root));
  checkChoice(choice);
  const existed = await checkTarget(root, cwd);
  await mkdir(root, { recursive: true });
  try {
    const frameline = await framelineDependency(choice, root, log);
    const values = { name, frameline_spec: frameline.spec, wrangler_version: ownManifest().devDependencies.wrangler };
    const files = [...(await writeTemplate(root, values)), ...(frameline.tarball ? [frameline.tarball] : [])].sort();
    return { name, dir: shownPath(root, cwd), files, frameline };
  } catch (error) {
    // Nothing half-made is left: the folder is emptied again (it was empty), or removed if init made it.
    const made = existed ? (await readdir(root)).map((entry) => join(root, entry)) : [root];
    for (const path of made) await rm(path, { recursive: true, force: true });
    throw error;
  }
}

/** The line saying how the project depends on frameline. */
function dependencyLine(result: InitResult): string {
  const { frameline } = result;
  if (frameline.source === "packed")
    return `frameline: ${ownManifest().version} is not a registry release: ${result.name} depends on a copy of this frameline, packed into ${frameline.tarball} (from ${frameline.packed_from}; --from-registry or --frameline-spec SPEC choose otherwise)`;
  const from = frameline.source === "registry" ? " from the registry" : "";
  return `frameline: ${result.name} depends on frameline ${frameline.spec}${from}`;
}

/** The lines `init` prints on stdout without `--json`. */
function report(result: InitResult): string[] {
  const where = result.dir === result.name ? "" : ` in ${result.dir}`;
  return [
    `frameline: created ${result.name}${where} (${count(result.files.length, "file")})`,
    dependencyLine(result),
    "Next:",
    `  cd ${/^[\w./-]+$/.test(result.dir) ? result.dir : JSON.stringify(result.dir)}`,
    "  npm start   # installs, indexes docs/, serves http://127.0.0.1:8787/contextgraph",
    "  npm test    # one signed query, verified",
  ];
}

/** The `init` command line. */
export const initCli: Command = {
  name: "init",
  synopsis: "init DIR [--from-registry | --frameline-spec SPEC] [--json]",
  description: `scaffolds a project in DIR (new or empty) that serves its docs/ as a signed CGP
provider on Cloudflare Workers: \`npm start\` runs it on 127.0.0.1:8787,
\`npm test\` checks one signed answer. It depends on this frameline: from the
registry when this is a release there, else on a copy of it packed into DIR
(frameline-VERSION.tgz); --from-registry or --frameline-spec SPEC choose.`,
  details: `--json prints one JSON object on stdout:
  name        the project's (and its Worker's) name
  dir         the project folder
  files       every file written, relative to it
  frameline   { spec, source: "registry" | "packed" | "given", tarball,
              packed_from }: the dependency written into package.json`,
  options: { "from-registry": { type: "boolean" }, "frameline-spec": { type: "string" }, json: { type: "boolean" } },
  positionals: { min: 1, max: 1 },
  async run(input) {
    const choice = { spec: stringOption(input, "frameline-spec"), fromRegistry: flag(input, "from-registry") };
    const result = await initProject(input.positionals[0]!, input.cwd, choice, input.err);
    if (flag(input, "json")) writeJson(input, result);
    else for (const line of report(result)) input.out(line);
    return 0;
  },
};

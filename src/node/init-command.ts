/**
 * `frameline init DIR`: scaffolds a project that serves its own `docs/` as a signed CGP provider
 * (spec §3.10, §5.5) on Cloudflare Workers, from the template shipped in the package
 * (templates/init/). The project depends on this frameline version and on wrangler as frameline
 * pins it; its `npm start` and `npm test` work as first commands.
 */
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { type Command, CommandFailure, UsageError } from "./command.ts";
import { shownPath } from "./failure.ts";
import { ownManifest } from "./manifest.ts";

/** The template folder, beside src/ and dist/ alike. */
const TEMPLATE_DIR = fileURLToPath(new URL("../../templates/init/", import.meta.url));

/** Template files stored without their leading dot (npm does not publish a `.gitignore`). */
const RENAMED: Readonly<Record<string, string>> = { gitignore: ".gitignore" };

/** A Worker (and npm package) name from a folder name: lowercase letters, digits and dashes, at most 63. */
export function projectName(folder: string): string {
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

/** Fills `{{name}}`, `{{frameline_version}}` and `{{wrangler_version}}`; any other placeholder is a template bug. */
function fill(text: string, values: Readonly<Record<string, string>>, path: string): string {
  return text.replace(/\{\{([a-z_]+)\}\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`templates/init/${path}: unknown placeholder {{${key}}}`);
    return value;
  });
}

/** Refuses a target that is a file, or a folder with anything in it. */
async function checkTarget(root: string, cwd: string): Promise<void> {
  const existing = await stat(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (existing === undefined) return;
  if (!existing.isDirectory()) throw new CommandFailure(`${shownPath(root, cwd)}: exists and is not a folder`);
  if ((await readdir(root)).length > 0) throw new CommandFailure(`${shownPath(root, cwd)}: exists and is not empty`);
}

/** Writes the project into `dir` (resolved against `cwd`); returns its name and the files written. */
export async function initProject(dir: string, cwd: string): Promise<{ root: string; name: string; files: string[] }> {
  const root = resolve(cwd, dir);
  const name = projectName(basename(root));
  await checkTarget(root, cwd);
  const manifest = ownManifest();
  const values = { name, frameline_version: manifest.version, wrangler_version: manifest.devDependencies.wrangler };
  const files: string[] = [];
  for (const path of await templatePaths()) {
    const parts = path.split(sep);
    const target = join(root, ...parts.map((part) => RENAMED[part] ?? part));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, fill(await readFile(join(TEMPLATE_DIR, path), "utf8"), values, path), { flag: "wx" });
    files.push(relative(root, target).split(sep).join("/"));
  }
  return { root, name, files };
}

/** The `init` command line. */
export const initCli: Command = {
  name: "init",
  synopsis: "init DIR",
  description: `scaffolds a project in DIR (new or empty) that serves its docs/ as a signed CGP
provider on Cloudflare Workers: \`npm start\` runs it on 127.0.0.1:8787,
\`npm test\` checks one signed answer.`,
  options: {},
  positionals: { min: 1, max: 1 },
  async run(input) {
    const { root, name, files } = await initProject(input.positionals[0]!, input.cwd);
    const where = shownPath(root, input.cwd);
    input.out(`frameline: created ${name} in ${where} (${files.length} files). Next:`);
    input.out(`  cd ${/^[\w./-]+$/.test(where) ? where : JSON.stringify(where)}`);
    input.out("  npm start   # installs, indexes docs/, serves http://127.0.0.1:8787/contextgraph");
    input.out("  npm test    # one signed query, verified");
    return 0;
  },
};

// `npm run build` (also run by `npm pack` / `npm publish` through `prepack`): compiles src/ into dist/
// as ESM JavaScript, .d.ts declarations and source maps (with the sources inlined, since src/ is not
// published), one output file per source file, so the package's subpaths share one copy of each module.
//
// tsc compiles (tsconfig.build.json) and rewrites the sources' relative `.ts` imports to `.js` in the
// JavaScript (`rewriteRelativeImportExtensions`). It leaves them as `.ts` in the declarations, which a
// consumer with `moduleResolution: nodenext` cannot resolve, so this script rewrites those too, then
// checks that every relative import in dist/ names a file that exists. dist/ is removed first, so a
// file deleted from src/ never lingers in a package.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIST = join(ROOT, "dist");
/** `from "./x.ts"`, `import("./x.ts")` and `import "./x.ts"`: a relative module specifier with its keyword. */
const RELATIVE_SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)"(\.\.?\/[^"]*)"/g;

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Rewrites a declaration file's relative `.ts` specifiers to `.js`; returns the problems found. */
function rewriteDeclarations(file) {
  const problems = [];
  const text = readFileSync(file, "utf8").replace(RELATIVE_SPECIFIER, (_, keyword, specifier) => {
    const target = specifier.replace(/\.ts$/, ".js");
    if (!target.endsWith(".js")) problems.push(`${relative(ROOT, file)}: ${specifier} has no .ts or .js extension`);
    return `${keyword}"${target}"`;
  });
  writeFileSync(file, text);
  return problems;
}

/** Every relative specifier in a .js or .d.ts file must name an emitted .js file with its declarations. */
function checkSpecifiers(file) {
  const problems = [];
  for (const [, , specifier] of readFileSync(file, "utf8").matchAll(RELATIVE_SPECIFIER)) {
    const target = resolve(dirname(file), specifier);
    if (!specifier.endsWith(".js") || !existsSync(target) || !existsSync(target.replace(/\.js$/, ".d.ts")))
      problems.push(`${relative(ROOT, file)}: ${specifier} does not name a built module`);
  }
  return problems;
}

rmSync(DIST, { recursive: true, force: true });
const tsc = spawnSync(join(ROOT, "node_modules", ".bin", "tsc"), ["-p", join(ROOT, "tsconfig.build.json")], {
  stdio: "inherit",
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

const files = filesUnder(DIST);
const problems = [
  ...files.filter((file) => file.endsWith(".d.ts")).flatMap(rewriteDeclarations),
  ...files.filter((file) => file.endsWith(".js") || file.endsWith(".d.ts")).flatMap(checkSpecifiers),
];
if (problems.length > 0) {
  process.stderr.write(`build: ${problems.join("\n       ")}\n`);
  process.exit(1);
}
process.stderr.write(`build: ${files.length} files in dist/\n`);

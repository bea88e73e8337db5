// What an example may use without importing it, and where each such name comes from. A page's block
// imports the package itself, as a consumer does; it may use the names ./given.ts exports (an answer to
// verify, a byte stream, …). An `@example` may also use, unimported, what the package's entry points
// export (its own layer's entry first: `src/wire/…` → `frameline/wire`, then `frameline`, then the
// others) and what its own file exports, for a function no entry point exports.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runtimeExports } from "../package/api-names.ts";
import { PROJECT_ROOT } from "../project-root.ts";
import { namesDeclared, namesUsed } from "./code-text.ts";
import type { Example } from "./collect.ts";

/** ./given.ts, which an example imports its given names from. */
export const GIVEN = join(PROJECT_ROOT, "test", "support", "examples", "given.ts");

const EXPORTED = /^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|class)\s+([A-Za-z_$][\w$]*)/gm;

/** The value names a TypeScript file exports by declaration (`export const x`, `export function f`). */
function declaredExports(file: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(EXPORTED)].map((match) => match[1]!);
}

/** The package's entry points (`frameline`, `frameline/wire`, …), each with its source file under src/. */
export function entryPoints(): { specifier: string; source: string }[] {
  const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as {
    exports: Record<string, { types: string }>;
  };
  return Object.entries(manifest.exports).map(([subpath, target]) => ({
    specifier: `frameline${subpath.slice(1)}`,
    source: join(PROJECT_ROOT, target.types.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$/, ".ts")),
  }));
}

/** Where the names an example uses but does not declare come from: specifier → names. */
export type Imports = Map<string, string[]>;

/** Finds the source of each name an example may use unimported. */
export class Scope {
  readonly given = declaredExports(GIVEN);
  readonly entries = runtimeExports();

  /** The entry points an `@example` in `path` looks in, in order. */
  private entryOrder(path: string): string[] {
    const layer = /^src\/([^/]+)\//.exec(path)?.[1];
    const own = layer ? `frameline/${layer}` : "frameline";
    return [own, "frameline", ...Object.keys(this.entries)].filter((name, i, all) => all.indexOf(name) === i);
  }

  /** For an `@example` of `path`: where each name it may use unimported comes from, by name. */
  private packageSources(path: string): (name: string) => string | undefined {
    const order = this.entryOrder(path);
    const file = join(PROJECT_ROOT, path);
    const own = declaredExports(file);
    return (name) =>
      order.find((specifier) => this.entries[specifier]?.includes(name)) ?? (own.includes(name) ? file : undefined);
  }

  /** The imports an example needs for the names it uses and neither declares nor imports. */
  importsOf(example: Example): Imports {
    const declared = namesDeclared(example.code);
    const fromPackage = example.kind === "doc-comment" ? this.packageSources(example.path) : () => undefined;
    const imports: Imports = new Map();
    for (const name of namesUsed(example.code)) {
      if (declared.has(name)) continue;
      const from = fromPackage(name) ?? (this.given.includes(name) ? GIVEN : undefined);
      if (from) imports.set(from, [...(imports.get(from) ?? []), name]);
    }
    return imports;
  }
}

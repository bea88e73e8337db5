// Every export of src/, worker/ and web/ is used by another file (an import, a re-export, an entry point
// of the package): an export that only its own file uses is surface nobody asked for, and the reason
// `export` was written has gone. Read from the Biome-formatted sources by their statement shapes.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT } from "../support/project-root.ts";
import { filesUnder } from "../support/files.ts";

/** Where exports are held to the rule. */
const OWNERS = ["src", "worker", "web"];
/** Where a use may be: every folder of the repo with TypeScript or JavaScript of its own. */
const USERS = ["src", "worker", "web", "test", "bench", "scripts", "templates"];

/** The code of a folder: TypeScript and JavaScript, declaration files left out. */
const codeFiles = (dir: string) => filesUnder(dir, /(?<!\.d)\.(ts|mts|mjs|js)$/);

/** The names a file declares with `export` in front (not re-exports). */
function declaredExports(source: string): string[] {
  const pattern =
    /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|class|const|let|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
  return [...source.matchAll(pattern)].map((match) => match[1]!);
}

/** `a, type B, c as d` → the names taken from the module (`a`, `B`, `c`). */
function takenNames(list: string): string[] {
  return list
    .split(",")
    .map((item) => item.trim().replace(/^type\s+/, ""))
    .filter(Boolean)
    .map((item) => item.split(/\s+as\s+/)[0]!);
}

/** What a file takes from each module it names: a set of names, or "all" (`* as`, `export *`, `import()`). */
function usesOf(file: string, source: string): Map<string, Set<string> | "all"> {
  const uses = new Map<string, Set<string> | "all">();
  const add = (specifier: string, names: string[] | "all") => {
    if (!specifier.startsWith(".")) return;
    const target = resolve(dirname(file), specifier);
    const held = uses.get(target);
    if (names === "all" || held === "all") uses.set(target, "all");
    else uses.set(target, new Set([...(held ?? []), ...names]));
  };
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*"([^"]+)"/gm))
    add(m[2]!, takenNames(m[1]!));
  for (const m of source.matchAll(/^\s*import\s+(?:type\s+)?[\w$]+\s*,\s*\{([^}]*)\}\s*from\s*"([^"]+)"/gm))
    add(m[2]!, takenNames(m[1]!));
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(?:type\s+)?\*(?:\s+as\s+[\w$]+)?\s+from\s*"([^"]+)"/gm))
    add(m[1]!, "all");
  for (const m of source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) add(m[1]!, "all");
  return uses;
}

test("every export in src/, worker/ and web/ is used by another file", () => {
  const users = USERS.flatMap((folder) => codeFiles(join(PROJECT_ROOT, folder)));
  const used = new Map<string, Set<string> | "all">();
  for (const file of users) {
    for (const [target, names] of usesOf(file, readFileSync(file, "utf8"))) {
      const held = used.get(target);
      if (names === "all" || held === "all") used.set(target, "all");
      else used.set(target, new Set([...(held ?? []), ...names]));
    }
  }
  const unused: string[] = [];
  for (const file of OWNERS.flatMap((folder) => codeFiles(join(PROJECT_ROOT, folder)))) {
    const names = used.get(file);
    if (names === "all") continue;
    const source = readFileSync(file, "utf8");
    // An `@example` runs against its file's exports (test/conventions/examples.test.ts imports them).
    const examples = [...source.matchAll(/@example\b(.*)$/gm)].map((match) => match[1]!).join("\n");
    for (const name of declaredExports(source))
      if (!names?.has(name) && !new RegExp(`\\b${name}\\b`).test(examples))
        unused.push(`${relative(PROJECT_ROOT, file)}: ${name}`);
  }
  assert.equal(
    unused.length,
    0,
    `${unused.length} exports no other file uses (drop their \`export\`):\n${unused.join("\n")}`,
  );
});

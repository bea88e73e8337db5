// src/ (outside src/node/) runs in browsers and workerd: web standards only (ARCHITECTURE.md).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { filesUnder } from "../support/files.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const src = join(root, "src");

/** src/'s TypeScript, src/node (the one place Node APIs are allowed) left out. */
const sourceFiles = (dir: string) => filesUnder(dir, /\.ts$/, (folder) => folder === join(src, "node"));

const FORBIDDEN: [string, RegExp][] = [
  ["a node: import", /(from\s*|import\s*\(\s*|require\s*\(\s*)["']node:/],
  ["a bare Node builtin import", /from\s*["'](fs|path|child_process|stream|buffer|crypto|os|util|process)["']/],
  ["Buffer", /\bBuffer\b/],
  ["process", /\bprocess\s*\./],
];

describe("web standards in src/", () => {
  test("type-checks against DOM-only libs, with no Node types", () => {
    const result = spawnSync(
      process.execPath,
      [join(root, "node_modules/typescript/bin/tsc"), "-p", join(root, "tsconfig.lib.json"), "--noEmit"],
      {
        encoding: "utf8",
      },
    );
    assert.equal(result.status, 0, result.stdout + result.stderr);
    const config = JSON.parse(readFileSync(join(root, "tsconfig.lib.json"), "utf8"));
    assert.deepEqual(config.compilerOptions.types, []);
    assert.ok(!config.compilerOptions.lib.some((lib: string) => /node/i.test(lib)));
  });

  const files = sourceFiles(src);
  test("finds the library sources", () => assert.ok(files.length > 10));

  for (const file of files) {
    test(`${relative(root, file)} uses no Node API`, () => {
      const text = readFileSync(file, "utf8");
      for (const [what, pattern] of FORBIDDEN) assert.ok(!pattern.test(text), `${what} in ${relative(root, file)}`);
    });
  }
});

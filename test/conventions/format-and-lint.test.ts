// The tree is formatted and linted by Biome (biome.json); `npx biome check --write .` fixes most findings.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

test("biome ci finds nothing to format or lint", () => {
  const biome = fileURLToPath(new URL("../../node_modules/@biomejs/biome/bin/biome", import.meta.url));
  const result = spawnSync(process.execPath, [biome, "ci", "--colors=off", "--error-on-warnings", "."], {
    cwd: root,
    encoding: "utf8",
  });
  assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`.slice(-4000));
});

// Runs every test file under test/ in one node:test run, so the closing summary counts every suite.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

const files = testFiles("test").sort();
const result = spawnSync(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=2", ...files], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);

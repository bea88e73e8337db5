// Installs the locked dependencies on a fresh clone, so `npm start` and `npm test` work as the first command.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("node_modules/.package-lock.json")) {
  console.error("frameline: installing the locked dependencies (npm ci) …");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["ci", "--no-audit", "--no-fund"], { stdio: "inherit" });
  process.exit(result.status ?? 1);
}

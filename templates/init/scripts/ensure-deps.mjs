// Installs the dependencies on a fresh checkout, so `npm start` and `npm test` work as the first command.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("node_modules/.package-lock.json")) {
  console.error("installing the dependencies (npm install) …");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["install", "--no-audit", "--no-fund"], { stdio: "inherit" });
  process.exit(result.status ?? 1);
}

// Installs the dependencies on a fresh checkout, so `npm start` and `npm test` work as the first command.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("node_modules/.package-lock.json")) {
  console.error("installing the dependencies (npm install) …");
  // npm is a .cmd script on Windows, which only a shell runs.
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund"], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  process.exit(result.status ?? 1);
}

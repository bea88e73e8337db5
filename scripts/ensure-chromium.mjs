// The browser tests drive the system Chromium (Playwright cannot download its own here). Installs Debian's
// package when it is missing and we may (root with apt-get); otherwise says exactly what is needed.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.FRAMELINE_CHROMIUM ?? "/usr/bin/chromium";
if (!existsSync(path)) {
  const canInstall = process.getuid?.() === 0 && spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (!canInstall) {
    console.error(
      `frameline: the browser tests need Chromium at ${path} (Debian: apt-get install -y chromium; or set FRAMELINE_CHROMIUM)`,
    );
    process.exit(1);
  }
  console.error("frameline: installing Chromium for the browser tests (apt-get install chromium) …");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "chromium"],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

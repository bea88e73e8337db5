// Run by `prepack` after the build: when npm packs for `npm publish`, marks the build as the registry
// release of this version (dist/registry-release.json), so `frameline init` run from the published
// package makes projects that depend on that version from the registry; `npm pack` (a tarball for a
// user or a test) leaves no mark, and init packs a copy of itself instead (src/node/frameline-dependency.ts).
// npm names the command it runs in `npm_command`. Usage: node scripts/release-stamp.mjs [DIST]
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const dist = resolve(process.argv[2] ?? join(ROOT, "dist"));
const stamp = join(dist, "registry-release.json");
const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));

if (process.env.npm_command === "publish") {
  writeFileSync(stamp, `${JSON.stringify({ version })}\n`);
  process.stderr.write(`release-stamp: ${version} marked as a registry release\n`);
} else rmSync(stamp, { force: true });

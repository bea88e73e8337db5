// The ask Worker as it was before it read every request body to its end (b91658b, issue 24.5): its src/ and
// worker/ taken from git at ASK_BEFORE_COMMIT (`git archive`, which reads the repository and changes
// nothing) into node_modules/.cache, so they resolve the same dependencies, and bundled from there the way
// test/support/ask/bundle.ts bundles today's. Measured in the same run as today's (bench/load.ts).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import type { AskBundle } from "../../test/support/ask/bundle.ts";
import { PROJECT_ROOT } from "../../test/support/project-root.ts";
import { WORKERD_BUILD } from "../../test/support/worker/bundle.ts";

/** The last commit whose ask Worker left refused bodies unread (the parent of b91658b). */
export const ASK_BEFORE_COMMIT = "02531c9";

/** That commit's src/ and worker/, extracted from git once; returns the folder holding them. */
export function askBeforeTree(): string {
  const dir = join(PROJECT_ROOT, "node_modules", ".cache", "frameline-bench", `ask-before-${ASK_BEFORE_COMMIT}`);
  if (!existsSync(join(dir, "worker", "ask", "index.ts"))) {
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync("git", ["-C", PROJECT_ROOT, "archive", ASK_BEFORE_COMMIT, "src", "worker"]);
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
  }
  return dir;
}

/** The ask Worker of ASK_BEFORE_COMMIT, bundled into a temp dir. */
export async function bundleAskWorkerBefore(): Promise<AskBundle> {
  const dir = await mkdtemp(join(tmpdir(), "frameline-ask-before-"));
  try {
    const scriptPath = join(dir, "ask.mjs");
    const result = await build({
      ...WORKERD_BUILD,
      entryPoints: [join(askBeforeTree(), "worker", "ask", "index.ts")],
      outfile: scriptPath,
      metafile: true,
    });
    const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
    return { dir, scriptPath, bytes, cleanup: () => rm(dir, { recursive: true, force: true }) };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

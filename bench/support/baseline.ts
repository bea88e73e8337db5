// The docs provider (and its Worker) as they were before issue 13 (our own BM25 built on the first request,
// scores relative to the best hit), measured in the same run as today's: the sources are taken from git at
// BASELINE_COMMIT into node_modules/.cache, so they resolve the same dependencies, and imported from there.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { DocsCorpus } from "../../src/docs-provider/index.ts";
import type { Provider } from "../../src/provider/index.ts";
import { PROJECT_ROOT } from "../../test/support/project-root.ts";

/** The last commit whose docs provider ranked with src/docs/bm25.ts. */
export const BASELINE_COMMIT = "f3f8b4f";

/** The baseline's `frameline/docs` module: `buildCorpus` and `docsProvider` as they were. */
export interface BaselineDocs {
  buildCorpus(files: readonly { path: string; text: string }[]): Promise<DocsCorpus>;
  docsProvider(corpus: DocsCorpus): Provider;
}

/** The baseline's src/ and worker/, extracted from git once; returns the folder holding them. */
export function baselineTree(): string {
  const dir = join(PROJECT_ROOT, "node_modules", ".cache", "frameline-bench", `baseline-${BASELINE_COMMIT}`);
  if (!existsSync(join(dir, "worker", "index.ts"))) {
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync("git", ["-C", PROJECT_ROOT, "archive", BASELINE_COMMIT, "src", "worker"]);
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
  }
  return dir;
}

/** Imports the baseline's docs entry point. */
export async function baselineDocs(): Promise<BaselineDocs> {
  return (await import(join(baselineTree(), "src", "docs", "index.ts"))) as BaselineDocs;
}

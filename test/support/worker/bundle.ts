// Builds the real Worker (worker/index.ts) for workerd, the way wrangler would: a fresh corpus of
// README.md + docs/ (the default `frameline index`), bundled by esbuild as one ES module.
// The corpus goes to a temp dir (not worker/corpus.json), so building never touches the workspace.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BuildOptions, build, type Plugin } from "esbuild";
import type { DocsCorpus } from "../lib.ts";
import { indexCommand, writeCorpusModule } from "../node-lib.ts";
import { PROJECT_ROOT } from "../project-root.ts";

/**
 * esbuild's options for one ES module that workerd runs, as wrangler bundles a Worker: browser platform,
 * wrangler's export conditions, es2022. Spread it and add the entry point and the output.
 */
export const WORKERD_BUILD: BuildOptions = {
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  conditions: ["workerd", "worker", "browser"],
  logLevel: "silent",
};

/** A bundled Worker in a temp dir. */
export interface WorkerBundle {
  readonly dir: string;
  /** The bundled ES module, for Miniflare's `scriptPath`. */
  readonly scriptPath: string;
  /** The corpus JSON the bundle embeds. */
  readonly corpusPath: string;
  /** Removes the temp dir. */
  cleanup(): Promise<void>;
}

/** Resolves worker/corpus-source.ts's `./corpus.json` to the corpus built for this bundle. */
function corpusRedirect(corpusPath: string): Plugin {
  return {
    name: "corpus-redirect",
    setup(builder) {
      builder.onResolve({ filter: /^\.\/corpus\.json$/ }, (args) =>
        args.importer.endsWith(join("worker", "corpus-source.ts")) ? { path: corpusPath } : undefined,
      );
    },
  };
}

/** Indexes README.md + docs/ (or takes `corpus`) into a temp corpus and bundles worker/index.ts against it. */
export async function bundleWorker(corpus?: DocsCorpus): Promise<WorkerBundle> {
  const dir = await mkdtemp(join(tmpdir(), "frameline-worker-"));
  try {
    const corpusPath = join(dir, "corpus.json");
    if (corpus) await writeCorpusModule(corpus, corpusPath);
    else await indexCommand({ out: corpusPath, projectRoot: PROJECT_ROOT });
    const scriptPath = join(dir, "worker.mjs");
    await build({
      ...WORKERD_BUILD,
      entryPoints: [join(PROJECT_ROOT, "worker", "index.ts")],
      outfile: scriptPath,
      plugins: [corpusRedirect(corpusPath)],
    });
    return { dir, scriptPath, corpusPath, cleanup: () => rm(dir, { recursive: true, force: true }) };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

// Builds the ask Worker (worker/ask/index.ts) for workerd the way wrangler would: one ES module bundled by
// esbuild, the MCP SDK included, into a temp dir.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { WORKERD_BUILD } from "../worker/bundle.ts";
import { PROJECT_ROOT } from "../project-root.ts";

/** The ask Worker, bundled. */
export interface AskBundle {
  readonly dir: string;
  readonly scriptPath: string;
  /** The bundle's size in bytes. */
  readonly bytes: number;
  cleanup(): Promise<void>;
}

/** Bundles worker/ask/index.ts into a temp dir. */
export async function bundleAskWorker(): Promise<AskBundle> {
  const dir = await mkdtemp(join(tmpdir(), "frameline-ask-"));
  try {
    const scriptPath = join(dir, "ask.mjs");
    const result = await build({
      ...WORKERD_BUILD,
      entryPoints: [join(PROJECT_ROOT, "worker", "ask", "index.ts")],
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

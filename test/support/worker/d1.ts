// A local D1 database (Miniflare's, the one `wrangler dev` runs), bound as DOCS_DB, optionally to the real
// Worker bundle; written by the same statements `frameline index DIR --d1 NAME` sends through
// `wrangler d1 execute` (here through the binding).
import { Miniflare } from "miniflare";
import { d1Update, runStatements } from "../../../src/docs/d1/write.ts";
import type { CorpusFile, D1DocsDatabase } from "../../../src/docs/index.ts";
import type { WorkerBundle } from "./bundle.ts";

/** A Miniflare with one D1 database bound as DOCS_DB. Dispose it in `after`. */
export interface LocalD1 {
  readonly mf: Miniflare;
  readonly db: D1DocsDatabase;
  dispose(): Promise<void>;
}

const NO_WORKER = "export default { fetch() { return new Response(null, { status: 404 }) } }";

/** Starts Miniflare, in memory, with an empty D1 database bound as DOCS_DB, serving `worker` (the bundle) when given. */
export async function localD1(worker?: { bundle: WorkerBundle; bindings: Record<string, string> }): Promise<LocalD1> {
  const mf = new Miniflare({
    modules: true,
    ...(worker
      ? { scriptPath: worker.bundle.scriptPath, modulesRoot: worker.bundle.dir, bindings: worker.bindings }
      : { script: NO_WORKER }),
    compatibilityDate: "2026-05-01",
    d1Databases: { DOCS_DB: "frameline-docs" },
    host: "127.0.0.1",
  });
  try {
    const db = (await mf.getD1Database("DOCS_DB")) as unknown as D1DocsDatabase;
    return { mf, db, dispose: () => mf.dispose() };
  } catch (error) {
    await mf.dispose();
    throw error;
  }
}

/** Writes `files` into an empty database; returns the number of statements run. */
export async function writeCorpus(db: D1DocsDatabase, files: readonly CorpusFile[]): Promise<number> {
  const update = await d1Update([], files);
  await runStatements(db as never, update.statements);
  return update.statements.length;
}

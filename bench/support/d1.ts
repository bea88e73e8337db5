// A local D1 database (Miniflare's, the one `wrangler dev` runs) holding a corpus, written by the same
// statements `frameline index DIR --d1 NAME` sends through `wrangler d1 execute`.
import { Miniflare } from "miniflare";
import type { CorpusFile, D1DocsDatabase } from "../../src/docs/index.ts";
import { d1Update, runStatements } from "../../src/docs/d1/write.ts";

/** A Miniflare with one D1 database (binding DOCS_DB), in memory unless `persist` names a folder. */
export interface LocalD1 {
  readonly mf: Miniflare;
  readonly db: D1DocsDatabase;
  dispose(): Promise<void>;
}

/** Starts Miniflare with an empty D1 database bound as DOCS_DB. */
export async function localD1(persist?: string): Promise<LocalD1> {
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 404 }) } }",
    d1Databases: { DOCS_DB: "frameline-docs" },
    ...(persist ? { d1Persist: persist } : {}),
    host: "127.0.0.1",
  });
  const db = (await mf.getD1Database("DOCS_DB")) as unknown as D1DocsDatabase;
  return { mf, db, dispose: () => mf.dispose() };
}

/** Writes `files` into an empty database; returns the number of statements run. */
export async function writeCorpus(db: D1DocsDatabase, files: readonly CorpusFile[]): Promise<number> {
  const update = await d1Update([], files);
  await runStatements(db as never, update.statements);
  return update.statements.length;
}

// A local D1 database (Miniflare's, the one `wrangler dev` runs), bound as DOCS_DB, optionally to the real
// Worker bundle. It is written by the statements `frameline index DIR --d1 NAME` sends through
// `wrangler d1 execute`, run here inside workerd by a small writer Worker bound to the same database (one
// request per batch; through Miniflare's binding proxy from Node every statement would be a round trip).
import { Miniflare } from "miniflare";
import { type CorpusFile, type D1DocsDatabase, d1Update, type Statement } from "../lib.ts";
import type { WorkerBundle } from "./bundle.ts";
import { bundledWorker, COMPATIBILITY_DATE } from "./http.ts";

/** A Miniflare with one D1 database bound as DOCS_DB. Dispose it in `after`. */
export interface LocalD1 {
  readonly mf: Miniflare;
  readonly db: D1DocsDatabase;
  /** Runs statements in order, inside workerd, one transaction per batch. */
  run(statements: readonly Statement[]): Promise<void>;
  dispose(): Promise<void>;
}

const NO_WORKER = "export default { fetch() { return new Response(null, { status: 404 }) } }";
const WRITER = `export default {
  async fetch(request, env) {
    const statements = await request.json();
    try {
      await env.DOCS_DB.batch(statements.map((s) => env.DOCS_DB.prepare(s.sql).bind(...s.params)));
      return new Response("ok");
    } catch (error) {
      return new Response(String(error?.message ?? error), { status: 500 });
    }
  },
};`;
/** Statements and bytes of SQL values sent to the writer per batch. */
const BATCH_STATEMENTS = 2_000;
const BATCH_BYTES = 8 * 1024 * 1024;

/** Starts Miniflare, in memory (or persisted under `persist`), with an empty D1 database bound as DOCS_DB, serving `worker` (the bundle) when given. */
export async function localD1(
  worker?: { bundle: WorkerBundle; bindings: Record<string, string> },
  persist?: string,
): Promise<LocalD1> {
  const d1Databases = { DOCS_DB: "frameline-docs" };
  const mf = new Miniflare({
    workers: [
      {
        name: "docs",
        ...(worker
          ? { ...bundledWorker(worker.bundle), bindings: worker.bindings }
          : { modules: true, script: NO_WORKER, compatibilityDate: COMPATIBILITY_DATE }),
        d1Databases,
      },
      { name: "d1-writer", modules: true, script: WRITER, compatibilityDate: COMPATIBILITY_DATE, d1Databases },
    ],
    ...(persist ? { d1Persist: persist } : {}),
    host: "127.0.0.1",
  });
  try {
    const db = (await mf.getD1Database("DOCS_DB")) as unknown as D1DocsDatabase;
    const writer = await mf.getWorker("d1-writer");
    const send = async (batch: readonly Statement[]) => {
      const response = await writer.fetch("http://writer/", { method: "POST", body: JSON.stringify(batch) });
      const text = await response.text();
      if (!response.ok) throw new Error(`D1 batch failed: ${text}`);
    };
    const run = async (statements: readonly Statement[]) => {
      let batch: Statement[] = [];
      let bytes = 0;
      for (const statement of statements) {
        const size = statement.params.reduce<number>((sum, p) => sum + String(p).length, statement.sql.length);
        if (batch.length > 0 && (batch.length === BATCH_STATEMENTS || bytes + size > BATCH_BYTES)) {
          await send(batch);
          [batch, bytes] = [[], 0];
        }
        batch.push(statement);
        bytes += size;
      }
      if (batch.length > 0) await send(batch);
    };
    return { mf, db, run, dispose: () => mf.dispose() };
  } catch (error) {
    await mf.dispose();
    throw error;
  }
}

/** Writes `files` into the (empty) database; returns the number of statements run. */
export async function writeCorpus(d1: LocalD1, files: readonly CorpusFile[]): Promise<number> {
  const update = await d1Update([], files);
  await d1.run(update.statements);
  return update.statements.length;
}

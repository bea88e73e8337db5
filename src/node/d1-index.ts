/**
 * `frameline index DIR --d1 NAME`: the corpus written into a D1 database,
 * incrementally (spec §1.8, §1.14): what the database holds is read first,
 * and only new, edited or removed documents (and those linking to a document
 * added or removed) are re-chunked and rewritten, in one transaction.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { d1Update, STORED_DOCUMENTS, type StoredDocument } from "../docs-provider/d1/write.ts";
import { sqlText } from "../docs-provider/d1/sql-text.ts";
import type { CorpusFile } from "../docs-provider/index.ts";
import { count } from "../conformance/evidence.ts";
import { type D1Target, executeD1File, queryD1 } from "./wrangler-d1.ts";

/** What one D1 update did. */
interface D1IndexSummary {
  readonly written: number;
  readonly removed: number;
  readonly unchanged: number;
  readonly chunks: number;
}

/** Writes `files` into the D1 database of `target`, changing only what changed; nothing is run when nothing did. */
export async function indexIntoD1(files: readonly CorpusFile[], target: D1Target): Promise<D1IndexSummary> {
  const stored = await queryD1<StoredDocument>(target, STORED_DOCUMENTS);
  const update = await d1Update(stored, files);
  const summary = {
    written: update.written.length,
    removed: update.removed.length,
    unchanged: update.unchanged,
    chunks: update.chunks,
  };
  if (stored.length > 0 && summary.written === 0 && summary.removed === 0) return summary;
  const dir = await mkdtemp(join(tmpdir(), "frameline-d1-"));
  try {
    const file = join(dir, "update.sql");
    await writeFile(file, sqlText(update.statements), "utf8");
    await executeD1File(target, file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return summary;
}

/** The summary as one line: `3 documents written (41 chunks), 1 removed, 12 unchanged`. */
export function summaryLine(summary: D1IndexSummary): string {
  const written = `${count(summary.written, "document")} written (${count(summary.chunks, "chunk")})`;
  return `${written}, ${summary.removed} removed, ${summary.unchanged} unchanged`;
}

/**
 * `docsProvider`: the example CGP provider over a docs corpus (spec §4.13,
 * §5.5), served unchanged by the Worker (HTTP) and the CLI (stdio).
 */
import type { Signer } from "../attest/signer.ts";
import type { ContextQuery } from "../protocol/query.ts";
import { defineProvider } from "../provider/define.ts";
import type { CandidateFrame, Provider } from "../provider/definition.ts";
import { bm25Index } from "./bm25.ts";
import { lineRangeLabel } from "./lines.ts";
import { rankChunks } from "./rank.ts";
import type { DocsChunk, DocsCorpus } from "./schema.ts";

/** The provider name when none is given: the provider id in every commitment (spec §3.6). */
export const DOCS_PROVIDER_NAME = "docs";
/** The provider version when none is given (H2: non-empty). */
export const DOCS_PROVIDER_VERSION = "0.1.0";

/** Options for `docsProvider`. */
export interface DocsProviderOptions {
  /** `provider.name` (default `docs`). */
  readonly name?: string;
  /** `provider.version` (default `DOCS_PROVIDER_VERSION`). */
  readonly version?: string;
  /** Signs every result and publishes its key (spec §3.10). */
  readonly signer?: Signer;
}

/** The lexical text of a query: `query_text` and `goal` together (spec §1.6). */
export function queryText(query: Pick<ContextQuery, "query_text" | "goal">): string {
  return [query.query_text, query.goal].filter((part) => part !== undefined).join("\n");
}

/**
 * A chunk as a candidate frame (spec §1.8): title = heading trail (F2),
 * content = the chunk's exact lines, `uri` = its document, citation label
 * `<path> L<a>-<b>` (F3), one `file` provenance link naming those lines and
 * their digest (F5), and the chunk's relations (G1, G2). The kit adds
 * `token_cost` and `content_digest` (B3, D1).
 */
export function chunkFrame(chunk: DocsChunk, score: number, providerName: string): CandidateFrame {
  const range = lineRangeLabel(chunk.start, chunk.end);
  return {
    id: chunk.id,
    kind: chunk.kind,
    title: chunk.trail,
    content: chunk.text,
    uri: chunk.uri,
    score,
    provenance: [{ type: "file", uri: chunk.uri, range, digest: chunk.digest, method: "file-read", by: providerName }],
    citation_label: `${chunk.path} ${range}`,
    ...(chunk.relations.length === 0 ? {} : { relations: chunk.relations.map((relation) => ({ ...relation })) }),
  };
}

/**
 * The docs provider (spec §4.13, §5.5): kinds `doc` and `snippet`, correlation,
 * graph and verify; reads local files only (`egress: false`, `local-only`).
 * `query` ranks chunks by BM25 over `query_text` and `goal` with anchored
 * chunks first (see `rankChunks`; F1, G3, G4); the kit then filters kinds
 * (Q1), packs the budget (B1, B4) and signs when `signer` is set. `verify`
 * answers a chunk's current digest, or `gone` for an id the corpus does not
 * have (V2–V4).
 *
 * @example
 * const provider = docsProvider(readCorpus(corpusJson), { signer });
 * await handleLine(provider, line, session);
 */
export function docsProvider(corpus: DocsCorpus, options: DocsProviderOptions = {}): Provider {
  const name = options.name ?? DOCS_PROVIDER_NAME;
  const chunks = corpus.chunks;
  const index = bm25Index(chunks.map((chunk) => `${chunk.trail}\n${chunk.text}`));
  const digests = new Map(chunks.map((chunk) => [chunk.id, chunk.digest]));
  return defineProvider({
    info: {
      name,
      version: options.version ?? DOCS_PROVIDER_VERSION,
      data_flow: { reads: true, writes: false, egress: false, egress_scopes: ["local-only"] },
    },
    capabilities: { query: { kinds: ["doc", "snippet"] }, correlation: true, graph: true, verify: true },
    query: (query) =>
      rankChunks(chunks, index, queryText(query), query.anchors ?? []).map((ranked) =>
        chunkFrame(chunks[ranked.chunkIndex]!, ranked.score, name),
      ),
    verify: (frameId) => {
      const digest = digests.get(frameId);
      return digest === undefined ? "gone" : { digest };
    },
    ...(options.signer ? { signer: options.signer } : {}),
  });
}

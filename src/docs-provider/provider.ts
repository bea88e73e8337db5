/**
 * `docsProvider`: the example CGP provider over a docs corpus (spec §4.13,
 * §5.5), served unchanged by the Worker (HTTP) and the CLI (stdio).
 */
import type { Signer } from "../attest/signer.ts";
import { defineProvider } from "../provider/define.ts";
import type { CandidateFrame, Provider } from "../provider/definition.ts";
import { type D1DocsDatabase, d1Store } from "./d1/store.ts";
import { lineRangeLabel } from "./lines.ts";
import { memoryStore } from "./memory-store.ts";
import type { DocsChunk, DocsCorpus } from "./schema.ts";
import { selectChunks } from "./select.ts";
import type { ChunkPlace, DocsStore } from "./store.ts";

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

/** The `file` provenance link of a chunk's lines and their digest (spec §1.8, F5). */
function fileLink(chunk: ChunkPlace, providerName: string) {
  const range = lineRangeLabel(chunk.start, chunk.end);
  return { type: "file", uri: chunk.uri, range, digest: chunk.digest, method: "file-read", by: providerName };
}

/**
 * A chunk as a candidate frame (spec §1.8): title = heading trail (F2),
 * content = the chunk's exact lines, `uri` = its document, citation label
 * `<path> L<a>-<b>` (F3), a `file` provenance link naming those lines and
 * their digest (F5), then one per other place with the same bytes
 * (`sameContent`, so identical content is served once), and the chunk's
 * relations (G1, G2). The kit adds `token_cost` and `content_digest` (B3, D1).
 */
export function chunkFrame(
  chunk: DocsChunk,
  score: number,
  providerName: string,
  sameContent: readonly ChunkPlace[] = [],
): CandidateFrame {
  const own = fileLink(chunk, providerName);
  return {
    id: chunk.id,
    kind: chunk.kind,
    title: chunk.trail,
    content: chunk.text,
    uri: chunk.uri,
    score,
    provenance: [own, ...sameContent.map((other) => fileLink(other, providerName))],
    citation_label: `${chunk.path} ${own.range}`,
    ...(chunk.relations.length === 0 ? {} : { relations: chunk.relations.map((relation) => ({ ...relation })) }),
  };
}

/** Whether a source is a D1 database rather than a corpus. */
function isDatabase(source: DocsCorpus | D1DocsDatabase): source is D1DocsDatabase {
  return typeof (source as Partial<D1DocsDatabase>).prepare === "function";
}

/**
 * The docs provider (spec §4.13, §5.5) over a corpus (bundled: its stored
 * search index is loaded, or built when it has none) or a D1 database written
 * by `frameline index DIR --d1 NAME` (its FTS5 table). Kinds `doc` and
 * `snippet`, correlation, graph and verify; reads local files only
 * (`egress: false`, `local-only`). `query` scores chunks on an absolute scale
 * with anchored chunks first and each content once (see `selectChunks`; F1,
 * G3, G4, D2); the kit then filters kinds (Q1), packs the budget (B1, B4) and
 * signs when `signer` is set. `verify` answers a chunk's current digest, or
 * `gone` for an id the corpus does not have (V2–V4). The frames, digests and
 * verify answers for a chunk are the same from both sources.
 *
 * @example
 * const provider = docsProvider(readCorpus(corpusJson), { signer });
 * const fromD1 = docsProvider(env.DOCS_DB, { signer });
 */
export function docsProvider(source: DocsCorpus | D1DocsDatabase, options: DocsProviderOptions = {}): Provider {
  const name = options.name ?? DOCS_PROVIDER_NAME;
  const store: DocsStore = isDatabase(source) ? d1Store(source) : memoryStore(source);
  return defineProvider({
    info: {
      name,
      version: options.version ?? DOCS_PROVIDER_VERSION,
      data_flow: { reads: true, writes: false, egress: false, egress_scopes: ["local-only"] },
    },
    capabilities: { query: { kinds: ["doc", "snippet"] }, correlation: true, graph: true, verify: true },
    query: async (query) =>
      (await selectChunks(store, query)).map((chosen) =>
        chunkFrame(chosen.chunk, chosen.score, name, chosen.sameContent),
      ),
    verify: async (frameId) => {
      const digest = await store.digest(frameId);
      return digest === undefined ? "gone" : { digest };
    },
    ...(options.signer ? { signer: options.signer } : {}),
  });
}

/**
 * The bundled corpus as a `DocsStore`: chunks in memory, searched through its
 * stored index (loaded, not rebuilt; spec §1.6, §1.8).
 */
import type { DocsChunk, DocsCorpus } from "./schema.ts";
import { loadSearchIndex } from "./search-index.ts";
import type { ChunkKind, DocsStore } from "./store.ts";

/** G4: a chunk is anchored when its `uri` or a relation's `target_uri` equals an anchor. */
function isAnchored(chunk: Pick<DocsChunk, "uri" | "relations">, anchors: ReadonlySet<string>): boolean {
  return anchors.has(chunk.uri) || chunk.relations.some((relation) => anchors.has(relation.target_uri));
}

/** Chunk positions by digest, for the digests more than one chunk has. */
function sharedDigests(chunks: readonly DocsChunk[]): Map<string, number[]> {
  const byDigest = new Map<string, number[]>();
  chunks.forEach((chunk, i) => {
    const list = byDigest.get(chunk.digest);
    if (list) list.push(i);
    else byDigest.set(chunk.digest, [i]);
  });
  for (const [digest, list] of byDigest) if (list.length === 1) byDigest.delete(digest);
  return byDigest;
}

/**
 * A store over `corpus`: its stored search index is loaded (or, when it has
 * none, one is built now); throws `DocsCorpusError` for an index that cannot
 * serve it.
 */
export function memoryStore(corpus: DocsCorpus): DocsStore {
  const chunks = corpus.chunks;
  const index = loadSearchIndex(chunks, corpus.index);
  const digests = new Map(chunks.map((chunk) => [chunk.id, chunk.digest]));
  const shared = sharedDigests(chunks);
  const ofKinds = (kinds: readonly ChunkKind[]) => (i: number) => kinds.includes(chunks[i]!.kind);
  const placesOf = (wanted: readonly string[], limit: number) =>
    [...new Set(wanted)].flatMap((digest) => (shared.get(digest) ?? []).slice(0, limit).map((i) => chunks[i]!));
  return {
    async search(terms, kinds, limit, places) {
      const found = index.search(terms, ofKinds(kinds), limit);
      const hits = found.hits.map(({ chunkIndex, ...hit }) => ({ ...hit, chunk: chunks[chunkIndex]! }));
      const sameContent = placesOf(
        hits.map((hit) => hit.chunk.digest),
        places,
      );
      return { hits, documentFrequency: found.documentFrequency, chunkCount: chunks.length, sameContent };
    },
    async anchored(anchors, kinds, limit) {
      const set = new Set(anchors);
      const out: DocsChunk[] = [];
      for (const chunk of chunks) {
        if (out.length === limit) break;
        if (kinds.includes(chunk.kind) && isAnchored(chunk, set)) out.push(chunk);
      }
      return out;
    },
    async sameContent(wanted, limit) {
      return placesOf(wanted, limit);
    },
    async digest(id) {
      return digests.get(id);
    },
  };
}

/**
 * `flood-frames` (spec §5.2, B4): 64 frames for a query that allows 8, each
 * honest and cheap: one line of a document, with its own exact cost, digest
 * and `file` provenance naming that line, verifiable by `verify`. Only the
 * frame count lies.
 */
import { contentDigest } from "../attest/hash.ts";
import { budgetTokens } from "../protocol/checks/budget.ts";
import type { ContextQuery } from "../protocol/query.ts";
import type { CandidateFrame, ProviderDefinition } from "../provider/definition.ts";
import { splitLines } from "../docs-provider/lines.ts";
import { chunkFrame } from "../docs-provider/provider.ts";
import type { DocsChunk } from "../docs-provider/schema.ts";
import { type Fixture, type Misbehaviour, rewriteQuery } from "./misbehaviour.ts";

/** How many frames the flood returns. */
const FLOOD_FRAMES = 64;

/** A line frame's id: its chunk's id and its line number. */
const lineId = (chunk: DocsChunk, line: number) => `${chunk.id}:L${line}`;

/** The chunk and line a line frame's id names, if it names one. */
function parseLineId(byId: ReadonlyMap<string, DocsChunk>, id: string): { chunk: DocsChunk; text: string } | undefined {
  const at = id.lastIndexOf(":L");
  const chunk = at === -1 ? undefined : byId.get(id.slice(0, at));
  const line = Number(id.slice(at + 2));
  if (!chunk || !Number.isSafeInteger(line) || line < chunk.start || line > chunk.end) return undefined;
  const text = splitLines(chunk.text)[line - chunk.start];
  return text === undefined ? undefined : { chunk, text };
}

/** One line of a chunk as a frame of its own (spec §1.8): its text, its range, its digest. */
async function lineFrame(chunk: DocsChunk, line: number, text: string, score: number, name: string) {
  const digest = await contentDigest(text);
  const single = { ...chunk, id: lineId(chunk, line), start: line, end: line, text, digest };
  return chunkFrame({ ...single, trail: `${chunk.trail} (line ${line})` }, score, name);
}

/** The cheapest lines of the ranked chunks first, then of the rest of the corpus: at most `FLOOD_FRAMES`. */
async function floodFor(
  query: ContextQuery,
  ranked: readonly CandidateFrame[],
  byId: ReadonlyMap<string, DocsChunk>,
  fixture: Fixture,
) {
  const scored = [
    ...ranked.flatMap((frame) => (byId.has(frame.id) ? [{ chunk: byId.get(frame.id)!, score: frame.score }] : [])),
    ...fixture.corpus.chunks.map((chunk) => ({ chunk, score: 0 })),
  ];
  const cheap = Math.max(1, Math.floor(query.max_tokens / FLOOD_FRAMES));
  const frames: CandidateFrame[] = [];
  const seen = new Set<string>();
  for (const { chunk, score } of scored) {
    for (const [i, text] of splitLines(chunk.text).entries()) {
      const id = lineId(chunk, chunk.start + i);
      if (frames.length === FLOOD_FRAMES) return frames;
      if (seen.has(id) || text.trim() === "" || budgetTokens(text) > cheap) continue;
      seen.add(id);
      frames.push(await lineFrame(chunk, chunk.start + i, text, score, fixture.name));
    }
  }
  return frames;
}

/** The flood: queries allow 64 frames, the handler answers with line frames, and `verify` knows them. */
export const floodFrames: Misbehaviour = {
  request: rewriteQuery((query) => ({ ...query, max_frames: FLOOD_FRAMES })),
  definition: (definition: ProviderDefinition, fixture) => {
    const byId = new Map(fixture.corpus.chunks.map((chunk) => [chunk.id, chunk]));
    return {
      ...definition,
      query: async (query, context) => floodFor(query, await definition.query(query, context), byId, fixture),
      verify: async (frameId) => {
        const line = parseLineId(byId, frameId);
        return line ? { digest: await contentDigest(line.text) } : definition.verify?.(frameId);
      },
    };
  },
};

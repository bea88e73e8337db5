// A small provider for binding tests.
import { type CandidateFrame, defineProvider, type ProviderDefinition } from "../../src/index.ts";

/** A frame candidate with sensible defaults. */
export function candidate(id: string, content: string, extra: Partial<CandidateFrame> = {}): CandidateFrame {
  return { id, kind: "doc", title: id, content, score: 0.5, citation_label: id, ...extra };
}

/** The "echo" provider: answers every query with one frame naming the query's goal. */
export function echoProvider(extra: Partial<ProviderDefinition> = {}) {
  return defineProvider({
    info: { name: "echo", version: "1.0.0", data_flow: { reads: true } },
    capabilities: { query: { kinds: ["doc"] }, correlation: true, verify: true },
    query: (query) => [candidate(`echo:${query.goal}`, `you asked: ${query.goal}`)],
    verify: () => "gone",
    ...extra,
  });
}

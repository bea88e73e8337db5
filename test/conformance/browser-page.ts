// Runs in Chromium: the conformance suite in the page, as the playground's "Run conformance" panel will
// run it: against an in-page provider, a Web Worker on a stream pair, and an HTTP provider of the same
// origin, with progress streamed per check; and the host suite against the page's own Host. It reports
// on window.__frameline; the node test (browser.test.ts) asserts on it.
import {
  type ConformanceReport,
  docsProvider,
  misbehavingDocsProvider,
  passed,
  type ProgressEvent,
  readCorpus,
  runConformance,
  runHostConformance,
  signerFromSeed,
  type StreamTarget,
} from "../support/lib.ts";

/** A target that starts a Web Worker per connection, bridged to a stream pair over postMessage. */
function workerTarget(mode?: string): StreamTarget {
  return {
    kind: "stream",
    label: `web worker${mode ? ` --misbehave ${mode}` : ""}`,
    open: async () => {
      const worker = new Worker(`/worker.js${mode ? `?mode=${mode}` : ""}`, { type: "module" });
      let ended!: () => void;
      const end = new Promise<void>((resolve) => (ended = resolve));
      const readable = new ReadableStream<Uint8Array>({
        start(controller) {
          worker.onmessage = (event) => {
            if (event.data !== null) return controller.enqueue(new Uint8Array(event.data));
            controller.close();
            ended();
          };
        },
      });
      const writable = new WritableStream<Uint8Array>({
        write: (chunk) => worker.postMessage(chunk),
        close: () => worker.postMessage(null),
      });
      void end.then(() => worker.terminate());
      return { readable, writable, terminate: () => worker.terminate() };
    },
  };
}

/** A run with its progress events kept, in the form the panel streams them. */
async function observed(run: (onProgress: (event: ProgressEvent) => void) => Promise<ConformanceReport>) {
  const events: string[] = [];
  const report = await run((event) =>
    events.push(event.type === "started" ? `+${event.name}` : `-${event.check.name}`),
  );
  const exported = JSON.parse(JSON.stringify(report));
  return { report: exported, events, passed: passed(report) };
}

async function scenarios() {
  const corpus = readCorpus(await (await fetch("/corpus.json")).json());
  const signer = await signerFromSeed("2a".repeat(32), { keyId: "page", attesterId: "docs" });
  const inPage = { kind: "in-page" as const, label: "docs in the page", provider: docsProvider(corpus, { signer }) };
  const liar = {
    kind: "in-page" as const,
    label: "lying-costs",
    provider: misbehavingDocsProvider(corpus, "lying-costs"),
  };
  return {
    inPage: await observed((onProgress) => runConformance(inPage, { onProgress })),
    inPageLiar: await observed((onProgress) => runConformance(liar, { onProgress })),
    worker: await observed((onProgress) => runConformance(workerTarget(), { onProgress })),
    workerLift: await observed((onProgress) => runConformance(workerTarget("lift-signature"), { onProgress })),
    http: await observed((onProgress) =>
      runConformance({ kind: "http", url: `${location.origin}/contextgraph` }, { onProgress }),
    ),
    host: await observed((onProgress) => runHostConformance(undefined, { onProgress })),
  };
}

declare global {
  interface Window {
    __frameline?: { results?: unknown; error?: string };
  }
}

scenarios().then(
  (results) => (window.__frameline = { results }),
  (error) => (window.__frameline = { error: `${error?.name}: ${error?.message}\n${error?.stack}` }),
);

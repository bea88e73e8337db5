/**
 * The in-page provider: the docs provider (spec §4.13) in a Web Worker, over
 * this repo's README and docs/ as indexed at build time, signing with a dev
 * key generated at build time, so the playground works with the network off.
 * The page hands it its end of a link to the host Worker (`link`); over it the
 * host opens each session on a port of its own (`serve`), NDJSON both ways.
 */
import { signerFromSeed } from "../../src/attest/index.ts";
import { docsProvider, readCorpus } from "../../src/docs-provider/index.ts";
import { messagePortStreams } from "../../src/host/index.ts";
import { serveStream } from "../../src/provider/index.ts";
import { NdjsonDecoderStream } from "../../src/wire/index.ts";
import corpusJson from "playground:corpus";
import devSeedHex from "playground:dev-seed";
import type { ProviderControl, ProviderEvent, ProviderLink } from "../shared/messages.ts";
import { countersign, TamperDesk } from "./countersign.ts";

declare const self: DedicatedWorkerGlobalScope;

const post = (event: ProviderEvent) => self.postMessage(event);
const desk = new TamperDesk((order) => post({ type: "tampered", frameId: order.frameId, kind: order.kind }));

const ready = (async () => {
  const signer = await signerFromSeed(devSeedHex, {
    keyId: (publicKey) => `in-page-${publicKey.slice(0, 8)}`,
    attesterId: "in-page docs",
  });
  const provider = docsProvider(readCorpus(corpusJson), { signer });
  return { provider, signer };
})();

// The page starts this Worker as soon as it has loaded, so it works with the network off later: say when it can serve.
void ready.then(() => post({ type: "ready" }));

/** Serves one connection on `port` until the host says shutdown or the port ends. */
async function serve(port: MessagePort): Promise<void> {
  const { provider, signer } = await ready;
  const streams = messagePortStreams(port);
  const replies = new NdjsonDecoderStream();
  const piped = replies.readable.pipeThrough(countersign(provider.info.name, signer, desk)).pipeTo(streams.writable);
  await serveStream(provider, { readable: streams.readable, writable: replies.writable });
  await piped.catch(() => undefined);
}

self.onmessage = (event: MessageEvent<ProviderControl>) => {
  const message = event.data;
  if (message.type === "link")
    message.port.onmessage = (opened: MessageEvent<ProviderLink>) => void serve(opened.data.port);
  else desk.arm(message);
};

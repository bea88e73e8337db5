// A consumer's Worker, bundled from the installed package: the docs provider over a corpus built in the
// Worker, signed with the SEED binding, served by the HTTP binding at /contextgraph.
import { signerFromSeed } from "frameline/attest";
import { buildCorpus, docsProvider } from "frameline/docs";
import { createProviderApp } from "frameline/provider";

const GUIDE =
  "# Guide\n\n## Signing\n\nEvery answer is signed with the Worker's key.\n\n## Budgets\n\nAnswers fit the budget.\n";
let app;

async function createApp(env) {
  const corpus = await buildCorpus([{ path: "guide.md", text: GUIDE }]);
  const signer = await signerFromSeed(env.SEED, { keyId: "worker-1", attesterId: "worker" });
  return createProviderApp(docsProvider(corpus, { name: "consumer-docs", signer }));
}

export default {
  async fetch(request, env) {
    app ??= createApp(env);
    return (await app).fetch(request);
  },
};

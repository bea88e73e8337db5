// Bundled into a Worker and run in workerd (workerd.test.ts): the provider suite against a docs provider
// in the same isolate (in-page, and on an in-memory stream pair so the wire-level probes run), a
// misbehaving twin, and the host suite against the isolate's own Host. Answers with the three reports.
import {
  buildCorpus,
  docsProvider,
  misbehavingDocsProvider,
  runConformance,
  runHostConformance,
} from "../support/lib.ts";
import { kitTarget } from "../support/conformance/peers.ts";

const GUIDE = `# Guide

The conformance probe returns your most relevant frames, see [notes](notes.md).

## Budgets

Frames fit the budget.

\`\`\`sh
frameline inspect stdio -- node provider.js
\`\`\`
`;
const NOTES = "# Notes\n\nA conformance probe of notes.\n";

export default {
  async fetch(): Promise<Response> {
    const corpus = await buildCorpus([
      { path: "guide.md", text: GUIDE },
      { path: "notes.md", text: NOTES },
    ]);
    const provider = docsProvider(corpus);
    return Response.json({
      inPage: await runConformance({ kind: "in-page", label: "docs in workerd", provider }),
      stream: await runConformance(kitTarget(provider, "stream pair in workerd")),
      liar: await runConformance({
        kind: "in-page",
        label: "lying-costs",
        provider: misbehavingDocsProvider(corpus, "lying-costs"),
      }),
      host: await runHostConformance(),
    });
  },
};

/**
 * The playground's host, in a Web Worker: it holds the connection, the
 * consent gate and every signature check, so a 1,000-frame answer is verified
 * without a long task on the page's main thread. The page sends requests
 * (`HostRequest`) and gets replies and events (`HostMessage`).
 */
import { defaultEngine } from "../../src/attest/index.ts";
import { ConsentStore, type ConsentState, memoryConsentStorage } from "../../src/host/index.ts";
import type { AnswerView, HostInit, HostMessage, HostMethods, HostRequest } from "../shared/messages.ts";
import { PlaygroundError } from "../shared/playground-error.ts";
import { suiteChunk, toolsChunk, warm } from "./chunks.ts";
import { ConformanceRuns } from "./conformance.ts";
import { errorView, resetCspWatch, watchCsp } from "./errors.ts";
import { InPageLink } from "./in-page-link.ts";
import { Session } from "./session.ts";

declare const self: DedicatedWorkerGlobalScope;

const post = (message: HostMessage) => self.postMessage(message);

/** Consent lives in the page's Web Storage; here it is held in memory and every change is handed back to be saved. */
function consentStore(initial: ConsentState): ConsentStore {
  const memory = memoryConsentStorage(initial);
  return new ConsentStore({
    load: () => memory.load(),
    save: (state) => {
      memory.save(state);
      post({ event: "consent", state });
    },
  });
}

/** Frames per message: a slice is received by the page in a few milliseconds. */
const FRAMES_PER_MESSAGE = 50;

/** Posts a large answer's frames ahead of its reply, in slices; the page puts them back (web/src/rpc.ts). */
function inSlices(view: AnswerView): AnswerView {
  if (view.frames.length <= FRAMES_PER_MESSAGE) return view;
  for (let i = 0; i < view.frames.length; i += FRAMES_PER_MESSAGE)
    post({ event: "frames", answer: view.answer, frames: view.frames.slice(i, i + FRAMES_PER_MESSAGE) });
  return { ...view, frames: [] };
}

/** One handler per method. */
type Handlers = {
  [M in keyof HostMethods]: (
    params: HostMethods[M]["params"],
  ) => Promise<HostMethods[M]["result"]> | HostMethods[M]["result"];
};

function handlers(session: Session, runs: ConformanceRuns): Handlers {
  return {
    connect: ({ target, pinned, handshakeTimeoutMs }) => session.connect(target, pinned, handshakeTimeoutMs),
    link: ({ port }) => {
      session.link.attach(port);
      return null;
    },
    providerGone: () => {
      runs.providerGone();
      return session.providerGone();
    },
    pin: ({ keys }) => session.pin(keys),
    query: async ({ input }) => {
      const reply = await session.query(input);
      return reply.outcome === "answered" ? { ...reply, answer: inSlices(reply.answer) } : reply;
    },
    grant: ({ scope }) => session.grant(scope),
    revoke: () => session.revoke(),
    verify: async () => {
      const held = session.latestLive().leg.frames.map((f) => f.frameId);
      const revalidation = await session.verifyFrames(held);
      return (await toolsChunk()).revalidationView(held, revalidation);
    },
    compose: async ({ answer, budgetTokens }) => {
      const kept = session.answer(answer);
      if (!kept.leg)
        throw new PlaygroundError("nothing_to_compose", "the host dropped this answer: it has no frames to compose");
      return (await toolsChunk()).composeView({ ...kept, leg: kept.leg }, budgetTokens);
    },
    path: async ({ answer, frame }) => (await toolsChunk()).pathView(session.answer(answer), frame),
    exportSession: async () => ({
      ndjson: session.transcript.text(),
      verdicts: (await toolsChunk()).verdictsJson(session.answers, !session.transcript.truncated),
    }),
    wire: ({ from }) => session.transcript.entries.slice(from),
    warm,
    importTranscript: async ({ bytes }) => {
      const view = await (await toolsChunk()).importTranscript(session, bytes);
      return { ...view, answers: view.answers.map(inSlices) };
    },
    conformance: (params) => runs.run(params),
    cancelConformance: ({ run }) => runs.cancel(run),
  };
}

/** The methods answered at once, beside the queue. */
const UNQUEUED = new Set<HostRequest["method"]>(["link", "providerGone", "conformance", "cancelConformance", "warm"]);

async function start(init: HostInit): Promise<void> {
  watchCsp(self);
  const engine = (await defaultEngine()).name;
  const link = new InPageLink();
  const session = new Session(consentStore(init.consent), engine, link);
  const table = handlers(session, new ConformanceRuns(post, suiteChunk, () => link.open()));
  const answer = async ({ id, method, params }: HostRequest) => {
    if (method === "connect" || method === "query") resetCspWatch();
    try {
      const handler = table[method] as (p: typeof params) => unknown;
      post({ id, ok: true, value: await handler(params) });
    } catch (error) {
      post({ id, ok: false, error: await errorView(error, session.url) });
    }
  };
  // One request at a time, in order, so no two share the session's state; except the in-page provider's
  // link and the news that it died, which must reach a request that waits for them, and conformance runs,
  // which share nothing with the session and take seconds.
  let queue = Promise.resolve();
  self.onmessage = (event: MessageEvent<HostRequest>) => {
    if (UNQUEUED.has(event.data.method)) void answer(event.data);
    else queue = queue.then(() => answer(event.data));
  };
}

self.onmessage = (event: MessageEvent<HostInit>) => void start(event.data);

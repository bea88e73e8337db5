// The playground's host session (web/host/session.ts), in Node: the Host's consent gate comes back as a value
// of the reply (spec §4.5, C1, C2, C6), not as an error to catch; the playground's own failures are
// `PlaygroundError`s of its own kinds, never the library's; and the in-page provider is reached over the
// host's own link to its Worker (web/host/in-page-link.ts), each session on a port of its own. A
// MessageChannel stands in for the link between the two Workers, its far end served as the provider's Worker
// serves it (web/provider/main.ts). Chromium runs the page (test/e2e/playground-*.test.ts).
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import {
  ConsentStore,
  type DataFlow,
  defineProvider,
  memoryConsentStorage,
  messagePortStreams,
  type ProviderInfo,
  serveStream,
} from "../support/lib.ts";
import { errorView } from "../../web/host/errors.ts";
import { InPageLink } from "../../web/host/in-page-link.ts";
import { Session } from "../../web/host/session.ts";
import type { ProviderLink } from "../../web/shared/messages.ts";
import { PlaygroundError } from "../../web/shared/playground-error.ts";

const LOCAL = { reads: true, writes: false, egress: false };
const QUERY = { goal: "what is CGP?", max_frames: 5, max_tokens: 1000 };
const ports: MessagePort[] = [];
after(() => {
  for (const port of ports) port.close();
});

/** A provider of one frame with this data flow, counting the queries that reach it. */
function provider(data_flow: DataFlow) {
  const asked = { count: 0 };
  const info: ProviderInfo = { name: "docs", version: "1.0.0", data_flow };
  const served = defineProvider({
    info,
    capabilities: { query: { kinds: ["doc"] } },
    query: () => {
      asked.count += 1;
      return [{ id: "f1", kind: "doc", title: "CGP", content: "The Context Graph Protocol.", score: 1 }];
    },
  });
  return { served, asked };
}

/** A session whose link leads to `served`, as the provider's Worker would serve it; and the sessions opened. */
function sessionWith(served: ReturnType<typeof provider>["served"]) {
  const link = new MessageChannel();
  ports.push(link.port1, link.port2);
  const opened: MessagePort[] = [];
  link.port2.onmessage = (event: MessageEvent<ProviderLink>) => {
    opened.push(event.data.port);
    ports.push(event.data.port);
    void serveStream(served, messagePortStreams(event.data.port)).catch(() => undefined);
  };
  const inPage = new InPageLink();
  inPage.attach(link.port1);
  const session = new Session(new ConsentStore(memoryConsentStorage()), "webcrypto", inPage);
  return { session, opened };
}

describe("the host session's replies", () => {
  test("an egress provider without consent: the reply is the gate, nothing is sent; after a grant, the answer", async () => {
    const { served, asked } = provider({ reads: true, writes: false, egress: true });
    const { session } = sessionWith(served);
    await session.connect({ kind: "in-page" }, [], 2_000);
    assert.deepEqual(await session.query(QUERY), { outcome: "consent_required" });
    assert.equal(asked.count, 0, "nothing reached the provider");
    session.grant(undefined);
    const reply = await session.query(QUERY);
    assert.equal(reply.outcome, "answered");
    assert.equal(reply.outcome === "answered" && reply.answer.frames[0]?.frame.id, "f1");
    assert.equal(asked.count, 1);
  });

  test("off-machine scopes: the gate names the ones still missing, one receipt at a time (C6)", async () => {
    const { served, asked } = provider({
      reads: true,
      writes: false,
      egress: true,
      egress_scopes: ["third-party-model", "x:y"],
    });
    const { session } = sessionWith(served);
    await session.connect({ kind: "in-page" }, [], 2_000);
    assert.deepEqual(await session.query(QUERY), {
      outcome: "consent_scope_required",
      missing: ["third-party-model", "x:y"],
    });
    session.grant("third-party-model");
    assert.deepEqual(await session.query(QUERY), { outcome: "consent_scope_required", missing: ["x:y"] });
    session.grant("x:y");
    assert.equal((await session.query(QUERY)).outcome, "answered");
    assert.equal(asked.count, 1, "only the query asked with every scope granted was sent");
  });
});

describe("the playground's own failures", () => {
  test("nothing connected, no answer kept: PlaygroundErrors of the page's kinds, not HostErrors", async () => {
    const { session } = sessionWith(provider(LOCAL).served);
    const failures = [
      () => session.query(QUERY),
      () => session.revoke(),
      () => session.pin([]),
      () => session.verifyFrames([]),
      () => session.answer(7),
      () => session.latestLive(),
    ];
    const kinds: [string, string][] = [];
    for (const failure of failures) {
      try {
        await failure();
        assert.fail("it should have thrown");
      } catch (error) {
        assert.ok(error instanceof PlaygroundError, String(error));
        kinds.push([error.kind, error.message]);
      }
    }
    assert.deepEqual(kinds, [
      ["not_connected", "connect to a provider first"],
      ["not_connected", "connect to a provider first"],
      ["not_connected", "connect to a provider first"],
      ["not_connected", "connect to a provider first"],
      ["no_answer", "answer 7 is no longer kept"],
      ["no_answer", "run a query first"],
    ]);
  });

  test("the page is told the kind, whether the error is host.js's or a chunk's own copy of the class", async () => {
    assert.deepEqual(await errorView(new PlaygroundError("bad_transcript", "the transcript is not UTF-8 text")), {
      kind: "bad_transcript",
      message: "the transcript is not UTF-8 text",
      details: {},
    });
    const copy = Object.assign(new Error("the conformance run was cancelled"), {
      name: "PlaygroundError",
      kind: "cancelled",
    });
    assert.equal((await errorView(copy)).kind, "cancelled");
    assert.equal((await errorView(new Error("boom"))).kind, "internal", "anything else is the page's internal error");
  });
});

describe("the link to the in-page provider", () => {
  test("each connection opens a session of its own over the link; the page carries none of it", async () => {
    const { served } = provider(LOCAL);
    const { session, opened } = sessionWith(served);
    await session.connect({ kind: "in-page" }, [], 2_000);
    await session.connect({ kind: "in-page" }, [], 2_000);
    assert.equal(opened.length, 2);
    assert.notEqual(opened[0], opened[1]);
    assert.equal((await session.query(QUERY)).outcome, "answered");
  });

  test("the provider's Worker gone: requests fail at once as a crash, and nothing connects until a new link", async () => {
    const { served } = provider(LOCAL);
    const { session } = sessionWith(served);
    await session.connect({ kind: "in-page" }, [], 2_000);
    session.providerGone();
    await assert.rejects(session.query(QUERY), { name: "HostError", kind: "provider_crashed" });
    await assert.rejects(session.connect({ kind: "in-page" }, [], 2_000), {
      name: "PlaygroundError",
      kind: "in_page_unavailable",
      message: "the in-page provider is not running",
    });
  });
});

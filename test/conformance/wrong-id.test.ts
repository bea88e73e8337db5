// A provider whose replies carry an id the query was not sent with (issue 24.10). The host-driven checks
// send their queries without an id (docs/conformance.md), so such a reply is not their answer: the
// reference host hands a reply with an id to the waiter of that id, finds none and drops it (spec §4.3).
// `correlation` fails it by H4 as before; the checks that judge a query's frames fail (or, where a failed
// probe means nothing to judge, skip) saying the reply was not the query's. The raw probes read the next
// line whatever its id, as the reference's do. One double, served three ways: a stream pair, in-page, HTTP.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type ConformanceReport,
  type ConformanceTarget,
  createProviderApp,
  defineProvider,
  type EnvelopeInit,
  type InPageTarget,
  type Provider,
  runConformance,
  serveStream,
} from "../support/lib.ts";
import { candidate } from "../support/providers.ts";

const WRONG_ID = "q-not-yours";

/** A provider that passes every check, its frame anchorable (a uri), declaring `correlation` unless told not to. */
function honest(correlation = true): Provider {
  return defineProvider({
    info: { name: "wrong-id", version: "1.0.0", data_flow: { reads: true } },
    capabilities: { query: { kinds: ["doc"] }, correlation, graph: true },
    query: () => [candidate("a", "alpha", { uri: "cgp://wrong-id/a" })],
  });
}

/** `reply` with the wrong id, when it is a `frames` or an `error` (the replies that carry one, spec §1.3). */
function withWrongId(reply: EnvelopeInit | undefined): EnvelopeInit | undefined {
  return reply && (reply.type === "frames" || reply.type === "error") ? { ...reply, id: WRONG_ID } : reply;
}

function inPage(provider: Provider): InPageTarget {
  return {
    kind: "in-page",
    label: "wrong ids in-page",
    provider: { handle: async (envelope, session) => withWrongId(await provider.handle(envelope, session)) },
  };
}

/** The provider's lines over a stream pair, each `frames` and `error` line given the wrong id. */
function stream(provider: Provider): ConformanceTarget {
  return {
    kind: "stream",
    label: "wrong ids on a stream",
    open: async () => {
      const toProvider = new TransformStream<Uint8Array, Uint8Array>();
      const fromProvider = new TransformStream<Uint8Array, Uint8Array>();
      let pending = "";
      const decoder = new TextDecoder();
      const rewrite = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          const lines = (pending + decoder.decode(chunk, { stream: true })).split("\n");
          pending = lines.pop() ?? "";
          for (const line of lines)
            controller.enqueue(new TextEncoder().encode(`${JSON.stringify(withWrongId(JSON.parse(line)))}\n`));
        },
      });
      const served = serveStream(provider, { readable: toProvider.readable, writable: fromProvider.writable });
      return {
        readable: fromProvider.readable.pipeThrough(rewrite),
        writable: toProvider.writable,
        terminate: () => undefined,
        ended: served.then(() => ({ code: 0, signal: null })),
      };
    },
  };
}

/** The provider's HTTP binding (its hono app, through `fetch`), each JSON reply given the wrong id. */
function http(provider: Provider): ConformanceTarget {
  const app = createProviderApp(provider);
  const send = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await app.fetch(new Request(input, init));
    if (response.status !== 200) return response;
    const body = JSON.stringify(withWrongId(await response.json()));
    return new Response(body, { status: 200, headers: response.headers });
  };
  return { kind: "http", url: "http://127.0.0.1:9/contextgraph", fetch: send as typeof fetch };
}

function statuses(report: ConformanceReport): Record<string, string> {
  return Object.fromEntries(report.checks.map((check) => [check.name, check.status]));
}

function evidence(report: ConformanceReport, name: string): string {
  return report.checks.find((check) => check.name === name)!.evidence;
}

const NOT_ITS_ANSWER = `the frames reply carried id "${WRONG_ID}", but the query was sent without one: not its answer (§4.3)`;

/** What the four checks that judge a query's frames, and anchor-relevance, say of a reply that is not theirs. */
function assertNotTheirs(report: ConformanceReport): void {
  const judged = statuses(report);
  for (const name of ["frame-validity", "budget-honesty", "as-of-temporal", "kinds-filter"]) {
    assert.equal(judged[name], "fail", name);
    assert.ok(evidence(report, name).includes(NOT_ITS_ANSWER), `${name}: ${evidence(report, name)}`);
  }
  assert.equal(judged["anchor-relevance"], "skipped");
  assert.ok(evidence(report, "anchor-relevance").includes(NOT_ITS_ANSWER), evidence(report, "anchor-relevance"));
}

describe("replies that carry an id the query was not sent with (issue 24.10)", () => {
  test("the double passes every check when its ids are right, so only the ids can fail it", async () => {
    const report = await runConformance(
      {
        kind: "stream",
        label: "right ids",
        open: async () => {
          const toProvider = new TransformStream<Uint8Array, Uint8Array>();
          const toHost = new TransformStream<Uint8Array, Uint8Array>();
          void serveStream(honest(), { readable: toProvider.readable, writable: toHost.writable });
          return { readable: toHost.readable, writable: toProvider.writable, terminate: () => undefined };
        },
      },
      { closeGraceMs: 100 },
    );
    assert.ok(!Object.values(statuses(report)).includes("fail"), JSON.stringify(report, null, 2));
    assert.equal(statuses(report)["anchor-relevance"], "pass");
  });

  test("on a stream: correlation fails by H4, the host-driven checks say the reply was not theirs", async () => {
    const report = await runConformance(stream(honest()), { closeGraceMs: 100 });
    assert.equal(statuses(report).correlation, "fail");
    assert.match(evidence(report, "correlation"), /^H4: the frames reply carried id "q-not-yours" \(expected /);
    assertNotTheirs(report);
    // The raw probe reads the next line whatever its id, as the reference's raw probe does.
    assert.equal(statuses(report)["malformed-input-tolerance"], "pass");
  });

  test("in-page and over HTTP, to a provider that declares correlation: the same", async () => {
    for (const target of [inPage(honest()), http(honest())]) assertNotTheirs(await runConformance(target));
  });

  test("over HTTP and in-page, to a provider that does not declare correlation, the reference checks no id: nor do we", async () => {
    for (const target of [inPage(honest(false)), http(honest(false))]) {
      const report = await runConformance(target);
      assert.ok(!Object.values(statuses(report)).includes("fail"), JSON.stringify(report, null, 2));
    }
  });

  test("on a stream, to a provider that does not declare correlation, the reference host drops the reply: not theirs", async () => {
    assertNotTheirs(await runConformance(stream(honest(false)), { closeGraceMs: 100 }));
  });
});

// The playground's conformance chunk (web/host/conformance-suite.ts) in Node, where a MessageChannel stands in
// for the in-page provider's Worker: each connection the suite makes gets a port of its own, and when the
// Worker dies mid-run, ending the sessions the run holds (what the host does on `providerGone`) ends the run
// at once instead of at the 30 s request timeout. Chromium runs the rest (test/e2e/playground-conformance).
import assert from "node:assert/strict";
import { test } from "node:test";
import { defineProvider, messagePortStreams, serveStream } from "../support/lib.ts";
import { PROVIDER_CHECKS } from "../support/conformance/expected.ts";
import chunk, { IN_PAGE_LABEL } from "../../web/host/conformance-suite.ts";

const info = { name: "hangs", version: "1.0.0", data_flow: { reads: true } };

test("when the in-page provider dies mid-run, ending the run's sessions ends the run at once, with the failures shown", async () => {
  let queried!: () => void;
  const firstQuery = new Promise<void>((resolve) => (queried = resolve));
  // Until the crash, queries are not answered (they are let go when the test ends); after it, a new Worker
  // would answer them (empty).
  let crashed = false;
  const hung: (() => void)[] = [];
  const provider = defineProvider({
    info,
    capabilities: { query: { kinds: ["doc"] }, correlation: true },
    query: () => {
      if (crashed) return [];
      queried();
      return new Promise((resolve) => hung.push(() => resolve([])));
    },
  });
  const ports: MessagePort[] = [];
  const openPort = () => {
    const channel = new MessageChannel();
    ports.push(channel.port1);
    void serveStream(provider, messagePortStreams(channel.port1)).catch(() => undefined);
    return channel.port2;
  };
  const peers = new Set<() => void>();
  const finished: string[] = [];
  const started = Date.now();
  const run = chunk.runSuite({
    suite: "provider",
    target: { kind: "in-page" },
    handshakeTimeoutMs: 2_000,
    signal: new AbortController().signal,
    onProgress: (event) => {
      if (event.type === "finished") finished.push(event.check.name);
    },
    openPort,
    peers,
  });
  await firstQuery;
  assert.ok(peers.size >= 1, "the run holds its sessions");
  crashed = true;
  for (const end of peers) end();
  const report = await run;
  const waited = Date.now() - started;
  for (const release of hung) release();
  for (const port of ports) port.close();

  assert.equal(report.target, IN_PAGE_LABEL);
  assert.deepEqual(finished, [...PROVIDER_CHECKS], "every check still reported, in order");
  const status = Object.fromEntries(report.checks.map((check) => [check.name, check.status]));
  assert.equal(status.handshake, "pass");
  assert.equal(status["frame-validity"], "fail", JSON.stringify(report, null, 1));
  assert.match(report.checks[2]!.evidence, /the provider closed its output/);
  assert.equal(peers.size, 0, "every session the run held was ended: by the crash, or by the suite after it");
  // The guard is the point of the test: without ending the sessions, frame-validity alone waits 30 s.
  assert.ok(waited < 20_000, `the run ended ${waited} ms after it started`);
});

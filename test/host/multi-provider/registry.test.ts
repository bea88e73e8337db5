// Providers registered to connect on first use (src/host/multi-provider/registry.ts, Host.register): one that cannot be
// reached is its own failed leg at stage `connect`, in registration order, and never stops the others; it
// is tried again by the next query; concurrent queries share one attempt; and every leg carries what its
// caller would otherwise rebuild: the answer as received and the data flow as declared and as enforced.
import assert from "node:assert/strict";
import { test } from "node:test";
import { connect, type Connection, Host, HostError, httpTransport, inPageTransport } from "../../support/lib.ts";
import { ackFor, counting, distortFrames, failedWith, legOf } from "../../support/host/adversaries.ts";
import { echoProvider } from "../../support/providers.ts";

const Q = { goal: "g", max_frames: 2, max_tokens: 100 };

test("an unreachable provider is a failed leg at stage connect, in registration order; the others answer", async () => {
  const host = new Host();
  host.register("down", () => Promise.reject(new HostError("transport", "HTTP 503", { status: 503 })));
  host.register("up", () => connect(inPageTransport(echoProvider())));
  const legs = await host.queryAll(Q);
  assert.deepEqual(
    legs.map((leg) => [leg.provider, leg.outcome]),
    [
      ["down", "failed"],
      ["up", "frames"],
    ],
  );
  const down = legOf(legs[0], "failed");
  assert.equal(down.stage, "connect");
  assert.equal(down.error.message, "HTTP 503");
  assert.ok(host.connection("up"));
  assert.equal(host.connection("down"), undefined);
  await host.close();
});

test("a connector that throws at once, or throws something that is not a HostError, fails only its leg", async () => {
  const host = new Host();
  host.register("throws", () => {
    throw new RangeError("a bug in the caller's connector");
  });
  host.register("up", () => connect(inPageTransport(echoProvider())));
  const [thrown, up] = await host.queryAll(Q);
  const error = failedWith(thrown, "transport");
  assert.equal(error.message, "provider throws could not be reached");
  assert.ok(error.cause instanceof RangeError);
  legOf(up, "frames");
  await host.close();
});

test("an unreachable provider is tried again by the next query, and concurrent queries share one attempt", async () => {
  let attempts = 0;
  let reachable = false;
  const host = new Host();
  host.register("flaky", async () => {
    attempts += 1;
    if (!reachable) throw new HostError("transport", "connection refused");
    return connect(inPageTransport(echoProvider()));
  });
  const [first, second] = await Promise.all([host.query("flaky", Q), host.query("flaky", Q)]);
  assert.equal(failedWith(first, "transport").message, "connection refused");
  assert.equal(failedWith(second, "transport"), failedWith(first, "transport"), "one attempt, one error");
  assert.equal(attempts, 1);
  reachable = true;
  legOf(await host.query("flaky", Q), "frames");
  legOf(await host.query("flaky", Q), "frames");
  assert.equal(attempts, 2, "once connected, the connection is kept");
  await host.close();
});

test("a fan-out budget is split between the providers reached that serve the query, not the unreachable", async () => {
  const reached = counting(echoProvider());
  const host = new Host();
  host.register("down", () => Promise.reject(new HostError("transport", "refused")));
  host.register("up", () => connect(inPageTransport(reached.provider)));
  await host.queryAll(Q, { budget: 90 });
  const sent = reached.received.flatMap((e) => (e.type === "query" ? [e.query.max_tokens] : []));
  assert.deepEqual(sent, [90]);
  await host.close();
});

test("register refuses an id in use, and a connector that is not a function", async () => {
  const host = new Host();
  await host.add("a", inPageTransport(echoProvider()));
  assert.throws(
    () => host.register("a", () => connect(inPageTransport(echoProvider()))),
    (e: unknown) => e instanceof HostError && e.kind === "duplicate_id",
  );
  assert.throws(() => host.register("b", "https://x.example" as unknown as () => Promise<Connection>), TypeError);
  await host.close();
});

test("a served leg carries the answer as received; a dropped leg the answer its audit refused", async () => {
  const host = new Host();
  await host.add("echo", inPageTransport(echoProvider()));
  await host.add(
    "flood",
    inPageTransport(distortFrames(echoProvider(), (r) => ({ ...r, frames: Array(3).fill(r.frames[0]) }))),
  );
  const [echo, flood] = await host.queryAll(Q);
  const served = legOf(echo, "frames");
  assert.deepEqual(
    served.result.frames.map((f) => f.id),
    ["echo:g"],
  );
  assert.equal(served.result.frames[0], served.frames[0]!.frame, "the same frame, not a copy");
  assert.equal(legOf(flood, "frame_flood").result.frames.length, 3);
  await host.close();
});

test("over HTTP a leg carries the data flow as the provider declared it and as consent read it (C4)", async () => {
  const ack = JSON.stringify({ ...ackFor("web"), provider: { name: "web", version: "1", data_flow: { reads: true } } });
  const fetchStub = (async () => new Response(ack, { status: 200 })) as typeof fetch;
  const host = new Host();
  await host.add("web", httpTransport("http://127.0.0.1:9/contextgraph", { fetch: fetchStub }));
  const leg = legOf(await host.query("web", Q), "consent_required");
  assert.deepEqual(leg.declaredDataFlow, { reads: true, writes: false, egress: false });
  assert.deepEqual(leg.dataFlow, { reads: true, writes: false, egress: true });
  assert.deepEqual(host.connection("web")?.declaredDataFlow, { reads: true, writes: false, egress: false });
  await host.close();
});

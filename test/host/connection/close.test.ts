// close() is bounded (spec §1.11, §4.4): `shutdown` and releasing the transport get a grace (2 s by
// default, like the reference host), then a provider that stopped listening is cut off. A hang would
// fail these tests through `within` rather than stall them.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  connect,
  createProviderApp,
  Host,
  httpTransport,
  inPageTransport,
  serveStream,
  streamTransport,
} from "../../support/lib.ts";
import { counting, rejectsWith } from "../../support/host/adversaries.ts";
import { within } from "../../support/host/stdio.ts";
import { echoProvider } from "../../support/providers.ts";

const ACK =
  '{"type":"handshake_ack","protocol_version":"contextgraph/1.0","provider":{"name":"deaf","version":"1","data_flow":{}},"capabilities":{"correlation":true}}\n';

/** A stream provider that reads the handshake, answers it, and never reads its input again. */
function deafProvider() {
  const toProvider = new TransformStream<Uint8Array, Uint8Array>();
  const toHost = new TransformStream<Uint8Array, Uint8Array>();
  const writer = toHost.writable.getWriter();
  void (async () => {
    await toProvider.readable.getReader().read();
    await writer.write(new TextEncoder().encode(ACK));
  })();
  let terminated = 0;
  const transport = streamTransport(
    { readable: toHost.readable, writable: toProvider.writable },
    { terminate: () => void terminated++ },
  );
  return { transport, terminated: () => terminated, output: writer };
}

describe("close() is bounded", () => {
  test("a stream provider that stops reading: the goodbye gets its grace, then the transport is ended", async () => {
    const deaf = deafProvider();
    const connection = await connect(deaf.transport, { closeGraceMs: 100 });
    await within(connection.close(), 5_000, "close() on a provider that never reads");
    assert.equal(deaf.terminated(), 1, "terminate was called once");
    await assert.rejects(deaf.output.closed, "the host stopped reading the provider's output");
  });

  test("a provider that reads its shutdown is closed politely, without waiting out the grace", async () => {
    const toProvider = new TransformStream<Uint8Array, Uint8Array>();
    const toHost = new TransformStream<Uint8Array, Uint8Array>();
    const served = serveStream(echoProvider(), { readable: toProvider.readable, writable: toHost.writable });
    let terminated = 0;
    const transport = streamTransport(
      { readable: toHost.readable, writable: toProvider.writable },
      { terminate: () => void terminated++ },
    );
    const connection = await connect(transport, { closeGraceMs: 60_000 });
    await within(connection.close(), 5_000, "a polite close");
    await within(served, 5_000, "the provider ends on shutdown");
    assert.equal(terminated, 0);
  });

  test("connect to a stream provider that never reads: handshake_timeout within the grace, and the transport is ended", async () => {
    const toProvider = new TransformStream<Uint8Array, Uint8Array>();
    const toHost = new TransformStream<Uint8Array, Uint8Array>();
    let terminated = 0;
    const transport = streamTransport(
      { readable: toHost.readable, writable: toProvider.writable },
      { terminate: () => void terminated++ },
    );
    const connecting = connect(transport, { handshakeTimeoutMs: 50, closeGraceMs: 100 });
    await within(rejectsWith(connecting, "handshake_timeout"), 5_000, "connect to a provider that never reads");
    assert.equal(terminated, 1);
  });

  test("Host.close() is bounded for a mix: a stream provider that never reads, an HTTP shutdown that never answers, an in-page provider", async () => {
    const deaf = deafProvider();
    const app = createProviderApp(echoProvider());
    let shutdowns = 0;
    // Answers everything but shutdown, and ignores the abort signal it is handed.
    const stuck = (async (url: URL | string, init: RequestInit = {}) => {
      if ((JSON.parse(String(init.body)) as { type: string }).type !== "shutdown")
        return app.request(new URL(url).pathname, init);
      shutdowns++;
      return new Promise<never>(() => {});
    }) as typeof fetch;
    const inPage = counting(echoProvider());
    const host = new Host({ connect: { closeGraceMs: 150 } });
    await host.add("deaf", deaf.transport);
    await host.add("stuck", httpTransport("http://localhost/contextgraph", { fetch: stuck }));
    await host.add("local", inPageTransport(inPage.provider));
    await within(host.close(), 5_000, "Host.close()");
    assert.equal(deaf.terminated(), 1);
    assert.equal(shutdowns, 1, "the HTTP provider was sent its shutdown");
    assert.equal(inPage.calls("shutdown"), 1, "the in-page provider was sent its shutdown");
  });
});

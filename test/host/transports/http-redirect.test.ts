// No payload follows a redirect (C7, spec §4.4): two real HTTP servers on 127.0.0.1, the first an
// allowed provider that answers 307 or 308 pointing at the second, the global `fetch` in between.
// C7 and consent were checked for the first URL only, so the second must receive nothing at all.
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { connect, createProviderApp, Credential, httpTransport } from "../../support/lib.ts";
import { rejectsWith } from "../../support/host/adversaries.ts";
import { echoProvider } from "../../support/providers.ts";

const SECRET = "cgp-tok-redirect-5e1f0a";

/** A server on 127.0.0.1 at a free port; `handle` answers every request, `seen` counts what arrived. */
async function serve(
  handle: (request: IncomingMessage, body: string, response: ServerResponse) => void | Promise<void>,
): Promise<{ server: Server; url: string; seen: { method: string; body: string; auth: string }[] }> {
  const seen: { method: string; body: string; auth: string }[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    seen.push({ method: request.method ?? "", body, auth: request.headers.authorization ?? "" });
    await handle(request, body, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/contextgraph`, seen };
}

/** Answers like a real provider (the kit's hono app). */
async function answerAsProvider(app: ReturnType<typeof createProviderApp>, body: string, response: ServerResponse) {
  const reply = await app.request("/contextgraph", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  response.writeHead(reply.status, Object.fromEntries(reply.headers));
  response.end(await reply.text());
}

describe("httpTransport never follows a redirect", () => {
  let elsewhere: Awaited<ReturnType<typeof serve>>;
  before(async () => {
    const app = createProviderApp(echoProvider());
    elsewhere = await serve((_, body, response) => answerAsProvider(app, body, response));
  });
  after(() => new Promise<void>((resolve) => elsewhere.server.close(() => resolve())));

  for (const status of [307, 308]) {
    test(`a ${status} on the handshake is redirect_refused and the target receives nothing`, async () => {
      const origin = await serve((_, __, response) => {
        response.writeHead(status, { location: elsewhere.url });
        response.end();
      });
      try {
        const before = elsewhere.seen.length;
        const credential = new Credential(SECRET);
        const error = await rejectsWith(connect(httpTransport(origin.url, { credential })), "redirect_refused");
        assert.equal(error.details.status, status);
        assert.equal(origin.seen.length, 1, "the allowed provider was asked once");
        assert.equal(elsewhere.seen.length, before, "the redirect target received no request at all");
        assert.ok(!error.message.includes(elsewhere.url), "the target is not repeated either");
      } finally {
        await new Promise<void>((resolve) => origin.server.close(() => resolve()));
      }
    });
  }

  test("a redirect on a query after a good handshake is refused; the target never sees the query", async () => {
    const app = createProviderApp(echoProvider());
    const origin = await serve(async (_, body, response) => {
      if ((JSON.parse(body) as { type: string }).type !== "query") return answerAsProvider(app, body, response);
      response.writeHead(307, { location: elsewhere.url });
      response.end();
    });
    try {
      const before = elsewhere.seen.length;
      const connection = await connect(httpTransport(origin.url, { credential: new Credential(SECRET) }));
      await rejectsWith(
        connection.query({ goal: "a private question", max_frames: 2, max_tokens: 100 }),
        "redirect_refused",
      );
      await connection.close();
      assert.deepEqual(
        origin.seen.map((s) => (JSON.parse(s.body) as { type: string }).type),
        ["handshake", "query", "shutdown"],
      );
      assert.equal(elsewhere.seen.length, before, "no handshake, query or credential reached the target");
    } finally {
      await new Promise<void>((resolve) => origin.server.close(() => resolve()));
    }
  });

  test("control: the target is a working provider, so a followed redirect would have reached it", async () => {
    const before = elsewhere.seen.length;
    const connection = await connect(httpTransport(elsewhere.url));
    await connection.close();
    assert.equal(elsewhere.seen.length, before + 2, "handshake and shutdown arrived");
  });
});

// serveHttp (issue 21.3): createProviderApp on node:http, over real sockets. Bound to 127.0.0.1 by default;
// bodies stream to the app under its limit (a body declared past the drain bound is refused before it is
// sent); keep-alive survives refusals; no redirect; close stops accepting, lets a request in flight finish
// and ends its connection, and destroys what is left after its grace; TLS when asked; bad options refused.
// And the bridge under it (fetchListener): a handler that throws is a 500 envelope, a client that leaves
// aborts the request, and the body reaches the handler as it is sent.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fetchListener, serveHttp } from "../support/node-lib.ts";
import { within } from "../support/host/stdio.ts";
import { connect, decodeLine, httpTransport, signerFromSeed, verifyResultAttestations } from "../support/lib.ts";
import { candidate, echoProvider } from "../support/providers.ts";
import { oneConnection, send } from "../support/worker/keep-alive-socket.ts";

const HANDSHAKE = JSON.stringify({ type: "handshake", protocol_version: "contextgraph/1.0" });
const QUERY = JSON.stringify({ type: "query", query: { goal: "slow", max_frames: 1, max_tokens: 100 } });

/** A promise and the function that settles it: the events the tests synchronise on. */
function signal(): { promise: Promise<void>; fire: () => void } {
  let fire!: () => void;
  const promise = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { promise, fire };
}

/** A provider whose query handler says it started, then waits for `gate`. */
function gatedProvider(gate: Promise<void>, entered: () => void) {
  return echoProvider({
    query: async () => {
      entered();
      await gate;
      return [candidate("slow", "a slow answer")];
    },
  });
}

/** Sends a request with `content-length: declared` and only `sent` bytes of it; resolves with the response's status and headers. */
function partialBody(url: string, declared: number, sent: number) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const req = httpRequest(url, {
      method: "POST",
      agent: false,
      headers: { "content-type": "application/json", "content-length": String(declared) },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body });
        req.destroy();
      });
    });
    req.write(Buffer.alloc(sent, 0x20));
  });
}

/** One raw request on a fresh connection: status, headers and body. */
function once(url: string, method: string, body?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { method, agent: false, headers: { "content-type": "application/json" } });
    req.on("error", reject);
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.end(body);
  });
}

describe("serveHttp", () => {
  test("binds 127.0.0.1 on a free port by default and serves a signed provider a host can verify", async () => {
    const signer = await signerFromSeed("3c".repeat(32), { keyId: "k1", attesterId: "echo" });
    const server = await serveHttp(echoProvider({ signer }));
    try {
      assert.equal(server.address.host, "127.0.0.1");
      assert.ok(server.address.port > 0);
      assert.equal(server.url, `http://127.0.0.1:${server.address.port}/contextgraph`);
      const connection = await connect(httpTransport(server.url));
      const result = await connection.query({ goal: "hello", max_frames: 2, max_tokens: 100 });
      const report = await verifyResultAttestations(result, "echo", [signer.attesterKey]);
      assert.equal(report.result.state, "attested");
      await connection.close();
    } finally {
      await server.close();
    }
  });

  test("keep-alive: one connection carries answers and refusals (413 drained, 404, 415) alike", async () => {
    const server = await serveHttp(echoProvider());
    const agent = oneConnection();
    try {
      const base = new URL(server.url);
      const path = base.pathname;
      const sent = [
        await send(base, agent, { body: HANDSHAKE }, path),
        await send(base, agent, { body: 2 * 1024 * 1024 }, path),
        await send(base, agent, { body: 2 * 1024 * 1024, chunked: true }, path),
        await send(base, agent, { body: HANDSHAKE, path: "/elsewhere" }, path),
        await send(base, agent, { body: HANDSHAKE, headers: { "content-type": "text/plain" } }, path),
        await send(base, agent, { body: HANDSHAKE }, path),
      ];
      assert.deepEqual(
        sent.map((s) => s.status),
        [200, 413, 413, 404, 415, 200],
      );
      assert.ok(
        sent.every((s) => s.port === sent[0]!.port),
        "every request travelled on one connection",
      );
      assert.deepEqual(
        sent.map((s) => s.reused),
        [false, true, true, true, true, true],
      );
      assert.equal(decodeLine(sent[5]!.body).type, "handshake_ack");
    } finally {
      agent.destroy();
      await server.close();
    }
  });

  test("the body streams: one declared past the drain bound is refused (413) before it is sent, then the connection closes", async () => {
    const server = await serveHttp(echoProvider());
    try {
      const answer = await within(partialBody(server.url, 64 * 1024 * 1024, 1024), 10_000, "the 413");
      assert.equal(answer.status, 413);
      assert.equal(answer.connection, "close");
      assert.equal(decodeLine(answer.body).type, "error");
    } finally {
      await server.close();
    }
  });

  test("the app's body limit holds as given: maxBodyBytes 64 refuses 65 bytes and takes 64", async () => {
    const server = await serveHttp(echoProvider(), { maxBodyBytes: 64 });
    try {
      const handshake = HANDSHAKE.padEnd(64, " ");
      assert.equal((await once(server.url, "POST", handshake)).status, 200);
      assert.equal((await once(server.url, "POST", `${handshake} `)).status, 413);
    } finally {
      await server.close();
    }
  });

  test("no redirect is ever issued: a trailing slash or another path is a 404 error envelope; TRACE is a 405", async () => {
    const server = await serveHttp(echoProvider());
    try {
      for (const path of ["/contextgraph/", "/", "/contextgraph/../x"]) {
        const answer = await once(new URL(path, server.url).href, "GET");
        assert.equal(answer.status, 404, path);
        assert.equal(answer.headers.location, undefined);
        assert.equal(decodeLine(answer.body).type, "error");
      }
      const trace = await once(server.url, "TRACE");
      assert.equal(trace.status, 405);
      assert.deepEqual(decodeLine(trace.body), { type: "error", code: "bad_request", message: "method not allowed" });
    } finally {
      await server.close();
    }
  });

  test("close: no new connection, the request in flight finishes, and its kept-alive connection is ended", async () => {
    const gate = signal();
    const entered = signal();
    // A grace far beyond the test's bound: close must finish because the connection ended, not because time ran out.
    const server = await serveHttp(gatedProvider(gate.promise, entered.fire), { closeGraceMs: 600_000 });
    const agent = oneConnection();
    try {
      const base = new URL(server.url);
      const inFlight = send(base, agent, { body: QUERY }, base.pathname);
      await entered.promise;
      const closed = server.close();
      await assert.rejects(once(server.url, "POST", HANDSHAKE), { code: "ECONNREFUSED" });
      gate.fire();
      const answer = await inFlight;
      assert.equal(answer.status, 200);
      const reply = decodeLine(answer.body);
      assert.equal(reply.type, "frames");
      assert.deepEqual(
        reply.result.frames.map((frame) => frame.id),
        ["slow"],
      );
      await within(closed, 10_000, "close after the last response");
    } finally {
      gate.fire();
      agent.destroy();
    }
  });

  test("close is bounded: a request still running after the grace has its connection destroyed", async () => {
    const gate = signal();
    const entered = signal();
    const server = await serveHttp(gatedProvider(gate.promise, entered.fire), { closeGraceMs: 50 });
    try {
      const stuck = once(server.url, "POST", QUERY);
      await entered.promise;
      await within(server.close(), 10_000, "close after the grace");
      await assert.rejects(stuck, { code: "ECONNRESET" });
    } finally {
      gate.fire();
    }
  });

  test("refuses before binding: plain HTTP off loopback, a port that is not one; a port in use rejects", async () => {
    const provider = echoProvider();
    await assert.rejects(serveHttp(provider, { host: "0.0.0.0" }), {
      name: "TypeError",
      message:
        "serveHttp: plain HTTP is served on loopback only (hosts refuse plaintext to anything else, C7); give tls to bind 0.0.0.0",
    });
    await assert.rejects(serveHttp(provider, { host: "::" }), { name: "TypeError" });
    await assert.rejects(serveHttp(provider, { port: 70_000 }), {
      name: "TypeError",
      message: "serveHttp: port must be an integer from 0 to 65535, got 70000",
    });
    const first = await serveHttp(provider);
    try {
      await assert.rejects(serveHttp(provider, { port: first.address.port }), { code: "EADDRINUSE" });
    } finally {
      await first.close();
    }
  });

  test("with tls it serves HTTPS, and a client trusting the certificate handshakes", async () => {
    const dir = await mkdtemp(join(tmpdir(), "frameline-tls-"));
    try {
      const made = spawnSync("openssl", [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1"],
        ...["-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"), "-subj", "/CN=127.0.0.1"],
        ...["-addext", "subjectAltName=IP:127.0.0.1"],
      ]);
      assert.equal(made.status, 0, String(made.stderr));
      const [cert, key] = await Promise.all([
        readFile(join(dir, "cert.pem"), "utf8"),
        readFile(join(dir, "key.pem"), "utf8"),
      ]);
      const server = await serveHttp(echoProvider(), { tls: { cert, key } });
      try {
        assert.match(server.url, /^https:\/\/127\.0\.0\.1:\d+\/contextgraph$/);
        const body = await new Promise<string>((resolve, reject) => {
          const req = httpsRequest(server.url, {
            method: "POST",
            ca: cert,
            agent: false,
            headers: { "content-type": "application/json" },
          });
          req.on("error", reject);
          req.on("response", (res) => {
            let text = "";
            res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
            res.on("end", () => resolve(text));
          });
          req.end(HANDSHAKE);
        });
        assert.equal(decodeLine(body).type, "handshake_ack");
      } finally {
        await server.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the node:http bridge (fetchListener)", () => {
  /** Serves `fetch` with the bridge on 127.0.0.1; returns its origin and a close that ends every connection. */
  async function bridged(fetch: (request: Request) => Promise<Response>) {
    let origin = "";
    const server = createServer(fetchListener({ fetch }, { origin: () => origin, closing: () => false }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const close = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    return { origin, close };
  }

  test("a handler that throws is a 500 internal envelope, nothing of its error told, and the process lives on", async () => {
    const server = await bridged(async () => {
      throw new Error("secret detail of the fault");
    });
    try {
      const answer = await once(`${server.origin}/x`, "POST", HANDSHAKE);
      assert.equal(answer.status, 500);
      assert.equal(answer.headers.connection, "close");
      assert.deepEqual(decodeLine(answer.body), {
        type: "error",
        code: "internal",
        message: "the provider failed to answer",
      });
    } finally {
      await server.close();
    }
  });

  test("the request's signal aborts when the client goes away before the answer", async () => {
    const aborted = signal();
    const entered = signal();
    const server = await bridged(async (request) => {
      request.signal.addEventListener("abort", aborted.fire);
      entered.fire();
      await aborted.promise;
      return new Response(null, { status: 204 });
    });
    try {
      const req = httpRequest(`${server.origin}/x`, { method: "GET", agent: false });
      req.on("error", () => undefined);
      req.end();
      await entered.promise;
      req.destroy();
      await within(aborted.promise, 10_000, "the abort");
    } finally {
      await server.close();
    }
  });

  test("the body is handed over as the client sends it: the handler reads the first chunk before the last is sent", async () => {
    const firstRead = signal();
    const server = await bridged(async (request) => {
      const reader = request.body!.getReader();
      let text = new TextDecoder().decode((await reader.read()).value);
      firstRead.fire();
      for (let part = await reader.read(); !part.done; part = await reader.read())
        text += new TextDecoder().decode(part.value);
      return new Response(text, { status: 200 });
    });
    try {
      const answer = new Promise<string>((resolve, reject) => {
        const req = httpRequest(`${server.origin}/x`, { method: "POST", agent: false });
        req.on("error", reject);
        req.on("response", (res) => {
          let text = "";
          res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
          res.on("end", () => resolve(text));
        });
        req.write("first ");
        void firstRead.promise.then(() => req.end("last"));
      });
      assert.equal(await within(answer, 10_000, "the echo"), "first last");
    } finally {
      await server.close();
    }
  });

  test("a streamed response arrives whole, chunk by chunk; one whose body fails ends its connection unfinished", async () => {
    const chunks = ["alpha ", "beta ", "gamma"];
    const server = await bridged(async (request) => {
      const fails = new URL(request.url).pathname === "/fails";
      let i = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (fails && i === 1) return controller.error(new Error("the source broke"));
          if (i === chunks.length) return controller.close();
          controller.enqueue(new TextEncoder().encode(chunks[i++]!));
        },
      });
      return new Response(body, { status: 200 });
    });
    try {
      const whole = await once(`${server.origin}/whole`, "GET");
      assert.equal(whole.status, 200);
      assert.equal(whole.body, "alpha beta gamma");
      assert.equal(whole.headers["transfer-encoding"], "chunked");
      await assert.rejects(once(`${server.origin}/fails`, "GET"), { code: "ECONNRESET" });
    } finally {
      await server.close();
    }
  });
});

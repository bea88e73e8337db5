// What the HTTP binding does with request bodies by default (spec §4.4): a refused body is drained up to
// DEFAULT_MAX_DRAIN_BYTES (16 MiB) and then abandoned, and a body sent to a path the binding does not serve
// is read to its end too (workerd drops a connection whose body was left unread). A counting source says how
// many bytes were pulled.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createProviderApp } from "../support/lib.ts";
import { countingBody } from "../support/bodies.ts";
import { echoProvider } from "../support/providers.ts";

const MiB = 1024 * 1024;

function post(app: ReturnType<typeof createProviderApp>, path: string, body: ReadableStream<Uint8Array>) {
  return app.request(path, {
    method: "POST",
    body,
    headers: { "content-type": "application/json" },
    duplex: "half",
  } as RequestInit);
}

test("by default a body over the limit is drained to 16 MiB, then abandoned", async () => {
  const app = createProviderApp(echoProvider(), { maxBodyBytes: 1024 });
  const { stream, seen } = countingBody(20 * MiB, 64 * 1024);
  assert.equal((await post(app, "/contextgraph", stream)).status, 413);
  assert.ok(seen.pulled >= 16 * MiB && seen.pulled <= 16 * MiB + 128 * 1024, `${seen.pulled} bytes pulled`);
  assert.equal(seen.cancelled, true);
});

test("a body sent to a path the binding does not serve is read to its end", async () => {
  const app = createProviderApp(echoProvider());
  const { stream, seen } = countingBody(256 * 1024, 16 * 1024);
  assert.equal((await post(app, "/elsewhere", stream)).status, 404);
  assert.equal(seen.pulled, 256 * 1024);
});

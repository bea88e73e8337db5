// The three bindings share one path from a line or body to a reply (spec §1.1, R1, U1, §4.13):
// handleLine, the HTTP binding (createProviderApp) and serveStream answer the same input alike.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createProviderApp, createSession, handleLine, serveStream } from "../support/lib.ts";
import { echoProvider } from "../support/providers.ts";
import { streamOf } from "../support/streams.ts";

const HANDSHAKE = '{"type":"handshake","protocol_version":"contextgraph/1.0"}';
const utf8 = new TextEncoder();

/** Lines that exercise every branch from text to reply, and the HTTP status each gets. */
const CASES: readonly { readonly line: string; readonly status: number }[] = [
  { line: HANDSHAKE, status: 200 },
  { line: '{"type":"query","id":"q1","query":{"goal":"g","max_frames":2,"max_tokens":100}}', status: 200 },
  { line: '{"type":"query","query":{"goal":"g","max_frames":2,"max_tokens":100}}', status: 200 },
  {
    line: '{"type":"query","id":"q2","query":{"goal":"g","max_frames":2,"max_tokens":100,"kinds":["image"]}}',
    status: 200,
  },
  {
    line: '{"type":"query","id":"q3","query":{"goal":"g","max_frames":2,"max_tokens":100,"as_of":"soon"}}',
    status: 200,
  },
  {
    line: '{"type":"verify","request":{"frames":[{"provider_id":"p","frame_id":"f","content_digest":"x"}]}}',
    status: 200,
  },
  { line: "{not json", status: 400 },
  { line: '{"type":"query","id":"q4","query":{}}', status: 400 },
  { line: '{"type":"subscribe","id":"q5"}', status: 400 },
  { line: '{"type":"subscribe"}', status: 204 },
  { line: '{"type":"frames","result":{"frames":[],"truncated":false}}', status: 204 },
];

/** What serveStream writes for `HANDSHAKE` then `line`, without the ack. */
async function overStream(line: string | Uint8Array): Promise<string> {
  const chunks: Uint8Array[] = [];
  const writable = new WritableStream<Uint8Array>({ write: (chunk) => void chunks.push(chunk) });
  const bytes = typeof line === "string" ? utf8.encode(line) : line;
  await serveStream(echoProvider({ capabilities: { query: { kinds: ["doc"] } } }), {
    readable: streamOf([utf8.encode(`${HANDSHAKE}\n`), bytes, utf8.encode("\n")]),
    writable,
  });
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  return text.slice(text.indexOf("\n") + 1);
}

describe("one path from a line or body to a reply", () => {
  test("handleLine, the HTTP binding and serveStream give the same reply bytes to the same input", async () => {
    // Uncorrelated, so serveStream answers in order and the reply bytes can be compared one to one.
    const provider = echoProvider({ capabilities: { query: { kinds: ["doc"] } } });
    const app = createProviderApp(provider);
    const kinds = new Set<string>();
    for (const { line, status } of CASES) {
      const session = createSession();
      await handleLine(provider, HANDSHAKE, session);
      const byLine = (await handleLine(provider, line, session)) ?? "";
      const response = await app.request("/contextgraph", {
        method: "POST",
        body: line,
        headers: { "content-type": "application/json" },
      });
      assert.equal(response.status, status, line);
      assert.equal(await response.text(), byLine, line);
      assert.equal(await overStream(line), byLine, line);
      const reply = byLine === "" ? undefined : JSON.parse(byLine);
      kinds.add(reply === undefined ? "none" : reply.type === "error" ? `error:${reply.code}` : reply.type);
    }
    // The cases reach every kind of outcome, or the comparison proves little.
    assert.deepEqual([...kinds].sort(), [
      "error:bad_request",
      "error:unsupported_kind",
      "frames",
      "handshake_ack",
      "none",
      "verified",
    ]);
  });

  test("the HTTP binding and serveStream refuse the same bytes that are not UTF-8 with the same reply", async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"type":"query","id":"q1","query":{"goal":"'),
      Buffer.from([0xff]),
      Buffer.from('"}}'),
    ]);
    const app = createProviderApp(echoProvider({ capabilities: { query: { kinds: ["doc"] } } }));
    const response = await app.request("/contextgraph", {
      method: "POST",
      body: bytes,
      headers: { "content-type": "application/json" },
    });
    assert.equal(response.status, 400);
    const byHttp = await response.text();
    assert.equal(byHttp, '{"type":"error","code":"bad_request","message":"malformed envelope (invalid_utf8)"}\n');
    assert.equal(await overStream(bytes), byHttp);
  });
});

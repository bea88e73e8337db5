// Issue 20 item 5, for the ask Worker: a signed provider's answer passes through something that edits one
// frame's `content` and leaves its `content_digest` and every signature alone (spec §1.8 #5, §3.6). Twice as a
// user has it: the `/ask` handler in Node with everything on 127.0.0.1 over real HTTP (the kit's HTTP binding,
// a relay in front of it, the handler), and the bundled ask Worker in workerd, `/ask` and `/mcp` (through the
// MCP SDK's own client), with the docs Worker behind a Worker that alters one frame. Each answer names that frame
// invalid with verdict content_mismatch and both digests (checked by node:crypto), lists D1 among its
// violations, keeps its bytes out of the prompt and the tool text, excludes it from the composition for
// content_mismatch, and never says `covers_content` of it; the untouched frames stay attested under the
// pinned key.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Miniflare } from "miniflare";
import { HandshakeCache, httpTransport, signerFromSeed } from "../support/lib.ts";
import type { AskProvider } from "../../worker/ask/ask.ts";
import { createAskHandler } from "../../worker/ask/handler.ts";
import { providerApp, seedOf } from "../support/ask/endpoint.ts";
import {
  askOf,
  askWorker,
  type Bundles,
  bundles,
  DOCS_PINNED_ATTESTATION,
  DOCS_PINNED_KEYS,
  docsWorker,
  serviceProvider,
  startWorkers,
} from "../support/ask/miniflare.ts";
import { COMPATIBILITY_DATE } from "../support/worker/http.ts";
import { serveApps } from "../support/browser/serve.ts";
import { type Alteration, alteringRelay, MARKER, sha256Of } from "../support/host/altered-content.ts";
import { candidate } from "../support/providers.ts";

const QUESTION = { goal: "how are answers signed and checked", budget_tokens: 4000 };
const KEY_N = 5;

const FRAMES = [
  candidate("retry", "Retries back off exponentially, from 100 ms up to three attempts.", { score: 0.9 }),
  candidate("signing", "Every answer is signed over its Merkle root, each frame with a proof.", { score: 0.6 }),
  candidate("rehash", "A host re-hashes each frame's content against its content_digest.", { score: 0.3 }),
];

/** An untouched frame's attestation: verified under the key the operator pinned. */
const PINNED = {
  state: "attested",
  key_id: `key-${KEY_N}`,
  unverified_attester_id: "test",
  covers_content: true,
  anchor: "pinned",
};

/** The altered frame's attestation as JSON: invalid, content_mismatch, both digests (never content). */
function mismatchJson(alteration: Alteration) {
  return {
    state: "invalid",
    verdict: "content_mismatch",
    signed: alteration.declared,
    recomputed: sha256Of(alteration.altered),
  };
}

/** The parts of an answer every surface gives (the /ask body, the tool's structured content). */
interface AnswerParts {
  frames: { id: string; content_digest?: string; attestation: unknown; violations: string[] }[];
  citations: { label: string; frame: { frame_id: string }; covers_content?: boolean }[];
  legs: { provider: string; outcome: string; result_attestation?: unknown }[];
}

/**
 * What an answer with one altered frame must say, whichever surface gave it: that frame invalid with its
 * digests and D1, every other frame attested as `untouched`, the one leg's root content_mismatch, the frame
 * neither cited nor in `text` (the prompt, or the tool's text), and no `covers_content: true` for it anywhere.
 */
function assertAnswerFlagsAltered(parts: AnswerParts, text: string, alteration: Alteration, untouched: unknown): void {
  const mismatch = mismatchJson(alteration);
  const altered = parts.frames.find((f) => f.id === alteration.id);
  assert.ok(altered, "the altered frame is listed with the others (F9)");
  assert.equal(altered.content_digest, alteration.declared, "under the digest that was signed");
  assert.deepEqual(altered.attestation, mismatch);
  assert.deepEqual(altered.violations, ["D1"]);
  const others = parts.frames.filter((f) => f.id !== alteration.id);
  assert.ok(others.length > 0, "the answer has untouched frames too");
  for (const frame of others) {
    assert.deepEqual(frame.attestation, untouched, frame.id);
    assert.deepEqual(frame.violations, [], frame.id);
  }
  assert.deepEqual(
    parts.legs.map((leg) => [leg.outcome, leg.result_attestation]),
    [["frames", mismatch]],
    "the root signs the altered frame's digest too",
  );
  assert.ok(parts.citations.length > 0);
  assert.ok(
    parts.citations.every((c) => c.frame.frame_id !== alteration.id),
    "the altered frame is not cited",
  );
  for (const citation of parts.citations) assert.equal(citation.covers_content, true, citation.label);
  assert.ok(!text.includes(MARKER), "the altered bytes are not in the text");
  assert.doesNotMatch(JSON.stringify(altered), /covers_content/, "never said to cover its content");
}

/** The one composition entry of the altered frame in an /ask answer: excluded for content_mismatch. */
function assertExcludedForContent(json: any, alteration: Alteration, providerId: string): void {
  const entries = json.composition.entries.filter(
    (entry: { frame: { frame_id: string } }) => entry.frame.frame_id === alteration.id,
  );
  assert.deepEqual(entries, [
    {
      frame: { provider_id: providerId, frame_id: alteration.id, content_digest: alteration.declared },
      disposition: {
        kind: "excluded",
        reason: { kind: "content_mismatch", declared: alteration.declared, recomputed: sha256Of(alteration.altered) },
      },
      attestation: mismatchJson(alteration),
    },
  ]);
}

/** The tool's text and structured content for `question`, through the MCP SDK's client at `url`. */
async function callTool(url: URL, question: unknown): Promise<{ text: string; parts: AnswerParts; raw: string }> {
  const client = new Client({ name: "frameline-test-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url));
  try {
    const result = await client.callTool({ name: "search_context", arguments: question as Record<string, unknown> });
    assert.equal(result.isError, undefined, JSON.stringify(result.content));
    const content = result.content as { type: string; text: string }[];
    assert.equal(content.length, 1);
    assert.equal(content[0]!.type, "text");
    return {
      text: content[0]!.text,
      parts: result.structuredContent as unknown as AnswerParts,
      raw: JSON.stringify(result),
    };
  } finally {
    await client.close();
  }
}

describe("the /ask handler on 127.0.0.1, a signed provider behind a relay that alters one frame's content", () => {
  let upstream: Awaited<ReturnType<typeof serveApps>> | undefined;
  let relayServer: Awaited<ReturnType<typeof serveApps>> | undefined;
  let askServer: Awaited<ReturnType<typeof serveApps>> | undefined;
  let relay: ReturnType<typeof alteringRelay>;
  let cache: HandshakeCache;

  before(async () => {
    const app = await providerApp({ name: "docs", keyN: KEY_N, extra: { query: () => FRAMES } });
    upstream = await serveApps({ "/contextgraph": { fetch: app } });
    const target = `${upstream.origin}/contextgraph`;
    relay = alteringRelay(
      async (request) => fetch(target, { method: "POST", headers: request.headers, body: await request.text() }),
      1,
    );
    relayServer = await serveApps({ "/contextgraph": relay });
    const url = `${relayServer.origin}/contextgraph`;
    const pinned = (await signerFromSeed(seedOf(KEY_N), { keyId: `key-${KEY_N}`, attesterId: "test" })).attesterKey;
    const providers: AskProvider[] = [
      {
        name: "docs",
        key: url,
        transport: () => httpTransport(url),
        consent: { egress: true, scopes: [] },
        pinnedKeys: [pinned],
      },
    ];
    cache = new HandshakeCache();
    askServer = await serveApps({ "/ask": { fetch: createAskHandler({ context: () => ({ providers, cache }) }) } });
  });
  after(async () => {
    await askServer?.close();
    await relayServer?.close();
    await upstream?.close();
  });

  test("/ask: the frame is invalid content_mismatch with both digests and D1, out of the prompt, excluded for content_mismatch", async () => {
    const response = await fetch(`${askServer!.origin}/ask`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(QUESTION),
    });
    const text = await response.text();
    assert.equal(response.status, 200, text);
    const json = JSON.parse(text);
    const alteration = relay.alterations.at(-1);
    assert.ok(alteration, "the answer went through the relay");
    assert.deepEqual(
      json.frames.map((f: { id: string }) => f.id),
      FRAMES.map((f) => f.id),
    );
    assertAnswerFlagsAltered(json, json.prompt, alteration, PINNED);
    for (const frame of FRAMES.filter((f) => f.id !== alteration.id))
      assert.ok(json.prompt.includes(frame.content!), `${frame.id} is in the prompt`);
    assert.ok(!json.prompt.includes(alteration.original), "nor the signed bytes, which never arrived");
    assertExcludedForContent(json, alteration, "docs");
    assert.ok(!text.includes(MARKER), "no altered byte anywhere in the answer");
  });
});

describe("the ask Worker in workerd, the docs Worker behind a Worker that alters one frame's content", () => {
  let built: Bundles;
  let mf: Miniflare;

  before(async () => {
    built = await bundles();
    mf = await startWorkers([
      askWorker(
        built,
        "ask",
        { PROVIDERS: [serviceProvider("docs", "ALTERED", { pinned_keys: DOCS_PINNED_KEYS })] },
        { ALTERED: "alter" },
      ),
      {
        name: "alter",
        modules: true,
        scriptPath: fileURLToPath(new URL("../support/ask/alter-content-worker.mjs", import.meta.url)),
        compatibilityDate: COMPATIBILITY_DATE,
        bindings: { MARKER, INDEX: "1" },
        serviceBindings: { UPSTREAM: "docs" },
      },
      docsWorker(built),
    ]);
  });
  after(async () => {
    await mf?.dispose();
    await built?.cleanup();
  });

  /** Every alteration the Worker in the middle made, as it reports them. */
  async function alterations(): Promise<Alteration[]> {
    const worker = await mf.getWorker("alter");
    return (await (await worker.fetch("http://alter.test/__altered")).json()) as Alteration[];
  }

  const DOCS_QUESTION = {
    goal: "How is every answer signed?",
    query_text: "signing key ATTESTATION_SEED",
    budget_tokens: 4000,
  };

  test("/ask and /mcp: the frame is invalid content_mismatch with both digests and D1, out of the prompt and the tool's text", async () => {
    const asked = await askOf(mf, "ask", DOCS_QUESTION);
    assert.equal(asked.status, 200, asked.text);
    const [alteration] = await alterations();
    assert.ok(alteration, "the answer went through the Worker in the middle");
    assert.equal(alteration.declared, sha256Of(alteration.original), "the frame arrived honest");
    assert.ok(alteration.altered.startsWith(MARKER));
    assert.ok(asked.json.frames.length >= 2, `only ${asked.json.frames.length} frames`);
    assertAnswerFlagsAltered(asked.json, asked.json.prompt, alteration, DOCS_PINNED_ATTESTATION);
    assertExcludedForContent(asked.json, alteration, "docs");
    assert.ok(!asked.text.includes(MARKER), "no altered byte anywhere in the answer");

    const tool = await callTool(new URL("/mcp", await mf.ready), DOCS_QUESTION);
    const again = (await alterations()).at(-1);
    assert.deepEqual(again, alteration, "the same frame, altered the same way");
    assertAnswerFlagsAltered(tool.parts, tool.text, alteration, DOCS_PINNED_ATTESTATION);
    assert.equal(tool.text, asked.json.prompt, "the tool's text is the prompt /ask composed");
  });
});

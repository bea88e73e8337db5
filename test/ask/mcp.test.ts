// /mcp with the MCP TypeScript SDK's own client (Client + StreamableHTTPClientTransport), over real HTTP to
// the ask Worker in workerd, as an agent would connect: the tool is listed with its schemas, a call returns
// the composed context as text and the frames' attestation states and citations as structured content
// (checked by the client against the tool's output schema), and a bad question is a tool error naming the member.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Miniflare } from "miniflare";
import {
  askOf,
  askWorker,
  type Bundles,
  bundles,
  DOCS_KEY_ID,
  DOCS_PINNED_KEYS,
  docsWorker,
  serviceProvider,
  startWorkers,
} from "../support/ask/miniflare.ts";

const ARGUMENTS = {
  goal: "How is every answer signed?",
  query_text: "signing key ATTESTATION_SEED",
  budget_tokens: 900,
};

describe("the ask Worker's /mcp, through the MCP SDK client", () => {
  let built: Bundles;
  let mf: Miniflare;
  let client: Client;
  let endpoint: URL;

  before(async () => {
    built = await bundles();
    mf = await startWorkers([
      askWorker(
        built,
        "ask",
        { PROVIDERS: [serviceProvider("docs", "DOCS", { pinned_keys: DOCS_PINNED_KEYS })] },
        { DOCS: "docs" },
      ),
      docsWorker(built),
    ]);
    endpoint = new URL("/mcp", await mf.ready);
    client = new Client({ name: "frameline-test-agent", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(endpoint));
  });

  after(async () => {
    await client?.close();
    await mf?.dispose();
    await built?.cleanup();
  });

  test("JSON answers from /mcp and /ask carry X-Content-Type-Options: nosniff (issue 24.10)", async () => {
    const rpc = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    assert.match(rpc.headers.get("content-type") ?? "", /application\/json/);
    assert.equal(rpc.headers.get("x-content-type-options"), "nosniff", "/mcp");
    await rpc.body?.cancel();
    const ask = await fetch(new URL("/ask", endpoint), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ goal: "" }),
    });
    assert.equal(ask.status, 400);
    assert.equal(ask.headers.get("x-content-type-options"), "nosniff", "/ask, refused");
    await ask.body?.cancel();
  });

  test("a batch of 100 tools/call, or of 5, is refused at once with 400 naming the bound it breaks (issue 24.7)", async () => {
    const call = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "search_context", arguments: ARGUMENTS },
    });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const flood = await fetch(endpoint, {
      method: "POST",
      headers,
      body: JSON.stringify(Array.from({ length: 100 }, (_, i) => call(i + 1))),
    });
    assert.equal(flood.status, 400);
    const refused = (await flood.json()) as { error: { message: string } };
    assert.match(refused.error.message, /at most 16 messages/);
    const many = await fetch(endpoint, {
      method: "POST",
      headers,
      body: JSON.stringify(Array.from({ length: 5 }, (_, i) => call(i + 1))),
    });
    assert.equal(many.status, 400);
    assert.match(((await many.json()) as { error: { message: string } }).error.message, /at most 4 tools\/call/);
  });

  test("the server names itself and lists one tool, search_context, with its input and output schemas", async () => {
    assert.equal(client.getServerVersion()?.name, "frameline-ask");
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      ["search_context"],
    );
    const [tool] = tools;
    assert.deepEqual(Object.keys(tool!.inputSchema.properties ?? {}).sort(), [
      "budget_tokens",
      "goal",
      "kinds",
      "max_frames",
      "query_text",
    ]);
    assert.deepEqual([...(tool!.inputSchema.required ?? [])].sort(), ["goal"]);
    assert.deepEqual(Object.keys(tool!.outputSchema?.properties ?? {}).sort(), [
      "citations",
      "composition",
      "frames",
      "legs",
      "usage",
    ]);
    assert.equal(tool!.annotations?.readOnlyHint, true);
  });

  test("the input schema publishes the real bounds, and budget_tokens a default: an agent sees them before it calls", async () => {
    const [tool] = (await client.listTools()).tools;
    const properties = tool!.inputSchema.properties as Record<string, any>;
    assert.deepEqual(
      [properties.budget_tokens.type, properties.budget_tokens.minimum, properties.budget_tokens.maximum],
      ["integer", 1, 200_000],
    );
    assert.equal(properties.budget_tokens.default, 4_000);
    assert.deepEqual([properties.max_frames.minimum, properties.max_frames.maximum], [1, 100]);
    assert.deepEqual([properties.goal.minLength, properties.goal.maxLength], [1, 2_000]);
    assert.equal(properties.query_text.maxLength, 4_000);
    assert.deepEqual(
      [properties.kinds.maxItems, properties.kinds.items.minLength, properties.kinds.items.maxLength],
      [16, 1, 64],
    );
    const result = await client.callTool({ name: "search_context", arguments: { goal: ARGUMENTS.goal } });
    assert.equal(result.isError, undefined);
    assert.equal((result.structuredContent as any).usage.budget_requested, 4_000);
    const over = await client.callTool({ name: "search_context", arguments: { goal: "x", budget_tokens: 200_001 } });
    assert.equal(over.isError, true);
    assert.match((over.content as { text: string }[])[0]!.text, /budget_tokens/);
  });

  test("a call returns the composed context as text and every frame attested, with citations, as structured content", async () => {
    const result = await client.callTool({ name: "search_context", arguments: ARGUMENTS });
    assert.equal(result.isError, undefined);
    const content = result.content as { type: string; text: string }[];
    assert.equal(content.length, 1);
    assert.equal(content[0]!.type, "text");
    assert.match(content[0]!.text, /^<frame provider="docs" id="[^"]+" kind="(doc|snippet)" cite="[^"]+">$/m);
    const structured = result.structuredContent as any;
    assert.ok(structured.frames.length > 0);
    for (const frame of structured.frames) {
      assert.equal(frame.attestation.state, "attested");
      assert.equal(frame.attestation.key_id, DOCS_KEY_ID);
      assert.equal(frame.attestation.anchor, "pinned");
      assert.match(frame.citation, /^(README\.md|docs\/[a-z-]+\.md) L\d+(-\d+)?$/);
    }
    for (const citation of structured.citations) assert.ok(content[0]!.text.includes(`cite="${citation.label}"`));
    assert.deepEqual(
      structured.legs.map((leg: any) => [leg.provider, leg.outcome]),
      [["docs", "frames"]],
    );
    assert.ok(structured.composition.tokens_used <= ARGUMENTS.budget_tokens);
    assert.equal(structured.usage.budget_requested, ARGUMENTS.budget_tokens);
  });

  test("the tool's text is exactly the prompt /ask composes for the same question", async () => {
    const result = await client.callTool({ name: "search_context", arguments: ARGUMENTS });
    const direct = await askOf(mf, "ask", ARGUMENTS);
    assert.equal((result.content as { text: string }[])[0]!.text, direct.json.prompt);
  });

  test("a question /ask would refuse is a tool error naming the member, not a protocol error", async () => {
    const result = await client.callTool({ name: "search_context", arguments: { goal: "  ", budget_tokens: 100 } });
    assert.equal(result.isError, true);
    assert.deepEqual(result.content, [{ type: "text", text: "goal must not be blank (§1.6)" }]);
    const typed = await client.callTool({ name: "search_context", arguments: { goal: 5 } });
    assert.equal(typed.isError, true, "the SDK refuses arguments that do not fit the tool's input schema");
  });

  test("GET and DELETE on /mcp are 405: the server is stateless, with no stream and no session", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(endpoint, { method, headers: { accept: "text/event-stream" } });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.get("allow"), "POST");
      await response.arrayBuffer();
    }
  });
});

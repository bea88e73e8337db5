// The /ask handler (worker/ask/handler.ts) as a plain (Request) => Promise<Response> in Node: questions that
// break a rule are refused naming the member before any provider is asked, bodies are bounded, failures are
// typed without details, the operator's consent and scopes gate the legs, the budget is split and held, and a
// token from a named secret is sent but never shows in an answer.
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { HandshakeCache, httpTransport } from "../support/lib.ts";
import type { AskProvider } from "../../worker/ask/ask.ts";
import { ConfigError } from "../../worker/ask/config.ts";
import { askContextFrom } from "../../worker/ask/context.ts";
import { createAskHandler } from "../../worker/ask/handler.ts";
import { type Endpoint, endpoint, providerApp, URL_OF_PROVIDER } from "../support/ask/endpoint.ts";
import { candidate } from "../support/providers.ts";

const QUESTION = { goal: "what is in the docs", budget_tokens: 400 };

function providerOn(ep: Endpoint, name = "docs", extra: Partial<AskProvider> = {}): AskProvider {
  return {
    name,
    key: name,
    transport: () => httpTransport(URL_OF_PROVIDER, { fetch: ep.fetch }),
    consent: { egress: true, scopes: [] },
    pinnedKeys: [],
    ...extra,
  };
}

function handlerOver(providers: AskProvider[]) {
  const cache = new HandshakeCache();
  return createAskHandler({ context: () => ({ providers, cache }) });
}

async function post(handler: ReturnType<typeof createAskHandler>, body: unknown, headers: Record<string, string> = {}) {
  const response = await handler(
    new Request("http://ask.test/ask", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: JSON.parse(text) as any };
}

describe("bad questions", () => {
  const refusals: [string, unknown, string, string][] = [
    ["a body that is not JSON", "{goal", "body", "body must be JSON"],
    ["an array", [], "body", "body must be a JSON object"],
    ["no goal", { budget_tokens: 10 }, "goal", "goal is required"],
    ["a blank goal", { goal: " \t", budget_tokens: 10 }, "goal", "goal must not be blank (§1.6)"],
    ["a goal too long", { goal: "x".repeat(2001), budget_tokens: 10 }, "goal", "goal must be at most 2000 characters"],
    ["a query_text that is not text", { ...QUESTION, query_text: 5 }, "query_text", "query_text must be a string"],
    ["no budget", { goal: "x" }, "budget_tokens", "budget_tokens is required"],
    ["a budget in text", { goal: "x", budget_tokens: "10" }, "budget_tokens", "budget_tokens must be a number"],
    ["a fractional budget", { goal: "x", budget_tokens: 1.5 }, "budget_tokens", "budget_tokens must be an integer"],
    ["a budget of 0", { goal: "x", budget_tokens: 0 }, "budget_tokens", "budget_tokens must be at least 1"],
    [
      "a budget too large",
      { goal: "x", budget_tokens: 200_001 },
      "budget_tokens",
      "budget_tokens must be at most 200000",
    ],
    ["kinds as text", { ...QUESTION, kinds: "doc" }, "kinds", "kinds must be a list of frame kinds"],
    ["a kind that is not text", { ...QUESTION, kinds: ["doc", 3] }, "kinds[1]", "kinds[1] must be a string"],
    ["an empty kind", { ...QUESTION, kinds: [""] }, "kinds[0]", "kinds[0] must not be empty"],
    [
      "17 kinds",
      { ...QUESTION, kinds: Array.from({ length: 17 }, (_, i) => `k${i}`) },
      "kinds",
      "kinds must name at most 16 kinds",
    ],
    ["max_frames 0", { ...QUESTION, max_frames: 0 }, "max_frames", "max_frames must be at least 1"],
    ["max_frames 101", { ...QUESTION, max_frames: 101 }, "max_frames", "max_frames must be at most 100"],
  ];
  for (const [name, body, member, message] of refusals) {
    test(`${name} is a 400 naming ${member}, and no provider is asked`, async () => {
      const ep = endpoint(await providerApp({}));
      const answer = await post(handlerOver([providerOn(ep)]), body);
      assert.equal(answer.status, 400);
      assert.deepEqual(answer.json, { error: { kind: "invalid_request", member, message } });
      assert.deepEqual(ep.posted, []);
    });
  }

  test("unknown members are ignored (U1)", async () => {
    const ep = endpoint(await providerApp({}));
    const answer = await post(handlerOver([providerOn(ep)]), { ...QUESTION, temperature: 2 });
    assert.equal(answer.status, 200);
  });
});

describe("the HTTP surface", () => {
  test("a body over 16 KiB is a 413, whether it declares its length or streams", async () => {
    const ep = endpoint(await providerApp({}));
    const handler = handlerOver([providerOn(ep)]);
    const big = JSON.stringify({ ...QUESTION, query_text: "x".repeat(16 * 1024) });
    const declared = await post(handler, big, { "content-length": String(Buffer.byteLength(big)) });
    assert.equal(declared.status, 413);
    assert.deepEqual(declared.json.error, { kind: "body_too_large", message: "the body must be at most 16384 bytes" });
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
        controller.close();
      },
    });
    const streamed = await handler(
      new Request("http://ask.test/ask", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    assert.equal(streamed.status, 413);
    assert.deepEqual(ep.posted, []);
  });

  test("a body that is not application/json is a 415", async () => {
    const answer = await post(handlerOver([]), QUESTION, { "content-type": "text/plain" });
    assert.equal(answer.status, 415);
    assert.equal(answer.json.error.kind, "unsupported_media_type");
  });

  test("GET /ask is a 405 that allows POST; another path is a 404; /healthz answers ok", async () => {
    const handler = handlerOver([]);
    const get = await handler(new Request("http://ask.test/ask"));
    assert.equal(get.status, 405);
    assert.equal(get.headers.get("allow"), "POST");
    const other = await handler(new Request("http://ask.test/contextgraph", { method: "POST" }));
    assert.equal(other.status, 404);
    assert.equal(((await other.json()) as any).error.kind, "not_found");
    assert.equal(await (await handler(new Request("http://ask.test/healthz"))).text(), "ok\n");
  });

  test("every answer is JSON that is not cached", async () => {
    const ep = endpoint(await providerApp({}));
    const answer = await post(handlerOver([providerOn(ep)]), QUESTION);
    assert.match(answer.headers.get("content-type") ?? "", /^application\/json/);
    assert.equal(answer.headers.get("cache-control"), "no-store");
  });

  test("a configuration error is a 500 naming the member", async () => {
    const handler = createAskHandler({
      context: () => {
        throw new ConfigError(
          "PROVIDERS[2].service",
          "PROVIDERS[2].service names DOCS, which is not a service binding",
        );
      },
    });
    const answer = await post(handler, QUESTION);
    assert.equal(answer.status, 500);
    assert.deepEqual(answer.json, {
      error: {
        kind: "configuration",
        member: "PROVIDERS[2].service",
        message: "PROVIDERS[2].service names DOCS, which is not a service binding",
      },
    });
  });

  test("any other failure is a 500 that says nothing more", async () => {
    const handler = createAskHandler({
      context: () => {
        throw new TypeError("cannot read hunter2 of undefined");
      },
    });
    const answer = await post(handler, QUESTION);
    assert.equal(answer.status, 500);
    assert.deepEqual(answer.json, { error: { kind: "internal", message: "the question could not be answered" } });
  });
});

describe("legs, consent and budget", () => {
  test("the budget is split between the providers asked (spec §4.6 step 4) and the prompt stays within it", async () => {
    const a = endpoint(await providerApp({ name: "a" }));
    const b = endpoint(await providerApp({ name: "b" }));
    const answer = await post(handlerOver([providerOn(a, "a"), providerOn(b, "b")]), {
      ...QUESTION,
      budget_tokens: 101,
    });
    const sent = (ep: Endpoint) => ep.bodies.find((body) => body.type === "query").query.max_tokens;
    assert.deepEqual([sent(a), sent(b)], [51, 50]);
    assert.ok(answer.json.composition.tokens_used <= 101);
    assert.equal(answer.json.usage.budget_requested, 101);
  });

  test("max_frames defaults to 10 and is sent to every provider as asked", async () => {
    const ep = endpoint(await providerApp({}));
    const handler = handlerOver([providerOn(ep)]);
    await post(handler, QUESTION);
    await post(handler, { ...QUESTION, max_frames: 3 });
    assert.deepEqual(
      ep.bodies.filter((body) => body.type === "query").map((body) => body.query.max_frames),
      [10, 3],
    );
  });

  test("a provider serving none of the kinds asked is not asked, and has no leg (spec §4.6 step 1)", async () => {
    const docs = endpoint(await providerApp({ name: "docs", kinds: ["doc"] }));
    const code = endpoint(await providerApp({ name: "code", kinds: ["symbol"] }));
    const answer = await post(handlerOver([providerOn(docs, "docs"), providerOn(code, "code")]), {
      ...QUESTION,
      kinds: ["symbol"],
    });
    assert.deepEqual(
      answer.json.legs.map((leg: any) => leg.provider),
      ["code"],
    );
    assert.deepEqual(docs.posted, ["handshake"]);
  });

  test("an off-machine scope needs the operator's receipt for it: without, consent_scope_required names it (C6)", async () => {
    const scoped = await providerApp({
      extra: {
        info: {
          name: "cloud",
          version: "1",
          data_flow: { reads: true, egress: true, egress_scopes: ["third-party-index"] },
        },
      },
    });
    const without = endpoint(scoped);
    const gated = await post(handlerOver([providerOn(without, "cloud")]), QUESTION);
    assert.deepEqual(gated.json.legs[0].missing, ["third-party-index"]);
    assert.equal(gated.json.legs[0].outcome, "consent_scope_required");
    assert.deepEqual(without.posted, ["handshake"]);
    const granted = endpoint(scoped);
    const served = await post(
      handlerOver([providerOn(granted, "cloud", { consent: { egress: true, scopes: ["third-party-index"] } })]),
      QUESTION,
    );
    assert.equal(served.json.legs[0].outcome, "frames");
  });

  test("a provider whose handshake fails has a failed leg, and the others still answer", async () => {
    const docs = endpoint(await providerApp({ name: "docs" }));
    const broken = endpoint(() => new Response("no", { status: 500 }));
    const answer = await post(handlerOver([providerOn(broken, "broken"), providerOn(docs, "docs")]), QUESTION);
    assert.deepEqual(answer.json.legs[0], {
      provider: "broken",
      outcome: "failed",
      stage: "connect",
      error: { kind: "transport", status: 500, retryable: false },
    });
    assert.equal(answer.json.legs[1].outcome, "frames");
    assert.ok(answer.json.frames.length > 0);
  });
});

describe("credentials", () => {
  const original = globalThis.fetch;
  after(() => {
    globalThis.fetch = original;
  });

  /** Asks QUESTION of one HTTPS provider reached through `ep`, its bearer token in the secret DOCS_TOKEN. */
  async function askThrough(ep: Endpoint, token: string) {
    globalThis.fetch = ep.fetch;
    const context = await askContextFrom({
      PROVIDERS: [
        {
          name: "docs",
          url: "https://docs.example/contextgraph",
          token_secret: "DOCS_TOKEN",
          consent: { egress: true },
        },
      ],
      DOCS_TOKEN: token,
      HANDSHAKE_CACHE: "off",
    });
    return post(createAskHandler({ context: () => context }), QUESTION);
  }

  test("the token in the secret a provider names is sent as a bearer token and never shows in the answer (C8)", async () => {
    const TOKEN = "tok_3f9c1a7e5b2d4c6a8e0f1b3d";
    // A provider (or a proxy in front of it) that reflects the Authorization header into a frame.
    const reflecting = await providerApp({
      extra: {
        query: () => [candidate("echo", "you sent it", { title: "reflected", citation_label: "reflected" })],
      },
    });
    const ep = endpoint(async (request) => {
      const response = await reflecting(request);
      const reflected = (await response.text()).replaceAll(
        "you sent it",
        `you sent ${request.headers.get("authorization")}`,
      );
      return new Response(reflected, { status: response.status, headers: response.headers });
    });
    const answer = await askThrough(ep, TOKEN);
    assert.equal(answer.status, 200);
    assert.deepEqual(ep.authorizations, [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
    assert.doesNotMatch(answer.text, /tok_3f9c1a7e5b2d/);
    // The proxy rewrote a signed frame's content, so its bytes no longer hash to its content_digest: it is
    // reported as altered and kept out of the prompt (spec §1.8 #5), never presented as signed evidence.
    assert.doesNotMatch(answer.json.prompt, /you sent/);
    assert.deepEqual(
      answer.json.composition.entries.map((entry: { disposition: unknown }) => entry.disposition),
      [
        {
          kind: "excluded",
          reason: {
            kind: "content_mismatch",
            declared: answer.json.frames[0].content_digest,
            recomputed: answer.json.composition.entries[0].disposition.reason.recomputed,
          },
        },
      ],
    );
    assert.ok(answer.json.frames[0].violations.includes("D1"), "the frame's altered bytes are a named violation");
  });

  test("the token reflected in pieces and encodings (8-character pieces, reversed, percent-encoded, base64) never shows in the answer or the prompt (C8)", async () => {
    const TOKEN = "tok_3f9c1a7e5b2d4c6a8e0f1b3d";
    const bytes = Buffer.from(TOKEN);
    const spellings = [
      `${TOKEN.slice(0, 8)} ${TOKEN.slice(8, 16)} ${TOKEN.slice(16, 24)}`,
      [...TOKEN].reverse().join(""),
      [...bytes].map((b) => `%${b.toString(16)}`).join(""),
      bytes.subarray(1).toString("base64"),
      bytes.toString("base64url"),
    ];
    const reflecting = await providerApp({
      extra: { query: () => [candidate("echo", "content", { title: "TITLE", citation_label: "CITE" })] },
    });
    // A proxy writing the spellings into the title and citation, which the signature does not cover.
    const ep = endpoint(async (request) => {
      const response = await reflecting(request);
      const body = (await response.text())
        .replaceAll("TITLE", spellings.slice(0, 3).join(" | "))
        .replaceAll("CITE", spellings.slice(3).join(" | "));
      return new Response(body, { status: response.status, headers: response.headers });
    });
    const answer = await askThrough(ep, TOKEN);
    assert.equal(answer.status, 200);
    assert.match(
      answer.json.prompt,
      /cite="&lt;redacted&gt; \| &lt;redacted&gt;"/,
      "the citation reached the prompt, scrubbed",
    );
    const pieces = spellings.flatMap((spelling) =>
      Array.from({ length: spelling.length - 9 }, (_, i) => spelling.slice(i, i + 10).toLowerCase()),
    );
    const shown = pieces.filter((piece) => !piece.includes(" ") && answer.text.toLowerCase().includes(piece));
    assert.deepEqual(shown, []);
  });
});

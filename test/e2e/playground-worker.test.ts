// The playground as `npm start` serves it: the real Worker (worker/index.ts) in workerd with web/dist as its
// assets, on 127.0.0.1. The page talks to that Worker's /contextgraph, and to a second origin of providers
// that each do one thing: declare off-machine scopes, refuse this origin (CORS), speak another version, stall,
// or want a bearer token. Every consent claim is checked on the network log.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Request } from "playwright-core";
import { createProviderApp, defineProvider, signerFromSeed } from "../support/lib.ts";
import {
  accessibilityProblems,
  alertText,
  answered,
  badges,
  connectTo,
  downloads,
  expectAnswer,
  fillQuery,
  openPlayground,
  runQuery,
  screenshot,
} from "../support/browser/playground-page.ts";
import { serveApps, withCors } from "../support/browser/serve.ts";
import { type WorkerPlayground, workerPlayground } from "../support/browser/worker-playground.ts";

const TOKEN = "cgp-test-token-4f1e9a77c2";
const GOAL = "how do I deploy the worker";

async function otherProviders() {
  const signer = await signerFromSeed("7e".repeat(32), { keyId: "egress-1", attesterId: "egress" });
  const egress = defineProvider({
    info: {
      name: "cloud-docs",
      version: "2.1.0",
      data_flow: { reads: true, egress: true, egress_scopes: ["third-party-model", "vendor:analytics"] },
    },
    capabilities: { query: { kinds: ["doc"] }, correlation: true },
    signer,
    query: (q) => [
      {
        id: `cloud:${q.goal}`,
        kind: "doc",
        title: "Cloud answer",
        content: `about ${q.goal}`,
        score: 0.7,
        citation_label: "cloud",
      },
    ],
  });
  const plain = defineProvider({
    info: { name: "plain", version: "1.0.0", data_flow: { reads: true } },
    capabilities: { query: { kinds: ["doc"] } },
    query: () => [],
  });
  const ack = (version: string) =>
    Response.json({
      type: "handshake_ack",
      protocol_version: version,
      provider: { name: "future", version: "9.0.0", data_flow: { reads: true } },
      capabilities: { query: { kinds: ["doc"] } },
    });
  return serveApps({
    "/egress": createProviderApp(egress, { path: "/egress", allowedOrigins: "*" }),
    "/cors": createProviderApp(plain, { path: "/cors", allowedOrigins: ["https://elsewhere.example"] }),
    "/bearer": createProviderApp(egress, { path: "/bearer", allowedOrigins: "*", bearerToken: TOKEN }),
    "/v2": withCors(() => ack("contextgraph/2.0")),
    "/stall": withCors(
      () => new Promise((resolve) => setTimeout(() => resolve(new Response(null, { status: 503 })), 3_000)),
    ),
  });
}

/** Every POST a page's context makes, with its body. */
function networkLog(context: BrowserContext): { url: string; body: string; headers: Record<string, string> }[] {
  const log: { url: string; body: string; headers: Record<string, string> }[] = [];
  context.on("request", (request: Request) => {
    if (request.method() === "POST")
      log.push({ url: request.url(), body: request.postData() ?? "", headers: request.headers() });
  });
  return log;
}

const queries = (log: ReturnType<typeof networkLog>, path: string) =>
  log.filter((r) => new URL(r.url).pathname === path && r.body.includes('"type":"query"'));

describe("the playground served by the Worker (workerd, real assets)", () => {
  let play: WorkerPlayground;
  let browser: Browser;
  let origin: string;
  let others: Awaited<ReturnType<typeof serveApps>>;

  before(async () => {
    [play, others] = await Promise.all([workerPlayground(), otherProviders()]);
    ({ browser, origin } = play);
  });

  after(async () => {
    await play?.close();
    await others?.close();
  });

  test("/ is the page, with a strict CSP and nosniff on every file; /contextgraph is still the provider", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Record<string, Record<string, string>> = {};
    page.on("response", (r) => {
      if (r.url().endsWith(".js")) scripts[new URL(r.url()).pathname] = r.headers();
    });
    // The host Worker's script may load after the page's own controls are drawn: wait for it, not for the button.
    const hostScript = page.waitForResponse((r) => new URL(r.url()).pathname === "/host.js");
    const response = await page.goto(`${origin}/`);
    await page.waitForSelector("#connect-button");
    await hostScript;
    assert.equal(response?.status(), 200);
    const headers = response!.headers();
    const csp = headers["content-security-policy"] ?? "";
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /connect-src 'self' http:\/\/127\.0\.0\.1:\* http:\/\/localhost:\*(;|$)/);
    assert.match(csp, /require-trusted-types-for 'script'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*\.|https:(?!\/)/);
    assert.equal(headers["x-content-type-options"], "nosniff");
    assert.ok(scripts["/app.js"] && scripts["/host.js"], Object.keys(scripts).join(", "));
    for (const [path, h] of Object.entries(scripts)) {
      assert.equal(h["x-content-type-options"], "nosniff", path);
      assert.equal(h["content-security-policy"], csp, path);
    }
    const description = await (await fetch(`${origin}/contextgraph`)).json();
    assert.equal(description.provider?.name ?? description.name, "docs");
    await context.close();
  });

  test("against the Worker: the handshake shows, consent is asked before any query leaves, then every badge says verified", async () => {
    const context = await browser.newContext();
    const log = networkLog(context);
    const { page } = await openPlayground(context, origin);
    assert.equal(
      await page.getByLabel("Provider URL", { exact: true }).inputValue(),
      `${origin}/contextgraph`,
      "the default is this origin's provider",
    );
    await page.getByRole("button", { name: "Connect" }).click();
    await page.waitForSelector("#handshake-body dl");
    const handshake = (await page.textContent("#handshake-body")) ?? "";
    assert.match(handshake, /docs 0\.1\.0 at http:\/\/127\.0\.0\.1/);
    assert.match(handshake, /every HTTP provider counts as egress here, C4/);
    assert.equal(await page.locator("#handshake-body li[data-key-id]").count(), 1);
    await screenshot(page, "connected-worker");

    await fillQuery(page, GOAL);
    await expectAnswer(page);
    await page.getByRole("button", { name: "Run query" }).click();
    await page.waitForSelector("#consent-dialog[open]");
    assert.deepEqual(queries(log, "/contextgraph"), [], "no query before consent");
    await screenshot(page, "consent-dialog");
    assert.deepEqual(await accessibilityProblems(page), [], "consent dialog");
    await page.getByRole("button", { name: "Allow and send" }).click();
    await answered(page);
    assert.equal(queries(log, "/contextgraph").length, 1);
    const all = await badges(page);
    assert.ok(all.length >= 3);
    for (const b of all) assert.deepEqual([b.tone, b.verdict, b.tier], ["verified", "valid", "handshake"]);
    assert.match((await page.textContent("#receipts, #consent-summary")) ?? "", /You allowed docs/);
    await context.close();
  });

  test("against the Worker: the budget bar's numbers equal the recomputed costs of the frames on the wire", async () => {
    const context = await browser.newContext();
    const { page } = await openPlayground(context, origin);
    const bodies: string[] = [];
    context.on("response", async (r) => {
      if (r.url().endsWith("/contextgraph") && r.request().postData()?.includes('"type":"query"'))
        bodies.push(await r.text());
    });
    await page.getByRole("button", { name: "Connect" }).click();
    await page.waitForSelector("#handshake-body dl");
    await fillQuery(page, GOAL, { maxTokens: 700 });
    await expectAnswer(page);
    const reply = context.waitForEvent(
      "response",
      (r) => r.url().endsWith("/contextgraph") && (r.request().postData() ?? "").includes('"type":"query"'),
    );
    await page.getByRole("button", { name: "Run query" }).click();
    await page.getByRole("button", { name: "Allow and send" }).click();
    const body = await (await reply).text();
    await answered(page);
    const frames: { id: string; content?: string; token_cost: number }[] = JSON.parse(body).result.frames;
    const expected = frames.map((f) => ({ id: f.id, cost: Math.ceil(Buffer.byteLength(f.content ?? "", "utf8") / 4) }));
    const bar = await page.$$eval("#budget .bar span", (spans) =>
      spans.map((s) => ({ id: s.getAttribute("data-frame-id")!, cost: Number(s.getAttribute("data-cost")) })),
    );
    assert.deepEqual(bar, expected);
    const sum = expected.reduce((total, f) => total + f.cost, 0);
    assert.equal(Number(await page.textContent('[data-budget="canonical"]')), sum);
    assert.equal(
      Number(await page.textContent('[data-budget="declared"]')),
      frames.reduce((t, f) => t + f.token_cost, 0),
    );
    assert.ok(sum <= 700);

    await page.getByLabel("Budget (budget tokens)").fill("250");
    await page.getByRole("button", { name: "Compose", exact: true }).click();
    await page.waitForSelector("#prompt");
    const prompt = (await page.textContent("#prompt")) ?? "";
    const admitted = await page.locator('#compose-body tr[data-disposition="included"]').count();
    assert.ok(admitted > 0);
    assert.equal(
      prompt.match(/<frame provider="127\.0\.0\.1:\d+\/contextgraph"/g)?.length,
      admitted,
      "one fence per admitted frame",
    );
    assert.equal(prompt.match(/<\/frame>\n/g)?.length, admitted);
    await context.close();
  });

  test("an egress provider: a dialog per off-machine scope, no query before both are allowed, one after; revoking stops the next", async () => {
    const context = await browser.newContext();
    const log = networkLog(context);
    const { page } = await openPlayground(context, origin);
    await connectTo(page, `${others.origin}/egress`);
    assert.match(
      (await page.textContent("#handshake-body")) ?? "",
      /third-party-model: your data is sent to a third-party model/,
    );
    await fillQuery(page, GOAL);
    await expectAnswer(page);
    await page.getByRole("button", { name: "Run query" }).click();
    await page.waitForSelector("#consent-dialog[open]");
    assert.match((await page.textContent("#consent-title")) ?? "", /third-party-model/);
    await page.getByRole("button", { name: "Allow and send" }).click();
    await page.waitForSelector("#consent-dialog[open]");
    assert.match((await page.textContent("#consent-title")) ?? "", /vendor:analytics/);
    assert.deepEqual(queries(log, "/egress"), [], "nothing sent while one scope still lacks consent");
    await page.getByRole("button", { name: "Allow and send" }).click();
    await answered(page);
    assert.equal(queries(log, "/egress").length, 1);
    assert.deepEqual(await page.$$eval("#receipts li", (items) => items.map((i) => i.getAttribute("data-scope"))), [
      "third-party-model",
      "vendor:analytics",
    ]);

    await runQuery(page, GOAL);
    assert.equal(queries(log, "/egress").length, 2, "consent is remembered");

    await page.getByRole("button", { name: "Revoke consent to this provider" }).click();
    await page.waitForFunction(() => document.querySelectorAll("#receipts li").length === 0);
    await page.getByRole("button", { name: "Run query" }).click();
    await page.waitForSelector("#consent-dialog[open]");
    await page.getByRole("button", { name: "Don't send" }).click();
    await page.waitForSelector("#alert:not([hidden])");
    assert.match((await alertText(page)) ?? "", /Not sent: this provider needs consent for where your data goes/);
    assert.equal(queries(log, "/egress").length, 2, "after revoking, nothing more is sent");
    await context.close();
  });

  const FAILURES = [
    { name: "speaks another major version", path: "/v2", message: /another protocol version.*contextgraph\/2\.0/s },
    {
      name: "does not answer the handshake in time",
      path: "/stall",
      message: /did not answer the handshake.*within 500 ms/s,
      timeout: 500,
    },
    {
      name: "refuses this page's origin (CORS)",
      path: "/cors",
      message: /does not accept requests from this page \(CORS\)/,
    },
    { name: "wants a bearer token it was not given", path: "/bearer", message: /refused the credentials/ },
  ];

  for (const failure of FAILURES) {
    test(`a provider that ${failure.name} is explained in words`, async () => {
      const context = await browser.newContext();
      const { page } = await openPlayground(context, origin);
      await connectTo(page, `${others.origin}${failure.path}`, { handshakeTimeoutMs: failure.timeout ?? 10_000 });
      assert.match((await alertText(page)) ?? "", failure.message);
      assert.ok(await page.locator("#handshake").isHidden());
      if (failure.path === "/cors") {
        await screenshot(page, "error-cors");
        assert.deepEqual(await accessibilityProblems(page), [], "error state");
      }
      await context.close();
    });
  }

  const REFUSED = [
    {
      name: "plaintext HTTP to a non-loopback host is refused before any request (C7), with the reason",
      url: "http://docs.example.com/contextgraph",
      message: /Refused: plaintext HTTP.*docs\.example\.com.*Nothing was sent/s,
    },
    {
      name: "an https provider this build's CSP does not list is blocked by the browser, and the page says so",
      url: "https://docs.example.com/contextgraph",
      message: /Blocked by this page's security policy.*https:\/\/docs\.example\.com/s,
    },
  ];

  for (const refused of REFUSED) {
    test(refused.name, async () => {
      const context = await browser.newContext();
      const requests: string[] = [];
      context.on("request", (r) => requests.push(r.url()));
      const { page } = await openPlayground(context, origin);
      await connectTo(page, refused.url);
      assert.match((await alertText(page)) ?? "", refused.message);
      assert.deepEqual(
        requests.filter((url) => !url.startsWith(origin)),
        [],
      );
      await context.close();
    });
  }

  test("a provider error keeps its code: asking the Worker for a kind it does not serve is unsupported_kind", async () => {
    const context = await browser.newContext();
    const { page } = await openPlayground(context, origin);
    await page.getByRole("button", { name: "Connect" }).click();
    await page.waitForSelector("#handshake-body dl");
    await fillQuery(page, GOAL, { kinds: ["symbol"] });
    await page.getByRole("button", { name: "Run query" }).click();
    await page.getByRole("button", { name: "Allow and send" }).click();
    await page.waitForSelector("#alert:not([hidden])");
    assert.match((await alertText(page)) ?? "", /The provider answered an error: unsupported_kind/);
    await context.close();
  });

  test("the bearer token goes only in the Authorization header: not the URL, the link, the transcript, nor storage unless remembered", async () => {
    const context = await browser.newContext();
    const log = networkLog(context);
    const { page } = await openPlayground(context, origin);
    await connectTo(page, `${others.origin}/bearer`, { token: TOKEN });
    await fillQuery(page, GOAL);
    await expectAnswer(page);
    await page.getByRole("button", { name: "Run query" }).click();
    for (let i = 0; i < 2; i++) {
      await page.waitForSelector("#consent-dialog[open]");
      await page.getByRole("button", { name: "Allow and send" }).click();
    }
    await answered(page);
    const sent = log.filter((r) => r.url.endsWith("/bearer"));
    assert.ok(sent.length >= 2 && sent.every((r) => r.headers.authorization === `Bearer ${TOKEN}`));
    assert.ok(sent.every((r) => !r.url.includes(TOKEN) && !r.body.includes(TOKEN)));
    assert.ok(!page.url().includes(TOKEN));
    assert.ok(!((await page.getAttribute("#share-link", "href")) ?? "").includes(TOKEN));
    const files = await downloads(page, () => page.getByRole("button", { name: "Export the session" }).click(), 2);
    assert.ok(Object.values(files).every((text) => !text.includes(TOKEN)));
    const stored = async () => page.evaluate(() => JSON.stringify({ ...localStorage }));
    assert.ok(!(await stored()).includes(TOKEN), "not remembered unless asked");

    await connectTo(page, `${others.origin}/bearer`, { token: TOKEN, remember: true });
    assert.ok((await stored()).includes(TOKEN), "remembered when asked");
    await page.reload();
    await page.getByRole("radio", { name: "A provider URL" }).check();
    await page.getByLabel("Provider URL", { exact: true }).fill(`${others.origin}/bearer`);
    await page.getByLabel("Provider URL", { exact: true }).dispatchEvent("change");
    assert.equal(await page.getByLabel("Bearer token (optional)").inputValue(), TOKEN);
    await context.close();
  });
});

// The playground against HTTP providers (issue 22, items 1, 6 and 7), the page served by the real Worker in
// workerd: a hostile provider's names in the handshake and the consent dialog; the conformance panel for a
// provider never connected (unreachable, or answering garbage), and a headline that names what it skipped;
// the inspector — every envelope as sent (copied byte for byte), the query history, a curl command that
// really runs (its bearer token a shell variable, never the token), and the log.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createProviderApp, defineProvider } from "../support/lib.ts";
import {
  accessibilityProblems,
  alertText,
  answered,
  badges,
  connectTo,
  conformanceRows,
  expectAnswer,
  fillQuery,
  openPlayground,
  rawHiddenText,
  runConformancePanel,
  screenshot,
} from "../support/browser/playground-page.ts";
import { serveApps, withCors } from "../support/browser/serve.ts";
import { BIDI, bidiProvider, HIDDEN_CHARACTERS } from "../support/browser/transcripts.ts";
import { type WorkerPlayground, workerPlayground } from "../support/browser/worker-playground.ts";

const TOKEN = "cgp-inspector-token-71c0d2";
const sh = promisify(execFile);

/** A provider that signs nothing and says little: over HTTP, the conformance panel skips what cannot run. */
const unsigned = defineProvider({
  info: { name: "unsigned", version: "1.0.0", data_flow: { reads: true } },
  capabilities: { query: { kinds: ["doc"] } },
  query: () => [{ id: "u-1", kind: "doc", title: "Unsigned", content: "plain", score: 0.5, citation_label: "u-1" }],
});

/** A second origin of providers that each do one thing, and the URL of one that is gone (its server stopped). */
async function otherProviders() {
  const [bidi, closed] = await Promise.all([
    bidiProvider(),
    serveApps({ "/contextgraph": createProviderApp(unsigned, { allowedOrigins: "*" }) }),
  ]);
  const gone = `${closed.origin}/contextgraph`;
  await closed.close();
  const others = await serveApps({
    "/bidi": createProviderApp(bidi, { path: "/bidi", allowedOrigins: "*" }),
    "/unsigned": createProviderApp(unsigned, { path: "/unsigned", allowedOrigins: "*" }),
    "/bearer": createProviderApp(unsigned, { path: "/bearer", allowedOrigins: "*", bearerToken: TOKEN }),
    "/garbage": withCors(() => new Response("this is not an envelope", { status: 200 })),
  });
  return { others, gone };
}

describe("the playground against HTTP providers: conformance without a handshake, the inspector (issue 22)", () => {
  let play: WorkerPlayground;
  let browser: Browser;
  let origin: string;
  let others: Awaited<ReturnType<typeof serveApps>>;
  let gone: string;

  before(async () => {
    let providers: Awaited<ReturnType<typeof otherProviders>>;
    [play, providers] = await Promise.all([workerPlayground(), otherProviders()]);
    ({ browser, origin } = play);
    ({ others, gone } = providers);
  });

  after(async () => {
    await play?.close();
    await others?.close();
  });

  /** A page of the Worker's playground in a context of its own, allowed to use the clipboard. */
  async function page(): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    return { context, ...(await openPlayground(context, origin)) };
  }

  /** Types a provider URL into the form without connecting. */
  async function choose(p: Page, url: string): Promise<void> {
    await p.getByRole("radio", { name: "A provider URL" }).check();
    await p.getByLabel("Provider URL", { exact: true }).fill(url);
  }

  /** Runs the query in the form against an egress provider, allowing the consent dialog. */
  async function ask(p: Page, goal: string): Promise<void> {
    await fillQuery(p, goal);
    await expectAnswer(p);
    await p.getByRole("button", { name: "Run query" }).click();
    // The dialog opens after a round trip to the host Worker: wait for it, or for the answer, whichever comes.
    await p.waitForFunction(
      () =>
        document.querySelector("#consent-dialog[open]") !== null ||
        performance.getEntriesByName("frameline:all-badges").length > 0,
    );
    if (await p.locator("#consent-dialog[open]").count())
      await p.getByRole("button", { name: "Allow and send" }).click();
    await answered(p);
  }

  async function openInspector(p: Page): Promise<void> {
    if (!(await p.locator("#inspector-body").getAttribute("open"))) await p.locator("#inspector summary").click();
    await p.waitForSelector("#wire-list li");
  }

  test("1. a provider whose names carry bidi controls: the handshake and the consent dialog show markers, the page's words stay in place", async () => {
    const { context, page: p } = await page();
    await connectTo(p, `${others.origin}/bidi`);
    const provider = (await p.textContent('#handshake-body [data-slot="provider"]')) ?? "";
    assert.equal(provider, `docs⟨U+202E⟩ 1.0⟨U+2069⟩ at ${others.origin}/bidi`);
    assert.match((await p.textContent("#handshake-body .keys")) ?? "", /bidi⟨U\+200B⟩-1 · ed25519 · fingerprint/);
    await fillQuery(p, "bidi");
    await p.getByRole("button", { name: "Run query" }).click();
    await p.waitForSelector("#consent-dialog[open]");
    assert.equal(await p.textContent("#consent-title"), `Send queries to docs⟨U+202E⟩ at ${others.origin}/bidi?`);
    assert.deepEqual(await rawHiddenText(p, HIDDEN_CHARACTERS), []);
    await p.getByRole("button", { name: "Allow and send" }).click();
    await answered(p);
    assert.equal(await p.locator('.frame[data-frame-id="bidi-1"] h3').textContent(), "invoice⟨U+202E⟩fdp.exe");
    assert.deepEqual(await rawHiddenText(p, HIDDEN_CHARACTERS), []);
    assert.ok(BIDI.name.includes("\u202E"));
    await context.close();
  });

  test("6. a provider never connected can be inspected: one that is gone, one that answers garbage", async () => {
    const { context, page: p } = await page();
    assert.ok(
      await p.getByRole("region", { name: "Run conformance" }).isVisible(),
      "the panel is there from the start",
    );
    await choose(p, gone);
    const unreachable = await runConformancePanel(p, 60_000);
    assert.match(unreachable.summary, /^Not conformant: handshake failed\. 0 passed, 1 failed, 13 skipped/);

    await connectTo(p, `${others.origin}/garbage`);
    assert.match((await alertText(p)) ?? "", /not a CGP envelope/);
    const garbage = await runConformancePanel(p, 60_000);
    assert.match(garbage.summary, /^Not conformant: handshake failed/);
    const [handshake] = await conformanceRows(p);
    assert.equal(handshake!.status, "fail");
    assert.match(handshake!.evidence, /\S/, "with its evidence");
    await context.close();
  });

  test("6. an unsigned provider over HTTP: the headline says how many checks were skipped and which", async () => {
    const { context, page: p } = await page();
    await choose(p, `${others.origin}/unsigned`);
    const { summary } = await runConformancePanel(p);
    const skipped = (await conformanceRows(p)).filter((row) => row.status === "skipped").map((row) => row.name);
    assert.equal(skipped.length, 7, skipped.join());
    assert.ok(
      summary.startsWith(
        `Conformant — ${skipped.length} of 14 checks skipped: ${skipped.join(", ")} (each says why below).`,
      ),
      summary,
    );
    await context.close();
  });

  test("7. the inspector shows every envelope in order, each copied exactly as it went over the wire", async () => {
    const { context, page: p } = await page();
    const posted: string[] = [];
    context.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/contextgraph")) posted.push(r.postData() ?? "");
    });
    await p.getByRole("button", { name: "Connect" }).click();
    await p.waitForSelector("#handshake-body dl");
    await ask(p, "how do I deploy the worker");
    await openInspector(p);
    const rows = await p.$$eval("#wire-list > li", (items) =>
      items.map((li) => [li.getAttribute("data-direction"), li.getAttribute("data-type")]),
    );
    assert.deepEqual(rows, [
      ["sent", "handshake"],
      ["received", "handshake_ack"],
      ["sent", "query"],
      ["received", "frames"],
    ]);
    await p.getByRole("button", { name: "Copy envelope 3" }).click();
    await p.waitForFunction(() => document.getElementById("status")?.textContent === "Copied.");
    const copied = await p.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, posted[1], "the query, byte for byte as POSTed");
    // Opened, an entry shows the same bytes (filled when first opened).
    await p.locator("#wire-list > li").nth(2).locator("summary").click();
    await p.waitForFunction(() => document.querySelectorAll("#wire-list > li")[2]?.querySelector("pre")?.textContent);
    assert.equal(await p.locator("#wire-list > li").nth(2).locator("pre").textContent(), posted[1]);
    // What the page says next (a copy, logged) adds to the log; the entry opened stays open, not drawn again.
    const logged = await p.locator("#log-list > li").count();
    await p.getByRole("button", { name: "Copy envelope 1" }).click();
    await p.waitForFunction((n) => document.querySelectorAll("#log-list > li").length > n, logged);
    assert.equal(await p.locator("#wire-list > li").nth(2).locator("details").getAttribute("open"), "");
    assert.deepEqual(await accessibilityProblems(p), [], "the inspector, open");
    await screenshot(p, "inspector", true);
    await context.close();
  });

  test("7. the curl command for the latest query runs in a shell and gets the frames the page shows", async () => {
    const { context, page: p } = await page();
    await p.getByRole("button", { name: "Connect" }).click();
    await p.waitForSelector("#handshake-body dl");
    await ask(p, "how do I deploy the worker");
    await openInspector(p);
    const curl = (await p.textContent("#curl")) ?? "";
    assert.match(curl, /^curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/contextgraph'/);
    assert.doesNotMatch(curl, /authorization/i, "no token, no header");
    const { stdout } = await sh("sh", ["-c", curl]);
    const reply = JSON.parse(stdout);
    assert.equal(reply.type, "frames");
    assert.deepEqual(
      reply.result.frames.map((f: { id: string }) => f.id),
      (await badges(p)).map((b) => b.frameId),
    );
    await p.getByRole("button", { name: "Copy the curl command" }).click();
    await p.waitForFunction(() => document.getElementById("status")?.textContent === "Copied.");
    assert.equal(await p.evaluate(() => navigator.clipboard.readText()), curl);
    await context.close();
  });

  test("7. behind a bearer token, the curl command names $CGP_TOKEN and never holds the token", async () => {
    const { context, page: p } = await page();
    await connectTo(p, `${others.origin}/bearer`, { token: TOKEN });
    await ask(p, "anything");
    await openInspector(p);
    const curl = (await p.textContent("#curl")) ?? "";
    assert.ok(!curl.includes(TOKEN), "the token is not in the command");
    assert.ok(curl.includes('-H "authorization: Bearer $CGP_TOKEN"'), curl);
    assert.match((await p.textContent("#curl-note")) ?? "", /Set CGP_TOKEN/);
    assert.ok(!((await p.textContent("#inspector")) ?? "").includes(TOKEN), "nor anywhere in the inspector");
    const withToken = JSON.parse((await sh("sh", ["-c", curl], { env: { ...process.env, CGP_TOKEN: TOKEN } })).stdout);
    assert.equal(withToken.type, "frames");
    const without = JSON.parse((await sh("sh", ["-c", curl], { env: { ...process.env, CGP_TOKEN: "" } })).stdout);
    assert.notEqual(without.type, "frames", "the provider refuses the command without the token");
    await context.close();
  });

  test("7. the history lists each query of the session and asks one again; the log keeps what the page said", async () => {
    const { context, page: p } = await page();
    await connectTo(p, `${others.origin}/garbage`);
    await connectTo(p, `${others.origin}/unsigned`);
    await ask(p, "first question");
    await ask(p, "second question");
    await openInspector(p);
    const history = () => p.$$eval("#history-list > li", (items) => items.map((li) => li.textContent ?? ""));
    const [first, second] = await history();
    assert.match(first!, /“?first question”? to .*\/unsigned · 1 frames, 0 verified/);
    assert.match(second!, /second question/);
    await expectAnswer(p);
    await p.locator("#history-list > li").first().getByRole("button", { name: "Ask again" }).click();
    await answered(p);
    assert.equal(await p.getByLabel("Goal").inputValue(), "first question");
    await p.waitForFunction(() => document.querySelectorAll("#history-list > li").length === 3);
    assert.match((await history())[2]!, /first question/);
    const log = await p.$$eval("#log-list > li", (items) =>
      items.map((li) => [li.getAttribute("data-level"), li.textContent ?? ""]),
    );
    assert.ok(
      log.some(([level, text]) => level === "failure" && /not a CGP envelope/.test(text!)),
      "the failed connect",
    );
    assert.ok(log.some(([level, text]) => level === "status" && /Connected to .*unsigned/.test(text!)));
    assert.ok(log.filter(([, text]) => /frames; \d+ invalid/.test(text!)).length >= 3, "each answer");
    await context.close();
  });
});

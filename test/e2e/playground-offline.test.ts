// The playground with the network off: the page is served from its build folder by request interception and
// every other request is aborted and recorded. The in-page provider (the docs provider in a Web Worker, over a
// MessagePort, NDJSON both ways) carries the whole flow: handshake, query, badges, tamper, pin, revalidate,
// compose, export and import, the hostile frame, the noble fallback, 1,000 frames, the keyboard, axe.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { BrowserContext, Request } from "playwright-core";
import { OFFLINE_ORIGIN, type OfflinePlayground, offlinePlayground } from "../support/browser/playground.ts";
import {
  accessibilityProblems,
  alertText,
  answered,
  badges,
  connectInPage,
  conformanceRows,
  downloads,
  expectAnswer,
  importTranscript,
  type OpenPage,
  openPlayground,
  runConformancePanel,
  runQuery,
  screenshot,
} from "../support/browser/playground-page.ts";
import { mainThreadTasks } from "../support/browser/main-thread.ts";
import { HOST_CHECKS } from "../support/conformance/expected.ts";
import { HOSTILE, hostileProvider, manyFramesProvider, recordSession } from "../support/browser/transcripts.ts";
import { publicKeyOfSeed } from "../support/worker/http.ts";

const GOAL = "how do I deploy the worker";

describe("the playground, offline, with the in-page provider", () => {
  let play: OfflinePlayground;
  let context: BrowserContext;
  let refused: Request[];
  let main: OpenPage;
  let first: Awaited<ReturnType<typeof badges>>;

  before(async () => {
    play = await offlinePlayground();
    ({ context, refused } = await play.context());
    main = await openPlayground(context, OFFLINE_ORIGIN);
    await connectInPage(main.page);
    await runQuery(main.page, GOAL);
    first = await badges(main.page);
  });

  after(() => play?.close());

  test("the page, its Workers and the in-page provider load from the build folder alone: nothing else is asked for", () => {
    assert.deepEqual(
      refused.map((r) => r.url()),
      [],
    );
    assert.deepEqual(main.consoleErrors, []);
  });

  test("the handshake panel names the provider, checks the version family and shows the build's key with its fingerprint", async () => {
    const body = await main.page.textContent("#handshake-body");
    assert.match(body ?? "", /docs 0\.1\.0 \(in this page\)/);
    assert.match(body ?? "", /contextgraph\/1\.0: the same major family/);
    assert.match(body ?? "", /Scope local-only: your data stays on this machine/);
    const publicKey = publicKeyOfSeed(play.built.devSeedHex);
    const fingerprint = (
      createHash("sha256").update(Buffer.from(publicKey, "hex")).digest("hex").slice(0, 16).match(/..../g) ?? []
    ).join(" ");
    const key = main.page.locator(`#handshake-body li[data-key-id="in-page-${publicKey.slice(0, 8)}"]`);
    assert.match((await key.textContent()) ?? "", new RegExp(fingerprint));
    assert.equal(await key.locator("details code").textContent(), publicKey);
    await screenshot(main.page, "connected");
  });

  test("a query renders frames whose every badge says verified, by the published key", () => {
    assert.ok(first.length >= 3, `${first.length} frames`);
    for (const badge of first)
      assert.deepEqual([badge.tone, badge.verdict, badge.tier], ["verified", "valid", "handshake"]);
  });

  test("the budget bar's numbers are the frames' recomputed costs, ceil(UTF-8 bytes / 4), and their sum", async () => {
    const rows = await main.page.$$eval("#frames .frame", (cards) =>
      cards.map((card) => ({
        id: card.getAttribute("data-frame-id")!,
        content: card.querySelector("pre.content")?.textContent ?? "",
      })),
    );
    const bar = await main.page.$$eval("#budget .bar span", (spans) =>
      spans.map((s) => ({ id: s.getAttribute("data-frame-id")!, cost: Number(s.getAttribute("data-cost")) })),
    );
    const expected = rows.map((r) => ({ id: r.id, cost: Math.ceil(Buffer.byteLength(r.content, "utf8") / 4) }));
    assert.deepEqual(bar, expected);
    const total = Number(await main.page.textContent('[data-budget="canonical"]'));
    assert.equal(
      total,
      expected.reduce((sum, r) => sum + r.cost, 0),
    );
  });

  const TAMPERS = [
    { kind: "content", verdict: "content_mismatch" },
    { kind: "provenance", verdict: "commitment_mismatch" },
    { kind: "signature", verdict: "bad_signature" },
    { kind: "lift", verdict: "commitment_mismatch" },
  ] as const;

  for (const { kind, verdict } of TAMPERS) {
    test(`tampering with a frame's ${kind} turns exactly that frame's badge invalid (${verdict}); the others stay verified`, async () => {
      const { page } = main;
      const target = first[1]!.frameId;
      await page.getByLabel("Frame to corrupt in the next answer").selectOption(target);
      await page.locator(`input[name="tamper-kind"][value="${kind}"]`).check();
      await expectAnswer(page);
      await page.getByRole("button", { name: "Tamper and ask again" }).click();
      await answered(page);
      const now = await badges(page);
      assert.deepEqual(
        now.map((b) => b.frameId),
        first.map((b) => b.frameId),
      );
      for (const badge of now)
        if (badge.frameId === target) assert.deepEqual([badge.tone, badge.verdict], ["invalid", verdict], kind);
        else assert.deepEqual([badge.tone, badge.verdict], ["verified", "valid"], `${badge.frameId} after ${kind}`);
      if (kind === "provenance") {
        await page.locator(`.frame[data-frame-id="${target}"] button`, { hasText: "Show inclusion path" }).click();
        await page.waitForSelector("#proof:not([hidden]) [data-path]");
        assert.equal(
          await page.getAttribute("[data-path]", "data-path"),
          "differs",
          "its path no longer leads to the signed root",
        );
        await page.locator(`.frame[data-frame-id="${target}"]`).scrollIntoViewIfNeeded();
        await screenshot(page, "tampered");
      }
      assert.deepEqual(refused, []);
    });
  }

  test("an untampered frame's inclusion path leads from its leaf to the signed root, one step per level", async () => {
    const { page } = main;
    await expectAnswer(page);
    await page.getByRole("button", { name: "Run query" }).click();
    await answered(page);
    await page.locator("#frames .frame").first().getByRole("button", { name: "Show inclusion path" }).click();
    await page.waitForSelector("#proof:not([hidden]) [data-path]");
    assert.equal(await page.getAttribute("[data-path]", "data-path"), "matches");
    const steps = await page.locator("#proof-body ol.hashes li").count();
    const levels = Math.ceil(Math.log2(first.length));
    assert.equal(steps, levels + 3, "commitment, leaf, one line per sibling, signed root");
    assert.equal(await page.locator("#proof-body svg rect").count(), 1 + 2 * levels);
  });

  test("revalidation asks the provider, and every frame of the answer is still valid", async () => {
    await main.page.getByRole("button", { name: "Revalidate the frames" }).click();
    await main.page.waitForSelector("#revalidation li");
    const statuses = await main.page.$$eval("#revalidation li", (items) =>
      items.map((i) => i.getAttribute("data-status")),
    );
    assert.deepEqual(
      statuses,
      first.map(() => "valid"),
    );
  });

  test("the compose view shows exactly one fence per admitted frame, and the audit lists every frame once", async () => {
    const { page } = main;
    await page.getByLabel("Budget (budget tokens)").fill("300");
    await page.getByRole("button", { name: "Compose", exact: true }).click();
    await page.waitForSelector("#prompt");
    const prompt = (await page.textContent("#prompt")) ?? "";
    const admitted = await page.locator('#compose-body tr[data-disposition="included"]').count();
    const rows = await page.locator("#compose-body tbody tr").count();
    assert.equal(prompt.match(/<frame provider=/g)?.length ?? 0, admitted);
    assert.equal(prompt.match(/<\/frame>\n/g)?.length ?? 0, admitted);
    assert.equal(rows, first.length);
    assert.ok(admitted > 0 && admitted < first.length, `a 300-token budget admits some, not all (${admitted})`);
  });

  test("pinning the key: later answers are verified by the pinned tier", async () => {
    const { page } = main;
    await page
      .locator("#handshake-body")
      .getByRole("button", { name: /^Pin key/ })
      .click();
    await page.waitForSelector('[data-pin="pinned"]');
    await runQuery(page, GOAL);
    for (const badge of await badges(page)) assert.deepEqual([badge.verdict, badge.tier], ["valid", "pinned"]);
  });

  test("a pinned key that no longer matches the published one is shown loudly, and nothing verifies against it", async () => {
    const { context: fresh } = await play.context();
    const keyId = `in-page-${publicKeyOfSeed(play.built.devSeedHex).slice(0, 8)}`;
    const stale = { key_id: keyId, algorithm: "ed25519", public_key: publicKeyOfSeed("33".repeat(32)) };
    await fresh.addInitScript(
      (value) => localStorage.setItem("frameline.trust", value),
      JSON.stringify({ "in-page": [stale] }),
    );
    const { page } = await openPlayground(fresh, OFFLINE_ORIGIN);
    await connectInPage(page);
    const loud = page.locator('[data-pin="mismatch"] [role="alert"]');
    assert.match((await loud.textContent()) ?? "", /is NOT the one you pinned/);
    await runQuery(page, GOAL);
    for (const badge of await badges(page)) assert.deepEqual([badge.tone, badge.verdict], ["invalid", "bad_signature"]);
    await fresh.close();
  });

  test("a link reproduces the query: the fragment names the provider and the query, and opening it runs them", async () => {
    const href = (await main.page.getAttribute("#share-link", "href")) ?? "";
    assert.match(href, /^#provider=in-page&goal=how\+do\+I\+deploy\+the\+worker/);
    const { context: fresh } = await play.context();
    const { page } = await openPlayground(fresh, OFFLINE_ORIGIN, href);
    await answered(page);
    assert.deepEqual(
      (await badges(page)).map((b) => [b.frameId, b.verdict]),
      first.map((b) => [b.frameId, "valid"]),
    );
    await fresh.close();
  });

  test("exported, then imported (picked or dropped) with the network off: the same badges; a tampered line shows as tampering", async () => {
    await runQuery(main.page, GOAL);
    const files = await downloads(
      main.page,
      () => main.page.getByRole("button", { name: "Export the session" }).click(),
      2,
    );
    const transcript = files["frameline-session.ndjson"]!;
    const verdicts = JSON.parse(files["frameline-verdicts.json"]!);
    assert.ok(transcript.split("\n").some((line) => line.startsWith('{"type":"frames"')));
    assert.deepEqual(
      verdicts.answers.at(-1).frames.map((f: { verdict: string }) => f.verdict),
      first.map(() => "valid"),
    );
    const { context: fresh, refused: offline } = await play.context();
    const { page } = await openPlayground(fresh, OFFLINE_ORIGIN);
    await importTranscript(page, "session.ndjson", transcript);
    assert.match((await page.textContent('[data-import="summary"]')) ?? "", /offline/);
    assert.deepEqual(
      (await badges(page)).map((b) => [b.frameId, b.verdict, b.tier]),
      first.map((b) => [b.frameId, "valid", "handshake"]),
    );

    const lines = transcript.split("\n");
    const at = lines.findIndex((line) => line.startsWith('{"type":"frames"'));
    const envelope = JSON.parse(lines[at]!);
    const victim = envelope.result.frames[2];
    victim.provenance[0].range = "L1-2";
    lines[at] = JSON.stringify(envelope);
    await importTranscript(page, "tampered.ndjson", lines.join("\n"));
    for (const badge of await badges(page))
      assert.equal(badge.verdict, badge.frameId === victim.id ? "commitment_mismatch" : "valid", badge.frameId);

    // The same transcript dropped on the drop zone instead of picked.
    await expectAnswer(page);
    const dropped = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], "dropped.ndjson", { type: "application/x-ndjson" }));
      return transfer;
    }, transcript);
    await page.dispatchEvent("#drop-zone", "drop", { dataTransfer: dropped });
    await answered(page);
    assert.deepEqual(
      (await badges(page)).map((b) => [b.frameId, b.verdict]),
      first.map((b) => [b.frameId, "valid"]),
    );
    assert.deepEqual(offline, []);
    await fresh.close();
  });

  test("a hostile frame changes nothing but its own text: no dialog, no console error, no request, text verbatim", async () => {
    const transcript = await recordSession(await hostileProvider(), [
      { goal: "anything", max_frames: 4, max_tokens: 500 },
    ]);
    const { context: fresh, refused: offline } = await play.context();
    const opened = await openPlayground(fresh, OFFLINE_ORIGIN);
    const { page } = opened;
    await importTranscript(page, "hostile.ndjson", transcript);
    const card = page.locator(".frame").first();
    assert.equal(await card.locator("h3").textContent(), HOSTILE.title);
    assert.equal(await card.locator("pre.content").textContent(), HOSTILE.content);
    assert.match(
      (await card.locator(".meta").textContent()) ?? "",
      new RegExp(HOSTILE.citation.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    );
    assert.equal(await card.locator(".relations a").textContent(), `links-to: ${HOSTILE.relationName}`);
    assert.equal(
      await page.locator("#frames img, #frames script, #frames b, #frames svg").count(),
      0,
      "no element from the frame",
    );
    assert.equal(await card.locator(".badge").count(), 1, "one badge: the page's own");
    assert.equal(await card.locator("header .badge").getAttribute("data-verdict"), "valid");
    assert.ok(!(await card.locator(".relations a").getAttribute("href"))?.startsWith("javascript:"));
    await page.waitForTimeout(300);
    assert.deepEqual(opened.dialogs, []);
    assert.deepEqual(opened.consoleErrors, []);
    assert.deepEqual(offline, []);
    await fresh.close();
  });

  test("with WebCrypto's Ed25519 hidden, the noble fallback computes identical badges", async () => {
    const { context: fresh } = await play.context();
    const host = await readFile(join(play.built.outDir, "host.js"), "utf8");
    const hide = `{const s=crypto.subtle,i=s.importKey.bind(s),v=s.verify.bind(s),no=(a)=>String(a?.name??a).toLowerCase()==="ed25519";s.importKey=(...a)=>no(a[2])?Promise.reject(new DOMException("no Ed25519","NotSupportedError")):i(...a);s.verify=(...a)=>no(a[0])?Promise.reject(new DOMException("no Ed25519","NotSupportedError")):v(...a);}\n`;
    const nobleChunks: string[] = [];
    await fresh.route("**/host.js", (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: hide + host }),
    );
    fresh.on("request", (r) => {
      if (/chunks\/ed25519-/.test(r.url())) nobleChunks.push(r.url());
    });
    const { page } = await openPlayground(fresh, OFFLINE_ORIGIN);
    await connectInPage(page);
    assert.match((await page.textContent("#handshake-body")) ?? "", /@noble\/ed25519/);
    await runQuery(page, GOAL);
    assert.deepEqual(await badges(page), first);
    assert.equal(nobleChunks.length, 1, "the noble chunk is loaded, once");
    await fresh.close();
  });

  test("stopping the in-page provider (a crash): the next query fails at once with a clear message; connecting starts it again", async () => {
    const { context: fresh } = await play.context();
    const { page } = await openPlayground(fresh, OFFLINE_ORIGIN);
    await connectInPage(page);
    await runQuery(page, GOAL);
    await page.getByRole("button", { name: "Stop the provider (a crash)" }).click();
    await page.getByRole("button", { name: "Run query" }).click();
    await page.waitForSelector("#alert:not([hidden])");
    assert.match((await alertText(page)) ?? "", /The provider stopped/);
    await screenshot(page, "error");
    assert.deepEqual(await accessibilityProblems(page), [], "error state");
    // A new Worker, and a new link from the host to it: the host opens its session there.
    await connectInPage(page);
    assert.ok(await page.locator("#alert").isHidden(), (await alertText(page)) ?? "");
    await runQuery(page, GOAL);
    assert.ok((await badges(page)).every((b) => b.tone === "verified"));
    await fresh.close();
  });

  test("the conformance panel checks the in-page provider with the network off: every check that applies passes", async (t) => {
    const { context: fresh, refused: offline } = await play.context();
    const { page, consoleErrors } = await openPlayground(fresh, OFFLINE_ORIGIN);
    await connectInPage(page);
    const { summary, ms } = await runConformancePanel(page);
    t.diagnostic(`the in-page provider's full run took ${ms} ms offline`);
    const rows = await conformanceRows(page);
    assert.equal(rows.length, 14);
    const skipped = rows.filter((row) => row.status === "skipped").map((row) => row.name);
    assert.deepEqual(
      skipped,
      ["provenance-fixture-consistency", "embedding-fingerprint"],
      "no file source; no embeddings",
    );
    assert.ok(
      rows.every((row) => row.status === "pass" || skipped.includes(row.name)),
      JSON.stringify(rows, null, 1),
    );
    assert.match(
      summary,
      /^Conformant — 2 of 14 checks skipped: provenance-fixture-consistency, embedding-fingerprint \(each says why below\)\. 12 passed/,
    );
    const files = await downloads(
      page,
      () => page.getByRole("button", { name: "Export the report (JSON)" }).click(),
      1,
    );
    assert.deepEqual(JSON.parse(Object.values(files)[0]!).checks, rows);
    assert.deepEqual(
      offline.map((r) => r.url()),
      [],
      "the suite, its chunk and every connection stayed in the page",
    );
    assert.deepEqual(consoleErrors, []);
    await screenshot(page, "conformance-offline");
    await fresh.close();
  });

  test("the panel checks this page's host too: frameline's Host passes all 13 host and composition checks, offline", async (t) => {
    const { context: fresh, refused: offline } = await play.context();
    const { page } = await openPlayground(fresh, OFFLINE_ORIGIN);
    await connectInPage(page);
    await page.getByRole("button", { name: "Check this page's host" }).click();
    await page.waitForSelector("#conformance-summary:not([hidden]), #alert:not([hidden])", { timeout: 120_000 });
    const rows = await conformanceRows(page);
    assert.deepEqual(
      rows.map((row) => [row.name, row.status]),
      HOST_CHECKS.map((name) => [name, "pass"]),
      JSON.stringify(rows, null, 1),
    );
    for (const row of rows) assert.match(row.evidence, /\S/, `${row.name} shows its evidence`);
    t.diagnostic(`the host suite took ${await page.getAttribute("#conformance-summary", "data-ms")} ms in the panel`);
    assert.match(
      (await page.textContent("#conformance-summary")) ?? "",
      /^Conformant\. 13 passed, 0 failed, 0 skipped of 13 checks against frameline Host/,
    );
    assert.deepEqual(
      offline.map((r) => r.url()),
      [],
    );
    await fresh.close();
  });

  test("a 1,000-frame signed answer verifies and renders with no main-thread task over 50 ms", async (t) => {
    const transcript = await recordSession(await manyFramesProvider(1000), [
      { goal: "many", max_frames: 1000, max_tokens: 1_000_000 },
    ]);
    const file = join(play.built.outDir, "..", "many.ndjson");
    await writeFile(file, transcript);
    const { context: fresh } = await play.context();
    await fresh.addInitScript(() => {
      (globalThis as any).__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) (globalThis as any).__longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: "longtask", buffered: true });
    });
    const { page } = await openPlayground(fresh, OFFLINE_ORIGIN);
    const tasks = await mainThreadTasks(page, () => importTranscript(page, "many.ndjson", { path: file }));
    const all = await badges(page);
    assert.equal(all.length, 1000);
    assert.ok(all.every((b) => b.verdict === "valid"));
    // The issues' bound: no main-thread task over 50 ms (issue 22; 100 ms before) while the answer is checked
    // and drawn (verification runs in the host Worker, cards go in ~4 ms slices). The PerformanceObserver's long tasks are wall time,
    // which a machine running other work stretches at will, so they are reported; what is asserted is each
    // task's thread time from the trace: the page's own work, on an idle machine or a loaded one.
    const observed: number[] = await page.evaluate(() => {
      const asked = performance.getEntriesByName("frameline:asked").at(-1)!.startTime;
      return (globalThis as any).__longTasks.filter(([start]: number[]) => start! >= asked).map(([, d]: number[]) => d);
    });
    const longest = Math.max(...tasks.map((task) => task.threadMs));
    t.diagnostic(
      `${tasks.length} main-thread tasks; longest ${longest.toFixed(1)} ms of thread time; long tasks observed (wall): ${observed.map((d) => d.toFixed(0)).join(", ") || "none"}`,
    );
    assert.ok(tasks.length > 50, "the work was spread over many tasks");
    assert.ok(longest <= 50, `a main-thread task took ${longest.toFixed(1)} ms of thread time`);
    await fresh.close();
  });

  test("keyboard only: connect, query, select a frame and compose, every step reached with Tab", async () => {
    const { context: fresh } = await play.context();
    const { page } = await openPlayground(fresh, OFFLINE_ORIGIN);
    const tabTo = async (selector: string) => {
      for (let i = 0; i < 120; i++) {
        await page.keyboard.press("Tab");
        if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
      }
      assert.fail(`Tab never reached ${selector}`);
    };
    await tabTo('input[name="mode"]');
    await page.keyboard.press("ArrowDown");
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement).value), "in-page");
    await tabTo("#connect-button");
    await page.keyboard.press("Enter");
    await page.waitForSelector("#handshake:not([hidden]) [data-key-id]");
    await tabTo("#goal");
    await page.keyboard.type(GOAL);
    await expectAnswer(page);
    await page.keyboard.press("Enter");
    await answered(page);
    assert.equal(await page.evaluate(() => document.activeElement?.id), "results-h", "focus moves to the answer");
    await tabTo('#frames button[data-action="path"]');
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-path]");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "proof-h");
    await tabTo("#compose-button");
    await page.keyboard.press("Enter");
    await page.waitForSelector("#prompt");
    assert.match((await page.textContent("#prompt")) ?? "", /<frame provider="in-page"/);
    await fresh.close();
  });

  test("axe finds no serious or critical violation: start, an answer, inclusion path and compose, phone, dark scheme", async () => {
    const { context: fresh } = await play.context();
    const { page } = await openPlayground(fresh, OFFLINE_ORIGIN);
    assert.deepEqual(await accessibilityProblems(page), [], "start");
    await connectInPage(page);
    await runQuery(page, GOAL);
    assert.deepEqual(await accessibilityProblems(page), [], "answer");
    await page.locator("#frames .frame").first().getByRole("button", { name: "Show inclusion path" }).click();
    await page.getByRole("button", { name: "Compose", exact: true }).click();
    await page.waitForSelector("#prompt");
    assert.deepEqual(await accessibilityProblems(page), [], "path and compose");
    await page.locator("#results-h").scrollIntoViewIfNeeded();
    await screenshot(page, "results");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator("#results-h").scrollIntoViewIfNeeded();
    await screenshot(page, "phone");
    assert.deepEqual(await accessibilityProblems(page), [], "phone");
    await page.emulateMedia({ colorScheme: "dark" });
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), "rgb(13, 17, 23)");
    await screenshot(page, "phone-dark");
    assert.deepEqual(await accessibilityProblems(page), [], "dark scheme");
    await fresh.close();
  });
});

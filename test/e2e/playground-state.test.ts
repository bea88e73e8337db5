// The playground's state and layout (issue 22, item 5), offline with the in-page provider: a failed connect
// takes the old session's panels down; the query link shows only for a query; a 200 KB frame is folded; on a
// 390 px phone the first badge is in view and nothing scrolls sideways; with 1,000 frames the inclusion path
// opens at its card with a way back, and a filter shows the frames that are not verified; each path button
// names its frame; focus stays after a conformance run; an empty export is explained; a key can be unpinned;
// the goal shows an example.
import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { OFFLINE_ORIGIN, type OfflinePlayground, offlinePlayground } from "../support/browser/playground.ts";
import {
  accessibilityProblems,
  alertText,
  badges,
  connectInPage,
  connectTo,
  importTranscript,
  openPlayground,
  runConformancePanel,
  runQuery,
  screenshot,
} from "../support/browser/playground-page.ts";
import { largeFrameProvider, manyFramesProvider, recordSession } from "../support/browser/transcripts.ts";

const GOAL = "how do I deploy the worker";

describe("the playground's state and layout (issue 22.5)", () => {
  let play: OfflinePlayground;

  before(async () => {
    play = await offlinePlayground();
  });

  after(() => play?.close());

  /** A fresh offline page (its own storage), with a viewport of `width` × `height`. */
  async function fresh(viewport = { width: 1280, height: 800 }): Promise<Page> {
    const { context } = await play.context({ viewport });
    return (await openPlayground(context, OFFLINE_ORIGIN)).page;
  }

  const visible = (page: Page, ids: readonly string[]) =>
    page.evaluate((list) => list.filter((id) => document.getElementById(id)!.checkVisibility()), ids);

  test("after a failed connect, the old session's panels are gone: nothing left to click that says 'Not connected'", async () => {
    const page = await fresh();
    await connectInPage(page);
    await runQuery(page, GOAL);
    const session = ["handshake", "query", "results", "tamper", "revalidate", "compose"];
    assert.deepEqual(await visible(page, session), session);
    await connectTo(page, `${OFFLINE_ORIGIN}/contextgraph`);
    assert.match((await alertText(page)) ?? "", /could not be reached/);
    assert.deepEqual(await visible(page, [...session, "share"]), [], "no panel of the old session is live");
    assert.deepEqual(await visible(page, ["connect", "conformance", "transcript", "inspector"]), [
      "connect",
      "conformance",
      "transcript",
      "inspector",
    ]);
    await page.context().close();
  });

  test("'Link to this query' shows only once a query ran, and names the provider it ran against", async () => {
    const page = await fresh();
    assert.equal(await page.locator("#share-link").count(), 0, "no link before any query");
    assert.ok(await page.locator("#share").isHidden());
    await connectInPage(page);
    assert.ok(await page.locator("#share").isHidden(), "connected, but no query yet");
    await runQuery(page, GOAL);
    assert.ok(await page.locator("#share-link").isVisible());
    assert.match((await page.getAttribute("#share-link", "href")) ?? "", /^#provider=in-page&goal=how\+do/);
    await page.context().close();
  });

  test("a 200 KB frame is folded into a box of its own that the keyboard can scroll; the card after it stays close", async () => {
    const bytes = 200 * 1024;
    const transcript = await recordSession(await largeFrameProvider(bytes), [
      { goal: "large", max_frames: 4, max_tokens: 1_000_000 },
    ]);
    const page = await fresh();
    await importTranscript(page, "large.ndjson", transcript);
    const card = page.locator('.frame[data-frame-id="large-1"]');
    const box = await card.boundingBox();
    assert.ok(box && box.height < 1000, `the card is ${box?.height} px tall`);
    const content = card.locator("pre.content");
    assert.equal((await content.textContent())?.length, bytes, "all of it is there, as text");
    assert.equal(await content.getAttribute("tabindex"), "0");
    assert.match((await content.getAttribute("aria-label")) ?? "", /Content of frame 1, .*A large frame/);
    assert.ok(await content.evaluate((pre) => pre.scrollHeight > 20 * pre.clientHeight), "it scrolls within its box");
    assert.equal(await page.locator('.frame[data-frame-id="small-1"] pre.content').getAttribute("tabindex"), null);
    assert.deepEqual(await accessibilityProblems(page), []);
    await page.context().close();
  });

  test("on a 390 px phone: no sideways scroll in any state, and after a query the first badge is near the top of the screen", async (t) => {
    const page = await fresh({ width: 390, height: 844 });
    const sideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(await sideways(), 0, "start");
    await connectInPage(page);
    assert.equal(await sideways(), 0, "connected");
    await runQuery(page, GOAL);
    assert.equal(await sideways(), 0, "answered");
    const top = await page
      .locator("#frames .frame .badge")
      .first()
      .evaluate((b) => b.getBoundingClientRect().top);
    t.diagnostic(`the first badge is ${top.toFixed(0)} px from the top of an 844 px screen`);
    assert.ok(top >= 0 && top < 844 * 0.6, `the first badge is ${top} px from the top of the screen`);
    await screenshot(page, "phone-answer");
    await page.locator("#inspector summary").click();
    await page.waitForSelector("#wire-list li[data-type]");
    await runConformancePanel(page);
    assert.equal(await sideways(), 0, "inspector open, conformance run");
    assert.deepEqual(await accessibilityProblems(page), [], "phone");
    await page.context().close();
  });

  describe("1,000 frames", () => {
    let page: Page;

    before(async () => {
      const transcript = await recordSession(await manyFramesProvider(1000), [
        { goal: "many", max_frames: 1000, max_tokens: 1_000_000 },
      ]);
      // Three frames' content altered after signing, far apart.
      const lines = transcript.split("\n");
      const at = lines.findIndex((line) => line.startsWith('{"type":"frames"'));
      const envelope = JSON.parse(lines[at]!);
      for (const i of [3, 500, 997]) envelope.result.frames[i].content += " altered";
      lines[at] = JSON.stringify(envelope);
      const file = join(play.built.outDir, "..", "many-altered.ndjson");
      await writeFile(file, lines.join("\n"));
      page = await fresh();
      await importTranscript(page, "many.ndjson", { path: file });
    });

    after(() => page?.context().close());

    test("a filter shows only the frames that are not verified", async () => {
      assert.equal(await page.textContent("#problem-count"), "3 of 1000");
      await page.getByLabel(/Show only frames that are not verified/).check();
      const shown = await page.$$eval("#frames .frame", (cards) =>
        cards.filter((card) => card.checkVisibility()).map((card) => card.getAttribute("data-index")),
      );
      assert.deepEqual(shown, ["3", "500", "997"]);
      await page.getByLabel(/Show only frames that are not verified/).uncheck();
    });

    test("every 'Show inclusion path' button names its frame", async () => {
      const names = await page.$$eval('#frames button[data-action="path"]', (buttons) =>
        buttons.map((b) => b.getAttribute("aria-label") ?? ""),
      );
      assert.equal(names.length, 1000);
      assert.equal(new Set(names).size, 1000, "no two alike");
      assert.match(names[500]!, /^Show inclusion path of frame 501, \u2068Section 500\u2069$/);
    });

    test("the inclusion path opens at its card, and 'Back to the frame' returns there", async () => {
      // By selector: a card far off screen is not rendered (content-visibility), so it has no box to find by role.
      const button = page.locator('#frames .frame[data-index="500"] button[data-action="path"]');
      await button.scrollIntoViewIfNeeded();
      await button.click();
      await page.waitForSelector("#proof:not([hidden]) [data-path]");
      assert.equal(await page.evaluate(() => document.activeElement?.id), "proof-h");
      const where = await page.evaluate(() => {
        const proof = document.getElementById("proof")!;
        const card = proof.closest(".frame")!;
        return {
          card: card.getAttribute("data-index"),
          distance: proof.getBoundingClientRect().top - card.getBoundingClientRect().top,
        };
      });
      assert.equal(where.card, "500", "in the frame's own card");
      assert.ok(where.distance < 800, `${where.distance} px below the card's top`);
      const selected = () =>
        page.$$eval("#frames .frame.selected", (cards) => cards.map((c) => c.getAttribute("data-index")));
      assert.deepEqual(await selected(), ["500"], "that card alone is marked");
      await page.getByRole("button", { name: "Back to the frame" }).click();
      assert.ok(await page.locator("#proof").isHidden());
      assert.deepEqual(await selected(), [], "and unmarked when the path closes");
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute("aria-label")),
        "Show inclusion path of frame 501, \u2068Section 500\u2069",
      );
    });
  });

  test("focus stays where it was after a conformance run started from the keyboard", async () => {
    const page = await fresh();
    await page.getByRole("radio", { name: /The in-page provider/ }).check();
    await page.focus("#conformance-run");
    await page.keyboard.press("Enter");
    await page.waitForSelector("#conformance-summary:not([hidden])", { timeout: 120_000 });
    assert.equal(await page.evaluate(() => document.activeElement?.id), "conformance-run");
    await page.context().close();
  });

  test("exporting an empty session downloads nothing and says why", async () => {
    const page = await fresh();
    const downloads: string[] = [];
    page.on("download", (d) => downloads.push(d.suggestedFilename()));
    await page.getByRole("button", { name: "Export the session" }).click();
    await page.waitForFunction(() => document.getElementById("export-note")?.textContent !== "");
    assert.match((await page.textContent("#export-note")) ?? "", /^Nothing to export yet/);
    assert.deepEqual(downloads, []);
    await page.context().close();
  });

  test("a pinned key can be unpinned: the store forgets it and later answers are checked by the published key", async () => {
    const page = await fresh();
    await connectInPage(page);
    await page
      .locator("#handshake-body")
      .getByRole("button", { name: /^Pin key/ })
      .click();
    await page.waitForSelector('[data-pin="pinned"]');
    await runQuery(page, GOAL);
    assert.ok((await badges(page)).every((b) => b.tier === "pinned"));
    await page
      .locator("#handshake-body")
      .getByRole("button", { name: /^Unpin key/ })
      .click();
    await page.waitForSelector('[data-pin="unpinned"]');
    assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem("frameline.trust") ?? "{}")), {
      "in-page": [],
    });
    await runQuery(page, GOAL);
    assert.ok((await badges(page)).every((b) => b.tier === "handshake" && b.verdict === "valid"));
    await page.context().close();
  });

  test("the goal shows an example, and an empty one is refused by name", async () => {
    const page = await fresh();
    await connectInPage(page);
    assert.match((await page.getAttribute("#goal", "placeholder")) ?? "", /^e\.g\. /);
    assert.match((await page.textContent("#goal-note")) ?? "", /for example/);
    await page.getByRole("button", { name: "Run query" }).click();
    await page.waitForSelector("#alert:not([hidden])");
    assert.match((await alertText(page)) ?? "", /the goal is required/);
    await page.context().close();
  });
});

// The playground tells the truth at a glance (issue 22, items 1–4), offline: provider text cannot reorder or
// disguise the page's own words, each card says what its signature covers and a title cannot pass for a badge,
// the in-page provider works with the network cut from the first click, and a result's badge reflects its
// frames. The build is served by interception; every other request is refused.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { BrowserContext } from "playwright-core";
import { OFFLINE_ORIGIN, type OfflinePlayground, offlinePlayground } from "../support/browser/playground.ts";
import {
  accessibilityProblems,
  alertText,
  answered,
  badges,
  connectInPage,
  expectAnswer,
  importTranscript,
  leftEdges,
  openPlayground,
  rawHiddenText,
  runConformancePanel,
  runQuery,
  screenshot,
} from "../support/browser/playground-page.ts";
import { BIDI, bidiProvider, HIDDEN_CHARACTERS, recordSession } from "../support/browser/transcripts.ts";

const GOAL = "how do I deploy the worker";

describe("the playground tells the truth at a glance (issue 22)", () => {
  let play: OfflinePlayground;
  let bidiTranscript: string;

  before(async () => {
    [play, bidiTranscript] = await Promise.all([
      offlinePlayground(),
      bidiProvider().then((provider) => recordSession(provider, [{ goal: "bidi", max_frames: 4, max_tokens: 500 }])),
    ]);
  });

  after(() => play?.close());

  /** A fresh offline page with the bidi transcript imported. */
  async function importedBidi(): Promise<{ context: BrowserContext; page: import("playwright-core").Page }> {
    const { context } = await play.context();
    const { page } = await openPlayground(context, OFFLINE_ORIGIN);
    await importTranscript(page, "bidi.ndjson", bidiTranscript);
    return { context, page };
  }

  test("1. bidi controls and invisible characters from a provider are shown as markers and cannot reorder the page's own text", async () => {
    const { context, page } = await importedBidi();
    const card = page.locator('.frame[data-frame-id="bidi-1"]');
    assert.deepEqual(
      await rawHiddenText(page, HIDDEN_CHARACTERS),
      [],
      "no hidden character reaches the page as itself",
    );
    assert.equal(await card.locator("h3").textContent(), "invoice⟨U+202E⟩fdp.exe");
    assert.equal(await card.locator(".kind").textContent(), "doc⟨U+2066⟩x");
    assert.equal(
      await card.locator(".meta").textContent(),
      "id bidi-1 · cite ⟨U+202E⟩docs/a.md · score 0.8 · cost 33",
      "the page's words around the citation are in their order",
    );
    const [cite, score, scoreValue, cost, costValue] = await leftEdges(page, '.frame[data-frame-id="bidi-1"] .meta', [
      "cite",
      "score",
      "0.8",
      "cost",
      "33",
    ]);
    assert.ok(
      cite! < score! && score! < scoreValue! && scoreValue! < cost! && cost! < costValue!,
      `drawn left to right: cite ${cite}, score ${score}, 0.8 ${scoreValue}, cost ${cost}, 33 ${costValue}`,
    );
    const [invoice, extension] = await leftEdges(page, '.frame[data-frame-id="bidi-1"] h3', ["invoice", "fdp.exe"]);
    assert.ok(invoice! < extension!, "the title reads invoice…fdp.exe, not …exe.pdf");
    const summary = (await page.locator("#answer-summary").textContent()) ?? "";
    assert.ok(summary.includes("docs⟨U+202E⟩"), summary);
    assert.match(summary, /\(imported\): 2 verified\.$/, "the sentence after the provider's name is intact");
    const detail = (await card.locator(".badge-detail").textContent()) ?? "";
    assert.ok(detail.includes("bidi⟨U+200B⟩-1") && detail.includes("⟨U+FEFF⟩bidi"), detail);
    assert.equal(await card.locator(".ctl").count(), 3, "title, kind and citation: one marker each, styled as such");
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "bidi");
    await context.close();
  });

  test("2. each card says what its signature covers (spec §3.6), and a title that imitates a badge stays quoted text", async () => {
    const { context, page } = await importedBidi();
    const imitation = page.locator('.frame[data-frame-id="bidi-2"]');
    assert.equal(await imitation.locator("h3").textContent(), BIDI.imitation);
    const look = await imitation.evaluate((card) => {
      const title = card.querySelector("h3 .q")!;
      const badge = card.querySelector("header .badge")!;
      return {
        quoted: [getComputedStyle(title, "::before").content, getComputedStyle(title, "::after").content],
        titleBackground: getComputedStyle(title).backgroundColor,
        badgeBackground: getComputedStyle(badge).backgroundColor,
        icon: [getComputedStyle(badge, "::before").borderRadius, getComputedStyle(badge, "::before").content],
        badges: card.querySelectorAll(".badge").length,
        quotations: card.querySelectorAll("h3 .q").length,
        inBadge: badge.textContent,
      };
    });
    assert.deepEqual(look.quoted, ['"“"', '"”"'], "provider text is drawn between quotation marks");
    assert.notEqual(look.badgeBackground, look.titleBackground);
    assert.deepEqual(look.icon, ["50%", '"✓" / ""'], "the badge carries the page's icon, a disc with a check mark");
    assert.equal(look.badges, 1, "the only badge on the card is the page's");
    assert.equal(look.quotations, 1, "one pair of quotation marks around the title");
    assert.equal(look.inBadge, "Verified");

    // What §3.6 puts in the frame commitment: provider name, id, content_digest, provenance. Nothing else.
    const covers = (await page.locator('.frame[data-frame-id="bidi-1"] .covers').allTextContents()).join(" ");
    const [signed, unsigned] = covers.split("Not signed:");
    for (const field of ["name", "id", "content", "provenance"]) assert.match(signed!, new RegExp(`\\b${field}\\b`));
    for (const field of ["title", "kind", "score", "citation", "URI", "relations"])
      assert.match(unsigned!, new RegExp(`\\b${field}\\b`), `${field} is said to be unsigned`);

    // An edited title, score, kind and citation still verify (they are not signed), and the card says so;
    // an edited id does not verify, and the card says nothing on it is vouched for.
    const lines = bidiTranscript.split("\n");
    const at = lines.findIndex((line) => line.startsWith('{"type":"frames"'));
    const envelope = JSON.parse(lines[at]!);
    Object.assign(envelope.result.frames[0], { title: "edited", score: 0.1, kind: "other", citation_label: "x" });
    envelope.result.frames[1].id = "bidi-2-edited";
    lines[at] = JSON.stringify(envelope);
    await importTranscript(page, "edited.ndjson", lines.join("\n"));
    const edited = page.locator('.frame[data-frame-id="bidi-1"]');
    assert.equal(await edited.getAttribute("data-verdict"), "valid");
    assert.match((await edited.locator(".covers").textContent()) ?? "", /Not signed: title, kind, score/);
    const renamed = page.locator('.frame[data-frame-id="bidi-2-edited"]');
    assert.notEqual(await renamed.getAttribute("data-tone"), "verified");
    assert.equal(
      await renamed.locator(".covers").textContent(),
      "No valid signature: nothing on this card is vouched for.",
    );
    assert.deepEqual(await accessibilityProblems(page), [], "cards with coverage and quoted text");
    await context.close();
  });

  test("3. offline from the first click: the network cut after load and before choosing the in-page provider, everything it offers works", async (t) => {
    const { context, refused, cut } = await play.context();
    const { page, consoleErrors } = await openPlayground(context, OFFLINE_ORIGIN);
    await page.waitForFunction(() => document.getElementById("in-page-state")?.textContent?.startsWith("Ready"));
    const loaded = refused.length;
    await cut();
    await connectInPage(page);
    assert.equal(await alertText(page), undefined);
    await runQuery(page, GOAL);
    const all = await badges(page);
    assert.ok(all.length >= 3 && all.every((b) => b.verdict === "valid"), JSON.stringify(all));
    const { summary } = await runConformancePanel(page);
    assert.match(summary, /^Conformant — 2 of 14 checks skipped/, "the suite was loaded with the page");
    await importTranscript(page, "bidi.ndjson", bidiTranscript);
    assert.equal(await page.locator("#frames .frame").count(), 2, "so were the host's tools: import works");
    // The browser may ask for the page's icon after the cut (it does so when it likes): nothing else is asked for.
    const afterCut = refused.slice(loaded).map((r) => new URL(r.url()).pathname);
    t.diagnostic(`refused after the cut: ${afterCut.join(", ") || "nothing"}`);
    assert.deepEqual(
      afterCut.filter((path) => path !== "/favicon.svg"),
      [],
    );
    assert.equal(consoleErrors.length, afterCut.length, consoleErrors.join("\n"));
    await context.close();
  });

  test("3. when the in-page provider's script never loaded, choosing it says so at once, naming the file, not the URL", async () => {
    const { context } = await play.context({ withhold: (path) => path === "provider.js" });
    const { page } = await openPlayground(context, OFFLINE_ORIGIN);
    await page.waitForFunction(() => document.getElementById("in-page-state")?.textContent?.startsWith("Could not"));
    const started = Date.now();
    await connectInPage(page);
    const alert = (await alertText(page)) ?? "";
    assert.match(alert, /^The in-page provider could not be started.*provider\.js/s);
    assert.doesNotMatch(alert, /check the URL/i);
    assert.ok(Date.now() - started < 5_000, "well before the 10 s handshake timeout");
    await context.close();
  });

  test("4. the result's badge reflects its frames: altered content is invalid at the root, a broken frame signature is counted", async () => {
    const { context } = await play.context();
    const { page } = await openPlayground(context, OFFLINE_ORIGIN);
    await connectInPage(page);
    await runQuery(page, GOAL);
    const target = (await badges(page))[1]!.frameId;
    const tamper = async (kind: string) => {
      await page.getByLabel("Frame to corrupt in the next answer").selectOption(target);
      await page.locator(`input[name="tamper-kind"][value="${kind}"]`).check();
      await expectAnswer(page);
      await page.getByRole("button", { name: "Tamper and ask again" }).click();
      await answered(page);
      return {
        verdict: await page.getAttribute('#root [data-slot="result"] .badge', "data-verdict"),
        result: (await page.textContent('#root [data-slot="result"]')) ?? "",
        frames: await page.getAttribute("#root [data-frames]", "data-frames"),
        framesText: (await page.textContent("#root [data-frames]")) ?? "",
        summary: (await page.textContent("#answer-summary")) ?? "",
      };
    };
    const content = await tamper("content");
    assert.equal(content.verdict, "content_mismatch");
    assert.doesNotMatch(content.result, /matches its digest/);
    assert.equal(content.frames, "not-all-verified");
    assert.match(content.summary, /1 invalid/);

    const signature = await tamper("signature");
    assert.equal(signature.verdict, "valid", "the root itself is intact: only one frame's own signature is broken");
    assert.equal(signature.frames, "not-all-verified");
    assert.match(signature.framesText, /^1 of \d+ frames not verified/);
    assert.match(signature.summary, /1 invalid/);
    await context.close();
  });
});

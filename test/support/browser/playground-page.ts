// Driving the playground page as a person would (labels, buttons, the keyboard), and reading back what it shows.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { PROJECT_ROOT } from "../project-root.ts";

const ARTIFACTS = join(PROJECT_ROOT, "test-artifacts", "playground");

/** Saves what `page` shows as test-artifacts/playground/<name>.png (Playwright makes the folder). */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage });
}

/** A page of the playground, with everything it said on the console and every dialog it tried to open. */
export interface OpenPage {
  readonly page: Page;
  readonly consoleErrors: string[];
  readonly dialogs: string[];
}

/** Opens the playground at `origin` (optionally with a fragment) and waits for its host Worker to be ready. */
export async function openPlayground(context: BrowserContext, origin: string, hash = ""): Promise<OpenPage> {
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const dialogs: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(`pageerror: ${error.message}`));
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.goto(`${origin}/${hash}`);
  await page.waitForSelector("#connect-button");
  return { page, consoleErrors, dialogs };
}

/** Connects to the in-page provider. */
export async function connectInPage(page: Page): Promise<void> {
  await page.getByRole("radio", { name: /The in-page provider/ }).check();
  await page.getByRole("button", { name: "Connect" }).click();
  await page.waitForSelector("#handshake:not([hidden]) [data-key-id], #alert:not([hidden])");
}

/** Connects to a provider URL (with a token, remembered or not). */
export async function connectTo(
  page: Page,
  url: string,
  options: { token?: string; remember?: boolean; handshakeTimeoutMs?: number } = {},
): Promise<void> {
  await page.getByRole("radio", { name: "A provider URL" }).check();
  await page.getByLabel("Provider URL", { exact: true }).fill(url);
  await page.getByLabel("Bearer token (optional)").fill(options.token ?? "");
  await page.getByLabel("Remember the token on this device").setChecked(options.remember ?? false);
  if (options.handshakeTimeoutMs !== undefined) {
    await page.locator("summary", { hasText: "Advanced" }).click();
    await page.getByLabel("Handshake timeout (ms)").fill(String(options.handshakeTimeoutMs));
  }
  await page.evaluate(() => document.getElementById("alert")?.setAttribute("hidden", ""));
  await page.getByRole("button", { name: "Connect" }).click();
  await page.waitForSelector("#handshake:not([hidden]) #handshake-body dl, #alert:not([hidden])");
}

/** Fills the query form. */
export async function fillQuery(
  page: Page,
  goal: string,
  options: { maxFrames?: number; maxTokens?: number; kinds?: string[] } = {},
): Promise<void> {
  await page.getByLabel("Goal").fill(goal);
  if (options.maxFrames !== undefined) await page.getByLabel("Max frames").fill(String(options.maxFrames));
  if (options.maxTokens !== undefined) await page.getByLabel("Max tokens").fill(String(options.maxTokens));
  for (const kind of options.kinds ?? []) await page.locator(`#kinds input[value="${kind}"]`).check();
}

/** Forgets the render marks, so `answered` waits for the next answer. */
export async function expectAnswer(page: Page): Promise<void> {
  await page.evaluate(() => performance.clearMarks("frameline:all-badges"));
}

/** Waits until the answer asked for after `expectAnswer` has every card (and badge) on the page. */
export async function answered(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName("frameline:all-badges").length > 0, undefined, {
    timeout,
  });
}

/** Runs a query (the consent dialog, if one opens, is the caller's) and waits for its answer. */
export async function runQuery(page: Page, goal: string, options: Parameters<typeof fillQuery>[2] = {}): Promise<void> {
  await fillQuery(page, goal, options);
  await expectAnswer(page);
  await page.getByRole("button", { name: "Run query" }).click();
  await answered(page);
}

/** Each card's frame id and its badge: tone, machine verdict, words, and the key tier. */
export async function badges(
  page: Page,
): Promise<{ frameId: string; tone: string; verdict: string; label: string; tier: string | null }[]> {
  return page.$$eval("#frames .frame", (cards) =>
    cards.map((card) => {
      const badge = card.querySelector("header .badge")!;
      return {
        frameId: card.getAttribute("data-frame-id")!,
        tone: badge.getAttribute("data-badge")!,
        verdict: badge.getAttribute("data-verdict")!,
        label: badge.textContent ?? "",
        tier: badge.getAttribute("data-tier"),
      };
    }),
  );
}

/** The alert region's text, or undefined when it is hidden. */
export async function alertText(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const alert = document.getElementById("alert")!;
    return alert.hidden ? undefined : (alert.textContent ?? "");
  });
}

/** Downloads what a click offers, by file name. */
export async function downloads(
  page: Page,
  click: () => Promise<void>,
  count: number,
): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const done = new Promise<void>((resolve) => {
    page.on("download", async (download) => {
      files[download.suggestedFilename()] = await readFile((await download.path())!, "utf8");
      if (Object.keys(files).length === count) resolve();
    });
  });
  await click();
  await done;
  return files;
}

/**
 * Imports a transcript through the file picker and waits for the first answer in it to be on the page. A
 * transcript given as a path on disk is handed to Chromium by path; given as text, its bytes are copied into
 * the page by Playwright first (a main-thread task of the test driver's, not the page's).
 */
export async function importTranscript(page: Page, name: string, text: string | { path: string }): Promise<void> {
  await expectAnswer(page);
  await page
    .getByLabel("Import a transcript (.ndjson)")
    .setInputFiles(
      typeof text === "string"
        ? { name, mimeType: "application/x-ndjson", buffer: Buffer.from(text, "utf8") }
        : text.path,
    );
  await answered(page);
}

const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe-core in the page and returns the serious and critical violations. Its source is evaluated through
 * the DevTools protocol (a page script could not: the CSP allows no inline script and no eval).
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in globalThis))) await page.evaluate(await axeSource);
  return page.evaluate(async () => {
    const result = await (globalThis as any).axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v: any) => v.impact === "serious" || v.impact === "critical")
      .map((v: any) => `${v.id} (${v.impact}): ${v.nodes.map((n: any) => n.target.join(" ")).join(", ")}`);
  });
}

/** One row of the conformance panel: the check's name, its status, and its evidence as shown. */
export interface ConformanceRow {
  readonly name: string;
  readonly status: string;
  readonly evidence: string;
}

/** The conformance panel's rows, in order. */
export async function conformanceRows(page: Page): Promise<ConformanceRow[]> {
  return page.$$eval("#conformance-checks li", (rows) =>
    rows.map((row) => ({
      name: row.querySelector(".check-name")?.textContent ?? "",
      status: row.getAttribute("data-status") ?? "",
      evidence: row.querySelector(".evidence")?.textContent ?? "",
    })),
  );
}

/**
 * Records, in the page, every status each conformance row takes (`name:status`, in the order they were shown),
 * through a MutationObserver added over the DevTools protocol (the CSP allows no script of the test's own).
 */
export async function watchConformance(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (globalThis as any).__conformanceSeen = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        const row = record.target as Element;
        if (record.type === "attributes" && row.matches("#conformance-checks li"))
          seen.push(`${row.getAttribute("data-check")}:${row.getAttribute("data-status")}`);
      }
    }).observe(document.getElementById("conformance-checks")!, {
      subtree: true,
      attributes: true,
      attributeFilter: ["data-status"],
    });
  });
  return () => page.evaluate(() => [...(globalThis as any).__conformanceSeen]);
}

/** Runs the conformance panel against the provider connected now and waits for its summary; returns it and the time. */
export async function runConformancePanel(page: Page, timeout = 120_000): Promise<{ summary: string; ms: number }> {
  await page.getByRole("button", { name: "Run conformance" }).click();
  await page.waitForSelector("#conformance-summary:not([hidden]), #alert:not([hidden])", { timeout });
  const summary = page.locator("#conformance-summary");
  return { summary: (await summary.textContent()) ?? "", ms: Number(await summary.getAttribute("data-ms")) };
}

/**
 * Every text node and shown attribute (a tooltip, an accessible name, a placeholder) of the page that holds
 * one of `hidden` as itself, or whose isolates are unbalanced (an FSI left open, a PDI closing what it did not
 * open): the page's own isolates come in pairs around provider text, and a provider's hidden character is only
 * ever shown as a marker (issue 22.1). Data attributes, which nobody reads, hold provider values verbatim.
 */
export async function rawHiddenText(page: Page, hidden: readonly string[]): Promise<string[]> {
  // No named functions inside: the page runs this source as it is (tsx would wrap them in a helper it lacks).
  return page.evaluate((characters) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(`text ${node.nodeValue}`);
    for (const element of document.body.querySelectorAll("*"))
      for (const name of ["title", "aria-label", "placeholder", "alt"])
        if (element.hasAttribute(name)) texts.push(`${name}=${element.getAttribute(name)}`);
    return texts.filter((text) => {
      let depth = 0;
      for (const c of text) {
        if (c === "\u2068") depth++;
        else if (c === "\u2069") depth--;
        else if (characters.includes(c)) return true;
        if (depth < 0) return true;
      }
      return depth !== 0;
    });
  }, hidden);
}

/**
 * Where each of `words` is drawn, left to right: the left edge of its first occurrence in a text node under
 * `selector` (a Range's box), so a test can check the order a reader sees, not only the order of the DOM.
 */
export async function leftEdges(page: Page, selector: string, words: readonly string[]): Promise<number[]> {
  return page.$eval(
    selector,
    (root, list) =>
      list.map((word) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = (node.nodeValue ?? "").indexOf(word);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + word.length);
          return range.getBoundingClientRect().left;
        }
        return Number.NaN;
      }),
    words,
  );
}

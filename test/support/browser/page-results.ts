// A test page in Chromium: its module bundled by esbuild, the HTML that loads it, and what its script leaves
// on window.__frameline (`{ results }`, or `{ error }` when it threw), read once it is there.
import assert from "node:assert/strict";
import { build } from "esbuild";
import type { Browser } from "playwright-core";

/** Bundles `entry` (a page or a Worker module) into one ES module for the browser. */
export async function bundleForBrowser(entry: URL): Promise<string> {
  const result = await build({
    entryPoints: [entry.pathname],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

/** A page titled `title` that loads `/page.js` as a module, as `serveForBrowser` serves a file. */
export function modulePage(title: string): { body: string; type: string } {
  return {
    body: `<!doctype html><meta charset="utf-8"><title>${title}</title><script type="module" src="/page.js"></script>`,
    type: "text/html",
  };
}

/**
 * Opens `url` in a new tab, waits at most `timeoutMs` for window.__frameline, and returns its results,
 * after asserting that the page reported no error and threw nothing uncaught.
 */
export async function pageResults<T>(browser: Browser, url: string, timeoutMs: number): Promise<T> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(url);
  await page.waitForFunction(() => window.__frameline !== undefined, undefined, { timeout: timeoutMs });
  const outcome = (await page.evaluate(() => window.__frameline)) as { results?: T; error?: string };
  assert.equal(outcome.error, undefined, outcome.error);
  assert.deepEqual(errors, []);
  return outcome.results ?? ({} as T);
}

// The built playground for browser tests: built once into a temp folder (never web/dist), and served to
// Chromium straight from that folder by request interception, so no server runs and every other request
// (to anything that is not one of its files) can be counted and refused.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, BrowserContextOptions, Request } from "playwright-core";
import { buildPlayground, type PlaygroundBuild } from "../../../scripts/build-web.ts";
import { launchChromium } from "./chromium.ts";

/** A loopback origin nothing listens on: a secure context (WebCrypto), answered only by interception. */
export const OFFLINE_ORIGIN = "http://127.0.0.1:9";

/** Builds the playground into a temp folder; `cleanup` removes it. */
export async function buildForTest(
  options: { devSeedHex?: string } = {},
): Promise<PlaygroundBuild & { cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "frameline-playground-"));
  try {
    const built = await buildPlayground({ outDir: join(dir, "dist"), ...options });
    return { ...built, cleanup: () => rm(dir, { recursive: true, force: true }) };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
};

/** The headers `_headers` gives every file (the same file the Worker's assets binding reads). */
export async function headersOf(built: PlaygroundBuild): Promise<Record<string, string>> {
  const text = await readFile(join(built.outDir, "_headers"), "utf8");
  return Object.fromEntries(
    text
      .split("\n")
      .filter((line) => line.startsWith("  "))
      .map((line) => {
        const at = line.indexOf(":");
        return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
      }),
  );
}

/** What `serveOffline` serves: every file of the build but those `withhold` names (default none). */
export interface OfflineOptions {
  readonly withhold?: (path: string) => boolean;
}

/**
 * Serves the build at OFFLINE_ORIGIN to every page of `context` by interception: a GET for one of its files
 * is answered from disk with the `_headers` headers; every other request is aborted and recorded in `refused`.
 * After `cut()`, every request is aborted, as with the network cut (call `context.setOffline(true)` too).
 */
export async function serveOffline(
  context: BrowserContext,
  built: PlaygroundBuild,
  options: OfflineOptions = {},
): Promise<{ refused: Request[]; cut(): Promise<void> }> {
  const headers = await headersOf(built);
  const files = new Set(built.files.map((f) => f.path).filter((p) => p !== "_headers" && !options.withhold?.(p)));
  const refused: Request[] = [];
  let online = true;
  await context.route("**/*", async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname === "/" ? "index.html" : url.pathname.slice(1);
    if (online && url.origin === OFFLINE_ORIGIN && request.method() === "GET" && files.has(path)) {
      const body = await readFile(join(built.outDir, path));
      const type = TYPES[path.split(".").pop() ?? ""] ?? "application/octet-stream";
      return route.fulfill({ status: 200, body, headers: { ...headers, "content-type": type } });
    }
    refused.push(request);
    return route.abort("internetdisconnected");
  });
  const cut = async () => {
    online = false;
    await context.setOffline(true);
  };
  return { refused, cut };
}

/** The build and the Chromium a file of offline page tests shares (`offlinePlayground`). */
export interface OfflinePlayground {
  readonly built: Awaited<ReturnType<typeof buildForTest>>;
  /** A fresh context (its own storage; `viewport`, if given) that `serveOffline` serves the build to. */
  context(
    options?: OfflineOptions & Pick<BrowserContextOptions, "viewport">,
  ): Promise<{ context: BrowserContext } & Awaited<ReturnType<typeof serveOffline>>>;
  /** Closes the browser and removes the build. */
  close(): Promise<void>;
}

/** Builds the playground and launches Chromium, side by side, for a file of tests of the page served offline. */
export async function offlinePlayground(): Promise<OfflinePlayground> {
  const [built, browser] = await Promise.all([buildForTest(), launchChromium()]);
  return {
    built,
    async context({ viewport, ...offline } = {}) {
      const context = await browser.newContext(viewport ? { viewport } : {});
      return { context, ...(await serveOffline(context, built, offline)) };
    },
    async close() {
      await browser.close();
      await built.cleanup();
    },
  };
}

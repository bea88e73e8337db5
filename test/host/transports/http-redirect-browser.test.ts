// In Chromium, `redirect: "manual"` turns a redirect into an opaque-redirect response (status 0): the
// host refuses it as redirect_refused and the redirect's target, a second server on 127.0.0.1, receives
// nothing (not even a CORS preflight, which a followed cross-origin redirect of a JSON POST would send).
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { launchChromium } from "../../support/browser/chromium.ts";

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let browser: Browser | undefined;
const servers: Server[] = [];
/** Every request the redirect's target received (method and path). */
const targetSaw: string[] = [];
let outcome: { kind?: string; status?: number; error?: string } = {};

before(async () => {
  const bundle = await build({
    entryPoints: [new URL("./redirect-page.ts", import.meta.url).pathname],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
  });
  const target = createServer((request, response) => {
    targetSaw.push(`${request.method} ${request.url}`);
    response.writeHead(204, { "access-control-allow-origin": "*", "access-control-allow-headers": "*" }).end();
  });
  const targetOrigin = await listen(target);
  const origin = createServer((request, response) => {
    if (request.url === "/") {
      response.writeHead(200, { "content-type": "text/html" });
      return void response.end('<!doctype html><meta charset="utf-8"><script type="module" src="/page.js"></script>');
    }
    if (request.url === "/page.js") {
      response.writeHead(200, { "content-type": "text/javascript" });
      return void response.end(bundle.outputFiles[0]!.text);
    }
    if (request.url !== "/contextgraph") return void response.writeHead(404).end(); // the favicon, say
    response.writeHead(307, { location: `${targetOrigin}/contextgraph` }).end();
  });
  servers.push(target, origin);
  const originUrl = await listen(origin);
  browser = await launchChromium();
  const page = await browser.newPage();
  await page.goto(`${originUrl}/`);
  await page.waitForFunction(() => window.__redirect !== undefined, undefined, { timeout: 30_000 });
  outcome = (await page.evaluate(() => window.__redirect)) ?? {};
});

after(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

test("in a browser, an opaque redirect is redirect_refused and its target receives nothing", () => {
  assert.deepEqual(outcome, { kind: "redirect_refused", status: 0 });
  assert.deepEqual(targetSaw, []);
});

// The host runtime in real Chromium (Playwright, the system build): in-page, stream and HTTP transports,
// WebCrypto Ed25519, C4 and C7, against a provider served over HTTP on 127.0.0.1.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser } from "playwright-core";
import { createProviderApp, defineProvider, signerFromSeed } from "../support/lib.ts";
import { launchChromium } from "../support/browser/chromium.ts";
import { bundleForBrowser, modulePage, pageResults } from "../support/browser/page-results.ts";
import { serveForBrowser } from "../support/browser/serve.ts";

describe("host runtime in Chromium", () => {
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof serveForBrowser>> | undefined;
  let results: Record<string, unknown> = {};

  before(async () => {
    const page = await bundleForBrowser(new URL("./host-page.ts", import.meta.url));
    const signer = await signerFromSeed("7a".repeat(32), { keyId: "edge-1", attesterId: "edge" });
    const provider = defineProvider({
      info: { name: "edge", version: "1.0.0", data_flow: { reads: true } },
      capabilities: { query: { kinds: ["doc"] }, correlation: true },
      query: (q) => [
        { id: `edge:${q.goal}`, kind: "doc", title: "t", content: "served over HTTP", score: 1, citation_label: "c" },
      ],
      signer,
    });
    server = await serveForBrowser(
      {
        "/": modulePage("frameline host"),
        "/page.js": { body: page, type: "text/javascript" },
      },
      "/contextgraph",
      createProviderApp(provider),
    );
    browser = await launchChromium();
    results = await pageResults<Record<string, unknown>>(browser, `${server.origin}/`, 30_000);
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test("Ed25519 runs on the browser's WebCrypto", () => assert.equal(results.engine, "webcrypto"));

  test("an in-page signed provider: frames attested, result attested, content covered", () => {
    assert.deepEqual(results.inPage, { frames: 1, result: "attested", frames_attested: true });
  });

  test("a wrong version is version_mismatch and a stalled handshake handshake_timeout", () => {
    assert.equal(results.wrongVersion, "version_mismatch");
    assert.equal(results.stalled, "handshake_timeout");
  });

  test("plaintext HTTP to a non-loopback host is refused (C7)", () =>
    assert.equal(results.insecure, "insecure_transport"));

  test("over a stream pair: 20 concurrent correlated queries, each matched to its request", () => {
    assert.deepEqual(results.stream, { matched: true, count: 20 });
  });

  test("over HTTP: egress forced (C4), consent first, then signed frames attested with the published key", () => {
    assert.deepEqual(results.http, {
      egressForced: true,
      beforeConsent: "consent_required",
      outcome: "frames",
      attested: true,
    });
  });
});

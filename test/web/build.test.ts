// The playground's build (scripts/build-web.ts): how much JavaScript the page costs, that every URL in it is
// relative (so the folder works from any static host), the headers it is served with, the in-page provider's
// own corpus, and that the page's source has no HTML sink at all.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { contentSecurityPolicy } from "../../scripts/web-headers.ts";
import { buildForTest } from "../support/browser/playground.ts";

import { publicKeyOfSeed } from "../support/worker/http.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

/** The issue's limit on the page's JavaScript, gzipped (KB = 1,024 bytes). */
const PAGE_JS_LIMIT = 40 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(".ts")).map((e) => join(e.parentPath, e.name));
}

describe("the playground build", () => {
  let built: Awaited<ReturnType<typeof buildForTest>>;
  before(async () => {
    built = await buildForTest();
  });
  after(() => built?.cleanup());

  test("the page's JavaScript (app.js and its host Worker) is at most 40 KB gzipped", (t) => {
    const page = built.pageScripts.reduce((sum, f) => sum + f.gzipBytes, 0);
    const lazy = built.lazyScripts.reduce((sum, f) => sum + f.gzipBytes, 0);
    t.diagnostic(
      `page JS ${kb(page)} (${built.pageScripts.map((f) => `${f.path} ${kb(f.gzipBytes)}`).join(", ")}); on demand ${kb(lazy)} (${built.lazyScripts.map((f) => `${f.path} ${kb(f.gzipBytes)}`).join(", ")}); in-page provider ${kb(built.providerScript.gzipBytes)} with its corpus`,
    );
    assert.deepEqual(
      built.pageScripts.map((f) => f.path),
      ["app.js", "host.js"],
    );
    assert.ok(page <= PAGE_JS_LIMIT, `page JS is ${kb(page)} gzipped, over ${kb(PAGE_JS_LIMIT)}`);
  });

  test("the chunks load only on demand: the host imports the noble fallback, the credential scrubber, the suite and its tools, the page its conformance panel and inspector", async () => {
    const chunks = built.lazyScripts.map((f) => f.path);
    assert.equal(chunks.length, 6, chunks.join());
    const find = (pattern: RegExp) => chunks.find((path) => pattern.test(path))!;
    const panels = [find(/^chunks\/conformance-[A-Z0-9]+\.js$/), find(/^chunks\/inspector-[A-Z0-9]+\.js$/)];
    const noble = find(/^chunks\/ed25519-/);
    const tools = find(/^chunks\/host-tools-/);
    const scrubber = find(/^chunks\/scrub-/);
    assert.equal(built.conformanceScript.path, find(/^chunks\/conformance-suite-/));
    const host = await readFile(join(built.outDir, "host.js"), "utf8");
    const app = await readFile(join(built.outDir, "app.js"), "utf8");
    const dynamicOnly = (script: string, chunk: string) => {
      assert.ok(script.includes(`import("./${chunk}")`), `a dynamic import of ${chunk}`);
      assert.doesNotMatch(script, new RegExp(`from\\s*"\\./${chunk.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`));
    };
    for (const chunk of [noble, scrubber, built.conformanceScript.path, tools]) dynamicOnly(host, chunk);
    for (const panel of panels) dynamicOnly(app, panel);
    assert.doesNotMatch(app, /from\s*"\.\//, "the page script imports nothing statically");
    assert.equal(app.match(/\bimport\s*\(/g)?.length, 2, "and only its two panels on demand");
    for (const panel of panels)
      assert.doesNotMatch(
        await readFile(join(built.outDir, panel), "utf8"),
        /\bimport\b/,
        `${panel} imports nothing: it shares no module with app.js`,
      );
    // The transcript import and the composer are in the tools chunk only, which is whole, like the suite's.
    const toolsScript = await readFile(join(built.outDir, tools), "utf8");
    for (const words of ["the transcript is not UTF-8 text", "</frame>"]) {
      assert.ok(toolsScript.includes(words), `${words} is in the tools chunk`);
      assert.ok(!host.includes(words), `${words} is not in host.js`);
    }
    assert.doesNotMatch(toolsScript, /\bimport\s*\(?\s*["{]/, "the tools chunk shares no module instance with host.js");
  });

  test("the conformance suite is in its own chunk, not in the page's first load", async (t) => {
    t.diagnostic(
      `conformance suite ${kb(built.conformanceScript.gzipBytes)} gzipped, loaded after the page (or on the first run, if sooner)`,
    );
    // Names of checks only the suites know (the page and its host have none of them), from each group.
    const only = [
      "provenance-fixture-consistency",
      "malformed-input-tolerance",
      "embedding-fingerprint",
      "kinds-filter",
      "host-crash-isolation",
      "composition-quarantine",
    ];
    const suite = await readFile(join(built.outDir, built.conformanceScript.path), "utf8");
    for (const name of only) assert.ok(suite.includes(name), `${name} is in the suite's chunk`);
    for (const file of built.pageScripts) {
      const text = await readFile(join(built.outDir, file.path), "utf8");
      for (const name of only) assert.ok(!text.includes(name), `${name} is not in ${file.path}`);
    }
    assert.doesNotMatch(suite, /\bimport\b/, "the suite's chunk is whole: it shares no module instance with host.js");
  });

  test("every URL in index.html is relative, so the folder works from any path of any static host", async () => {
    const html = await readFile(join(built.outDir, "index.html"), "utf8");
    const urls = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
    assert.ok(urls.includes("./app.js") && urls.includes("./style.css"));
    for (const url of urls) assert.match(url, /^(\.\/|#)/, url);
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)/, "no inline script");
    assert.doesNotMatch(html, /\sstyle="|\son[a-z]+="/, "no inline style or handler");
  });

  test("_headers gives every file a CSP without unsafe sources, Trusted Types, nosniff; connect-src extras are https origins only", async () => {
    const headers = await readFile(join(built.outDir, "_headers"), "utf8");
    assert.match(headers, /^\/\*\n/);
    const csp = /Content-Security-Policy: (.*)\n/.exec(headers)?.[1] ?? "";
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "connect-src 'self' http://127.0.0.1:* http://localhost:*",
      "require-trusted-types-for 'script'",
      "trusted-types frameline",
      "frame-ancestors 'none'",
    ])
      assert.ok(csp.split("; ").includes(directive), directive);
    assert.doesNotMatch(csp, /unsafe|data:|blob:/);
    assert.match(headers, /X-Content-Type-Options: nosniff/);
    assert.match(
      contentSecurityPolicy(["https://docs.example.com"])["Content-Security-Policy"]!,
      /connect-src 'self' http:\/\/127\.0\.0\.1:\* http:\/\/localhost:\* https:\/\/docs\.example\.com;/,
    );
    for (const bad of ["http://docs.example.com", "https:", "*", "https://a.example/path", "'unsafe-inline'"])
      assert.throws(() => contentSecurityPolicy([bad]), /https origins/, bad);
  });

  test("the in-page provider carries this repo's README.md and docs/ as its corpus, and the build's dev key", async () => {
    const provider = await readFile(join(built.outDir, "provider.js"), "utf8");
    const docs = (await readdir(join(PROJECT_ROOT, "docs"))).filter((name) => name.endsWith(".md"));
    for (const path of ["README.md", ...docs.map((name) => `docs/${name}`)]) {
      const digest = `sha256:${createHash("sha256")
        .update(await readFile(join(PROJECT_ROOT, path)))
        .digest("hex")}`;
      assert.ok(provider.includes(digest), `${path}'s digest is in the bundle`);
    }
    assert.ok(provider.includes(built.devSeedHex), "the dev seed generated for this build");
    assert.match(built.devSeedHex, /^[0-9a-f]{64}$/);
    assert.notEqual(publicKeyOfSeed(built.devSeedHex), "", "a usable Ed25519 seed");
    const again = await buildForTest();
    assert.notEqual(again.devSeedHex, built.devSeedHex, "a new dev key every build");
    await again.cleanup();
  });

  test("every failure the page can report (each HostError kind, and the page's own) has its words in index.html", async () => {
    const hostError = await readFile(join(PROJECT_ROOT, "src", "host", "host-error.ts"), "utf8");
    const union = /export type HostErrorKind =([^;]*);/.exec(hostError)?.[1] ?? "";
    const playground = await readFile(join(PROJECT_ROOT, "web", "shared", "playground-error.ts"), "utf8");
    const own = /export type PlaygroundErrorKind =([^;]*);/.exec(playground)?.[1] ?? "";
    const kinds = [...`${union}|${own}`.matchAll(/"(\w+)"/g)].map((m) => m[1]!);
    assert.ok(
      kinds.length >= 30 &&
        kinds.includes("version_mismatch") &&
        kinds.includes("cors_refused") &&
        kinds.includes("not_connected"),
      kinds.join(),
    );
    const html = await readFile(join(built.outDir, "index.html"), "utf8");
    const template = /<template id="failures">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? "";
    const described = [...template.matchAll(/<p data-kind="(\w+)"[^>]*>[^<]+<\/p>/g)].map((m) => m[1]!);
    assert.deepEqual([...described].sort(), [...kinds].sort());
  });

  test("the page's sources have no HTML sink and no eval: provider text can only ever be text", async () => {
    const files = [
      ...(await sources(join(PROJECT_ROOT, "web", "src"))),
      ...(await sources(join(PROJECT_ROOT, "web", "host"))),
      ...(await sources(join(PROJECT_ROOT, "web", "provider"))),
      ...(await sources(join(PROJECT_ROOT, "web", "shared"))),
    ];
    assert.ok(files.length > 20);
    const sinks =
      /\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment|srcdoc|eval|Function)\b|setAttribute\(\s*["'`]on/;
    for (const file of files) assert.doesNotMatch(await readFile(file, "utf8"), sinks, file);
  });
});

// The same /ask handler outside Workers, from the packed package: `npm pack`, installed into a fresh project
// (test/support/package/consumer.ts, as the package tests do), the handler (worker/ask/portable.ts) bundled
// against it with every frameline import left to the installed package, then served by plain Node
// (node:http), Deno (Deno.serve) and Bun (Bun.serve). Each answers one /ask against the docs Worker (in
// workerd, on a loopback port) with every frame attested under the key pinned here (node:crypto).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { cp } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, type TestContext, test } from "node:test";
import type { Miniflare } from "miniflare";
import { bundlePortableHandler } from "../support/ask/portable-bundle.ts";
import { DOCS_PINNED_ATTESTATION, DOCS_PINNED_KEYS, DOCS_SEED } from "../support/ask/miniflare.ts";
import { type Consumer, packAndInstall } from "../support/package/consumer.ts";
import { type Started, start, userEnv } from "../support/package/processes.ts";
import { bundleWorker, type WorkerBundle } from "../support/worker/bundle.ts";
import { startWorker } from "../support/worker/http.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

const SCRIPTS = fileURLToPath(new URL("../support/ask/consumer/", import.meta.url));
const BIN = (name: string) => join(PROJECT_ROOT, "node_modules", ".bin", name);
const QUESTION = { goal: "How do I run the host outside a Worker?", query_text: "Node Deno Bun", budget_tokens: 700 };

describe("the /ask handler from the packed package, in Node, Deno and Bun", () => {
  let consumer: Consumer;
  let docs: WorkerBundle;
  let mf: Miniflare;
  let env: NodeJS.ProcessEnv;
  const prompts: string[] = [];

  before(async () => {
    [consumer, docs] = await Promise.all([packAndInstall(), bundleWorker()]);
    await cp(SCRIPTS, consumer.dir, { recursive: true });
    await bundlePortableHandler(consumer.dir);
    mf = await startWorker(docs, { ATTESTATION_SEED: DOCS_SEED });
    const providers = [
      {
        name: "docs",
        url: new URL("/contextgraph", await mf.ready).href,
        consent: { egress: true },
        pinned_keys: DOCS_PINNED_KEYS,
      },
    ];
    env = userEnv({
      PROVIDERS: JSON.stringify(providers),
      DENO_NO_UPDATE_CHECK: "1",
      DENO_DIR: join(consumer.root, "deno-dir"),
    });
  });

  after(async () => {
    await mf?.dispose();
    await docs?.cleanup();
    await consumer?.cleanup();
  });

  /** Starts one runtime's server script, asks one question, stops it; returns the answer. */
  async function askIn(t: TestContext, file: string, args: string[], script: string) {
    assert.ok(existsSync(file), `${file} is missing: it comes from this repo's devDependencies (npm ci)`);
    let server: Started | undefined;
    try {
      server = await start(file, [...args, script], {
        cwd: consumer.dir,
        env,
        timeoutMs: 60_000,
        ready: /"port":(\d+)/,
      });
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${server.match[1]}/ask`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(QUESTION),
      });
      const answer = (await response.json()) as any;
      t.diagnostic(`${script}: /ask in ${Math.round(performance.now() - started)} ms`);
      assert.equal(response.status, 200, JSON.stringify(answer));
      return answer;
    } finally {
      await server?.stop();
    }
  }

  function assertAttested(answer: any): void {
    assert.deepEqual(
      answer.legs.map((leg: any) => [leg.provider, leg.outcome, leg.handshake]),
      [["docs", "frames", "handshake"]],
    );
    assert.ok(answer.frames.length > 0);
    for (const frame of answer.frames) {
      assert.deepEqual(frame.attestation, DOCS_PINNED_ATTESTATION);
    }
    assert.match(answer.prompt, /^<frame provider="docs" /m);
    prompts.push(answer.prompt);
  }

  test("the handler bundle imports frameline by name: nothing of the repo's src/ is inside it", async () => {
    const { readFile } = await import("node:fs/promises");
    const bundle = await readFile(join(consumer.dir, "ask-handler.mjs"), "utf8");
    assert.match(bundle, /from "frameline\/host"/);
    assert.doesNotMatch(bundle, /class HandshakeCache|function httpTransport/);
  });

  test("plain Node 20 (node:http) answers /ask with every frame attested", async (t) => {
    assertAttested(await askIn(t, process.execPath, [], "serve-node.mjs"));
  });

  test("Deno (Deno.serve) answers /ask with every frame attested", async (t) => {
    assertAttested(
      await askIn(
        t,
        BIN("deno"),
        ["run", "--allow-net", "--allow-env", "--allow-read", "--no-prompt"],
        "serve-deno.mjs",
      ),
    );
  });

  test("Bun (Bun.serve) answers /ask with every frame attested", async (t) => {
    assertAttested(await askIn(t, BIN("bun"), ["--no-install", "run"], "serve-bun.mjs"));
  });

  test("the three runtimes composed the same prompt, byte for byte", () => {
    assert.equal(prompts.length, 3);
    assert.equal(new Set(prompts).size, 1);
  });
});

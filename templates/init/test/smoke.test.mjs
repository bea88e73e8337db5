// The smoke test (`npm test`): the Worker under `wrangler dev` on a free 127.0.0.1 port, one query,
// its answer verified against the public key of the seed in .dev.vars, then wrangler stopped. It needs
// no network: wrangler's telemetry and its fetch of Cloudflare's request metadata are turned off.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { signerFromSeed, verifyResultAttestations } from "frameline/attest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const WRANGLER = fileURLToPath(new URL("../node_modules/wrangler/bin/wrangler.js", import.meta.url));
/** wrangler dev builds the corpus and starts workerd first; on a small machine that takes seconds. */
const READY_TIMEOUT_MS = 90_000;

let wrangler;
let endpoint;

/** Starts `wrangler dev` in its own process group; resolves with its URL once it is ready. */
function startWrangler() {
  const child = spawn(
    process.execPath,
    [WRANGLER, "dev", "--ip", "127.0.0.1", "--port", "0", "--show-interactive-dev-session=false"],
    {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: "false",
        WRANGLER_HIDE_BANNER: "true",
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
      },
    },
  );
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`wrangler dev not ready in ${READY_TIMEOUT_MS} ms:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    const read = (chunk) => {
      output += chunk;
      const ready = /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve({ child, url: ready[1] });
      }
    };
    child.stdout.setEncoding("utf8").on("data", read);
    child.stderr.setEncoding("utf8").on("data", read);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`wrangler dev exited (${code}):\n${output}`));
    });
  });
}

async function post(envelope) {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(envelope),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return response.json();
}

before(async () => {
  const started = await startWrangler();
  wrangler = started.child;
  endpoint = `${started.url}/contextgraph`;
});

after(async () => {
  if (wrangler?.exitCode !== null) return;
  // wrangler and the workerd it started share the process group: end it by its id, and wait for it.
  const exited = new Promise((resolve) => wrangler.once("exit", resolve));
  process.kill(-wrangler.pid, "SIGTERM");
  const killer = setTimeout(() => process.kill(-wrangler.pid, "SIGKILL"), 10_000);
  await exited;
  clearTimeout(killer);
});

test("a query is answered with frames signed by the key in .dev.vars", async () => {
  const seed = /^ATTESTATION_SEED=([0-9a-f]{64})$/m.exec(
    readFileSync(new URL("../.dev.vars", import.meta.url), "utf8"),
  );
  assert.ok(seed, ".dev.vars has no ATTESTATION_SEED: run `npx frameline dev-key`");
  const pinned = (await signerFromSeed(seed[1], { keyId: "pinned", attesterId: "smoke" })).attesterKey.public_key;

  const ack = await post({ type: "handshake", protocol_version: "contextgraph/1.0" });
  assert.equal(ack.type, "handshake_ack");
  const key = (ack.attester_keys ?? []).find((candidate) => candidate.public_key === pinned);
  assert.ok(key, "the Worker publishes the public key of the seed in .dev.vars");

  const answer = await post({
    type: "query",
    id: "smoke",
    query: { goal: "how are answers signed?", max_frames: 3, max_tokens: 1000 },
  });
  assert.equal(answer.type, "frames");
  assert.ok(answer.result.frames.length > 0, "the query found a section of docs/");
  const report = await verifyResultAttestations(answer.result, ack.provider.name, [key]);
  assert.equal(report.result.state, "attested");
  assert.deepEqual(
    report.frames.map((frame) => frame.state),
    answer.result.frames.map(() => "attested"),
  );
});

// Issue 20 item 5, end to end: a provider's correctly signed answer passes through something that edits one
// frame's `content` and leaves its `content_digest` and every signature alone (spec §1.8 #5, §3.6: content is
// signed only through its digest). Over each transport as a user has it — in-page, a real stdio child process
// (`frameline serve --stdio`, signing, its stdout relayed through a rewriting stage), and real HTTP on
// 127.0.0.1 (the kit's HTTP binding behind a relaying server) — Host.queryAll reports that frame invalid
// (content_mismatch, both digests by node:crypto) with a D1 violation, the root likewise, the other frames
// attested over their content, and composeForPrompt leaves it out unless asked to include it flagged.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  createProviderApp,
  Host,
  httpTransport,
  inPageTransport,
  type Signer,
  signerFromSeed,
  streamTransport,
} from "../../support/lib.ts";
import { distortFrames, legOf } from "../../support/host/adversaries.ts";
import {
  type Alteration,
  alterFrame,
  alterFrameInLine,
  alteringRelay,
  assertAlteredFrameCaught,
  rewritingLines,
} from "../../support/host/altered-content.ts";
import { within } from "../../support/host/stdio.ts";
import { publicKeyOfSeed } from "../../support/worker/http.ts";
import { serveApps } from "../../support/browser/serve.ts";
import { CLI_ARGS } from "../../support/cli.ts";
import { PROJECT_ROOT } from "../../support/project-root.ts";
import { candidate, echoProvider } from "../../support/providers.ts";
import { spawnStdioChild } from "../../support/node-lib.ts";

const Q = { goal: "how are answers signed and checked", max_frames: 10, max_tokens: 10_000 };
/** Which frame of the answer is altered: the middle one, so untouched frames sit on both sides of it. */
const ALTERED = 1;

/** A provider signing every answer (root and inclusion proofs, spec §3.10) that answers three frames. */
async function signedProvider(): Promise<{ provider: ReturnType<typeof echoProvider>; signer: Signer }> {
  const signer = await signerFromSeed("4d".repeat(32), { keyId: "answers-2026-12", attesterId: "answers" });
  const provider = echoProvider({
    info: { name: "answers", version: "1.0.0", data_flow: { reads: true } },
    signer,
    query: () => [
      candidate("retry", "Retries back off exponentially, from 100 ms up to three attempts.", { score: 0.9 }),
      candidate("signing", "Every answer is signed over its Merkle root, each frame with a proof.", { score: 0.6 }),
      candidate("rehash", "A host re-hashes each frame's content against its content_digest.", { score: 0.3 }),
    ],
  });
  return { provider, signer };
}

const identity = (signer: Signer) => ({ keyId: signer.attesterKey.key_id, attesterId: signer.attesterId });

describe("an answer with one frame's content altered in transit, digest and signatures kept", () => {
  test("in-page: that frame is invalid content_mismatch with a D1 violation, the rest attested, and composition leaves it out", async () => {
    const { provider, signer } = await signedProvider();
    let alteration: Alteration | undefined;
    const relayed = distortFrames(provider, (result) => {
      const edited = alterFrame(result, ALTERED);
      alteration = edited.alteration;
      return edited.result;
    });
    const host = new Host();
    await host.add("answers", inPageTransport(relayed));
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    assert.ok(alteration, "the answer went through the relay");
    assert.equal(leg.frames.length, 3);
    assertAlteredFrameCaught(leg, alteration, identity(signer));
    await host.close();
  });

  describe("stdio: `frameline serve --stdio` signing, its stdout relayed through a stage that rewrites one line", () => {
    const SEED = "5e".repeat(32);
    let corpus: string;
    let child: ReturnType<typeof spawnStdioChild> | undefined;

    before(async () => {
      corpus = await mkdtemp(join(tmpdir(), "frameline-altered-"));
      const section = (title: string, body: string) => `# ${title}\n\n${body}\n`;
      await writeFile(
        join(corpus, "signing.md"),
        section("Signed answers", "Every answer is signed over its Merkle root; each frame gets a proof."),
      );
      await writeFile(
        join(corpus, "checking.md"),
        section("Checking answers", "A host checks each signed answer and re-hashes each frame's content."),
      );
      await writeFile(
        join(corpus, "keys.md"),
        section("Signing keys", "Answers are signed with a key the provider publishes in its handshake."),
      );
    });
    after(async () => {
      child?.terminate();
      await rm(corpus, { recursive: true, force: true });
    });

    test("that frame is invalid content_mismatch with a D1 violation, the rest attested, and composition leaves it out; the child exits 0", async () => {
      child = spawnStdioChild(
        process.execPath,
        [...CLI_ARGS, "serve", "--stdio", "--corpus", corpus, "--seed-env", "FRAMELINE_TEST_SEED"],
        { cwd: PROJECT_ROOT, env: { FRAMELINE_TEST_SEED: SEED } },
      );
      let alteration: Alteration | undefined;
      const relay = rewritingLines((line) => {
        if (alteration !== undefined || (JSON.parse(line) as { type: string }).type !== "frames") return line;
        const edited = alterFrameInLine(line, ALTERED);
        alteration = edited.alteration;
        return edited.line;
      });
      const transport = streamTransport(
        { readable: child.readable.pipeThrough(relay), writable: child.writable },
        { terminate: child.terminate },
      );
      const host = new Host();
      const connection = await within(host.add("docs", transport), 20_000, "handshake");
      assert.equal(connection.provider.name, "docs");
      const [key] = connection.attesterKeys;
      assert.ok(key, `the provider publishes its key (${child.stderr()})`);
      assert.equal(key.public_key, publicKeyOfSeed(SEED), "the seed's key (node:crypto): the child signs with it");
      host.consent.grant("docs", connection.provider.data_flow, "the test corpus");
      const leg = legOf((await within(host.queryAll(Q), 20_000, "query"))[0], "frames");
      assert.ok(alteration, "the answer went through the relay");
      assert.equal(leg.frames.length, 3, "one frame per section of the corpus");
      assertAlteredFrameCaught(leg, alteration, { keyId: key.key_id, attesterId: "docs" });
      await host.close();
      assert.deepEqual(await within(child.ended, 10_000, "exit after shutdown"), { code: 0, signal: null });
    });
  });

  describe("HTTP: the kit's HTTP binding on 127.0.0.1 behind a relaying server on 127.0.0.1", () => {
    let upstream: Awaited<ReturnType<typeof serveApps>> | undefined;
    let server: Awaited<ReturnType<typeof serveApps>> | undefined;
    let signer: Signer;
    let relay: ReturnType<typeof alteringRelay>;

    before(async () => {
      const signed = await signedProvider();
      signer = signed.signer;
      upstream = await serveApps({ "/contextgraph": createProviderApp(signed.provider) });
      const target = `${upstream.origin}/contextgraph`;
      relay = alteringRelay(
        async (request) => fetch(target, { method: "POST", headers: request.headers, body: await request.text() }),
        ALTERED,
      );
      server = await serveApps({ "/contextgraph": relay });
    });
    after(async () => {
      await server?.close();
      await upstream?.close();
    });

    test("that frame is invalid content_mismatch with a D1 violation, the rest attested, and composition leaves it out", async () => {
      const host = new Host();
      const connection = await host.add("relayed", httpTransport(`${server!.origin}/contextgraph`));
      assert.equal(connection.provider.name, "answers");
      host.consent.grant("relayed", connection.provider.data_flow, "answers behind a relay");
      const leg = legOf((await host.queryAll(Q))[0], "frames");
      const [alteration] = relay.alterations;
      assert.ok(alteration, "the answer went through the relay");
      assert.equal(leg.frames.length, 3);
      assertAlteredFrameCaught(leg, alteration, identity(signer));
      await host.close();
      assert.deepEqual(relay.relayed, ["handshake", "query", "shutdown"], "every envelope went through the relay");
    });
  });
});

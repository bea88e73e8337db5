// The README's Install section, followed as written, in a fresh folder with npm offline. Its first block
// (`npm install frameline`) needs frameline on the registry, which it is not yet; the section says how to
// install from the tarball until then, in a second block that is the first with the tarball in place of
// the registry name, and that block is run here verbatim, as one shell script, with this run's tarball
// copied in under the name the README gives. Its last command, `npm start`, runs until stopped: the test
// waits for wrangler's "Ready on" line, asks the Worker for a signed answer and serves an edit, then ends
// the script's process group by its id. `npm start` must print no `Request.cf` ENOTFOUND stack trace and
// index docs/ once (issue 21.6).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { appendFile, copyFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, test } from "node:test";
import { type ContextQueryResult, decodeLine, verifyResultAttestations } from "../support/lib.ts";
import type { Consumer } from "../support/package/consumer.ts";
import { type Started, start, userEnv } from "../support/package/processes.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";
import { publicKeyOfSeed } from "../support/worker/http.ts";

const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string };
const TARBALL = `frameline-${version}.tgz`;

/** The ```sh blocks of the README's "## Install" section. */
function installBlocks(): string[] {
  const readme = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8");
  const section = /^## Install\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  assert.ok(section, 'README.md has an "## Install" section');
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

/** A client of the Worker at `origin`: one envelope in, one out. */
function client(origin: string) {
  const post = async (body: unknown) => {
    const response = await fetch(`${origin}/contextgraph`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return decodeLine(await response.text());
  };
  const ask = async (goal: string): Promise<ContextQueryResult> => {
    const answer = await post({ type: "query", query: { goal, max_frames: 3, max_tokens: 1000 } });
    assert.equal(answer.type, "frames");
    return answer.result;
  };
  return { post, ask };
}

/** The README suite, over the consumer whose tarball it installs. */
export function readmeInstallSuite(consumerOf: () => Consumer): void {
  describe("the README's Install section, followed as written", () => {
    test("says to install this version's tarball in place of the registry name, then the same commands", () => {
      const [registry, tarball] = installBlocks();
      const [install, ...rest] = (registry ?? "").trimEnd().split("\n");
      assert.equal(install, "npm install frameline");
      assert.equal(tarball, [`npm install ./${TARBALL}`, ...rest, ""].join("\n"));
    });

    test("its tarball block installs, inits and starts a Worker that signs and serves an edit; one index build, no ENOTFOUND", async (t) => {
      const started = performance.now();
      const folder = join(consumerOf().root, "readme-user");
      await mkdir(folder);
      await copyFile(consumerOf().tarball, join(folder, TARBALL));
      const script = installBlocks()[1]!;
      let server: Started | undefined;
      try {
        server = await start("sh", ["-e", "-c", script], {
          cwd: folder,
          env: userEnv({ npm_config_offline: "true" }),
          ready: /Ready on (http:\/\/127\.0\.0\.1:\d+)/,
          timeoutMs: 300_000,
        });
        const atReady = server.output();
        assert.equal(atReady.match(/\[custom build\] frameline: indexed /g)?.length, 1, atReady);
        const { post, ask } = client(server.match[1]!);
        const project = join(folder, "my-docs");
        const seed = /^ATTESTATION_SEED=([0-9a-f]{64})$/m.exec(await readFile(join(project, ".dev.vars"), "utf8"))?.[1];
        assert.ok(seed);
        const ack = await post({ type: "handshake", protocol_version: "contextgraph/1.0" });
        assert.equal(ack.type, "handshake_ack");
        assert.equal(ack.provider.name, "my-docs");
        const pinned = ack.attester_keys?.find((key) => key.public_key === publicKeyOfSeed(seed));
        assert.ok(pinned, "the Worker publishes the key of the seed in .dev.vars");
        const report = await verifyResultAttestations(await ask("how are answers signed?"), "my-docs", [pinned]);
        assert.equal(report.result.state, "attested");
        assert.ok(report.frames.length > 0 && report.frames.every((frame) => frame.state === "attested"));

        // wrangler dev reindexes on the edit (the build's watch_dir), then reloads the Worker with the new corpus.
        const reloaded = server.printed(
          /\[custom build\] frameline: indexed [\s\S]*Local server updated and ready/,
          60_000,
        );
        await appendFile(join(project, "docs", "index.md"), "\n## Zeppelins\n\nThe quokka zeppelin leaves at dawn.\n");
        await reloaded;
        const edited = await ask("quokka zeppelin");
        assert.ok(
          edited.frames.some((frame) => frame.content?.includes("quokka zeppelin")),
          `the edit is not served after the reload:\n${server.output()}`,
        );
        assert.equal((await verifyResultAttestations(edited, "my-docs", [pinned])).result.state, "attested");
        assert.match(server.output(), /\[custom build\] frameline: worker\/corpus\.json is up to date: 1 document, /);
        assert.doesNotMatch(server.output(), /ENOTFOUND|Request\.cf/);
        assert.equal(server.child.exitCode, null, "npm start kept running");
      } finally {
        await server?.stop();
      }
      t.diagnostic(
        `README block (npm install + init + npm start, offline) to Ready, signed query and edit served: ${Math.round(performance.now() - started)} ms`,
      );
    });
  });
}

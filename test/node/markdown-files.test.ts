// The corpus build step's Node side (src/node/index-command.ts), and the project's own default corpus.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import {
  buildCorpus,
  checkFrame,
  checkTokenCost,
  docsProvider,
  LINKS_TO,
  parseLineRange,
  readCorpus,
} from "../support/lib.ts";
import { defaultCorpusFiles, indexDirectory, markdownFiles, writeCorpusModule } from "../support/node-lib.ts";
import { ask, digestOfLines, sha256Hex } from "../docs-provider/support.ts";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

describe("indexDirectory", () => {
  let dir = "";
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "frameline-docs-"));
    const put = async (path: string, content: string | Uint8Array) => {
      await mkdir(join(dir, path, ".."), { recursive: true });
      await writeFile(join(dir, path), content);
    };
    await put("b.md", "# B\n\nSee [a](guide/a%20b.md).\n");
    await put("guide/a b.md", "# A\n\nBack to [b](../b.md).\n");
    await put("guide/deep/c.MD", "# C\nc\n");
    await put("guide/notes.txt", "# not markdown\n");
    await put("node_modules/pkg/README.md", "# skipped\n");
    await put(".git/x.md", "# skipped\n");
    await put(".hidden/y.md", "# skipped\n");
    await put("bom.md", "\uFEFF# Bom\nbody\n");
    await put("latin1.md", Uint8Array.of(0x23, 0x20, 0x43, 0x61, 0x66, 0xe9, 0x0a));
    await symlink(join(dir, "guide"), join(dir, "loop"), "dir").catch(() => undefined);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test("reads every .md file recursively, sorted, relative POSIX paths; skips node_modules, dot-dirs, symlinks, non-UTF-8", async () => {
    const skipped: string[] = [];
    const corpus = await indexDirectory(dir, { onSkip: (path, reason) => skipped.push(`${path}: ${reason}`) });
    assert.deepEqual(
      corpus.documents.map((d) => d.path),
      ["b.md", "bom.md", "guide/a b.md", "guide/deep/c.MD"],
    );
    assert.deepEqual(skipped, ["latin1.md: not valid UTF-8"]);
    assert.equal(corpus.documents[2]!.uri, "file:///guide/a%20b.md");
    assert.deepEqual(corpus.chunks.find((c) => c.id === "b.md#b")?.relations, [
      { rel: LINKS_TO, target_uri: "file:///guide/a%20b.md", display_name: "a" },
    ]);
  });

  test("digests cover the bytes on disk, byte-order mark included", async () => {
    const corpus = await indexDirectory(dir);
    for (const document of corpus.documents) {
      const bytes = await readFile(join(dir, document.path));
      assert.equal(document.digest, sha256Hex(bytes), document.path);
      for (const chunk of corpus.chunks.filter((c) => c.path === document.path))
        assert.equal(chunk.digest, digestOfLines(bytes, chunk.start, chunk.end));
    }
    assert.equal(corpus.chunks.find((c) => c.path === "bom.md")?.text, "\uFEFF# Bom\nbody\n");
  });

  test("markdownFiles gives the same files buildCorpus indexes", async () => {
    const files = await markdownFiles(dir);
    assert.deepEqual(await buildCorpus(files), await indexDirectory(dir));
  });

  test("writeCorpusModule writes compact JSON that reads back as the corpus", async () => {
    const corpus = await indexDirectory(dir);
    const out = join(dir, "out", "nested", "corpus.json");
    await writeCorpusModule(corpus, out);
    const text = await readFile(out, "utf8");
    assert.equal(text, `${JSON.stringify(corpus)}\n`);
    assert.deepEqual(readCorpus(JSON.parse(text)), corpus);
    await writeCorpusModule(corpus, out);
    assert.equal(await readFile(out, "utf8"), text);
  });

  test("defaultCorpusFiles: README.md and docs/**/*.md of a project, nothing else", async () => {
    const project = join(dir, "project");
    await mkdir(join(project, "docs", "more"), { recursive: true });
    await writeFile(join(project, "README.md"), "# P\n\nSee [guide](docs/guide.md).\n");
    await writeFile(join(project, "CHANGELOG.md"), "# not included\n");
    await writeFile(join(project, "docs", "guide.md"), "# Guide\ng\n");
    await writeFile(join(project, "docs", "more", "x.md"), "# X\nx\n");
    const files = await defaultCorpusFiles(project);
    assert.deepEqual(
      files.map((f) => f.path),
      ["README.md", "docs/guide.md", "docs/more/x.md"],
    );
    const bare = join(dir, "bare");
    await mkdir(bare, { recursive: true });
    assert.deepEqual(await defaultCorpusFiles(bare), []);
  });
});

describe("the project's own corpus (README.md + docs/)", async () => {
  const files = await defaultCorpusFiles(projectRoot);
  const corpus = await buildCorpus(files);
  const provider = docsProvider(corpus);

  test("includes the README and the docs pages, cross-linked", () => {
    const paths = corpus.documents.map((d) => d.path);
    assert.ok(paths.includes("README.md"));
    for (const page of ["protocol", "codec", "attestation", "providers", "deploy"])
      assert.ok(paths.includes(`docs/${page}.md`), page);
    const linked = new Set(corpus.chunks.flatMap((c) => c.relations.map((r) => `${c.path} -> ${r.target_uri}`)));
    for (const page of ["codec", "attestation", "providers", "deploy"])
      assert.ok(linked.has(`docs/protocol.md -> file:///docs/${page}.md`), page);
    assert.ok(linked.has("docs/deploy.md -> file:///docs/providers.md"));
  });

  const firstPath = async (goal: string) =>
    (await ask(provider, { goal, max_frames: 8, max_tokens: 4096 })).frames[0]?.id.split("#")[0];

  test("queries find the page that answers them", async () => {
    assert.equal(await firstPath("verify attestation signature"), "docs/attestation.md");
    assert.equal(await firstPath("WireError codes invalid_utf8 not_an_envelope"), "docs/codec.md");
    assert.equal(await firstPath("rotate the seed that never leaves the Worker"), "docs/deploy.md");
    assert.equal(await firstPath("defineProvider handler timeoutMs overruns"), "docs/providers.md");
    assert.equal(await firstPath("budget token_cost max_tokens max_frames"), "docs/protocol.md");
  });

  test("every frame of a broad query is valid, and its provenance re-hashes from disk", async () => {
    const result = await ask(provider, {
      goal: "frames provider signature codec budget corpus",
      max_frames: 200,
      max_tokens: 1_000_000,
    });
    assert.ok(result.frames.length > 10);
    for (const frame of result.frames) {
      assert.deepEqual(checkFrame(frame), [], frame.id);
      assert.deepEqual(checkTokenCost(frame), [], frame.id);
      for (const link of frame.provenance ?? []) {
        const path = decodeURIComponent(new URL(link.uri!).pathname).slice(1);
        const range = parseLineRange(link.range!)!;
        assert.equal(
          link.digest,
          digestOfLines(await readFile(join(projectRoot, path)), range.start, range.end ?? range.start),
          frame.id,
        );
      }
    }
  });
});

// Chunking Markdown into a docs corpus (spec §1.8 file provenance, §1.14 line ranges).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { digestOfLines, sha256Hex } from "./support.ts";
import {
  buildCorpus,
  type DocsChunk,
  type DocsCorpus,
  DocsCorpusError,
  readCorpus,
  splitLines,
} from "../support/lib.ts";

const byId = (corpus: DocsCorpus, id: string): DocsChunk => {
  const chunk = corpus.chunks.find((c) => c.id === id);
  assert.ok(chunk, `no chunk ${id} in ${corpus.chunks.map((c) => c.id).join(", ")}`);
  return chunk;
};

const GUIDE = `${[
  "# Guide", // 1
  "", // 2
  "Intro text.", // 3
  "", // 4
  "## Install", // 5
  "", // 6
  "Run this:", // 7
  "", // 8
  "```sh", // 9
  "# not a heading", // 10
  "npm install", // 11
  "```", // 12
  "", // 13
  "### Options", // 14
  "Some options.", // 15
  "", // 16
  "", // 17
  "## Usage", // 18
  "~~~ts title", // 19
  "## still code", // 20
  "~~~", // 21
  "After.", // 22
].join("\n")}\n`;

/** Every chunk's text is exactly its lines of the source (spec §1.14). */
function assertExactRanges(corpus: DocsCorpus, sources: Record<string, string>) {
  for (const chunk of corpus.chunks) {
    const lines = splitLines(sources[chunk.path]!);
    assert.equal(chunk.text, lines.slice(chunk.start - 1, chunk.end).join(""), chunk.id);
    assert.ok(chunk.start >= 1 && chunk.end >= chunk.start && chunk.end <= lines.length, chunk.id);
  }
}

describe("chunking by heading", () => {
  test("sections run to the next heading of any level, with heading trails and slug ids", async () => {
    const corpus = await buildCorpus([{ path: "guide.md", text: GUIDE }]);
    assert.deepEqual(
      corpus.chunks.map((c) => [c.id, c.kind, c.trail, c.start, c.end]),
      [
        ["guide.md#guide", "doc", "guide › Guide", 1, 3],
        ["guide.md#install", "doc", "guide › Install", 5, 12],
        ["guide.md#install~snippet-1", "snippet", "guide › Install › snippet 1 (sh)", 9, 12],
        ["guide.md#options", "doc", "guide › Install › Options", 14, 15],
        ["guide.md#usage", "doc", "guide › Usage", 18, 22],
        ["guide.md#usage~snippet-1", "snippet", "guide › Usage › snippet 1 (ts)", 19, 21],
      ],
    );
    assertExactRanges(corpus, { "guide.md": GUIDE });
    assert.deepEqual(corpus.documents, [
      { path: "guide.md", uri: "file:///guide.md", title: "Guide", digest: sha256Hex(GUIDE), lines: 22 },
    ]);
  });

  test("a # line inside a fenced block is code, even with a longer or tilde fence", async () => {
    const text = "# A\n\n````md\n```\n# inner\n```\n````\n\n## B\nb\n";
    const corpus = await buildCorpus([{ path: "a.md", text }]);
    assert.deepEqual(
      corpus.chunks.map((c) => [c.id, c.start, c.end]),
      [
        ["a.md#a", 1, 7],
        ["a.md#a~snippet-1", 3, 7],
        ["a.md#b", 9, 10],
      ],
    );
  });

  test("an unclosed fence runs to the end of the document", async () => {
    const text = "# A\ntext\n```\n# code\n\n";
    const corpus = await buildCorpus([{ path: "a.md", text }]);
    assert.deepEqual(
      corpus.chunks.map((c) => [c.id, c.start, c.end]),
      [
        ["a.md#a", 1, 4],
        ["a.md#a~snippet-1", 3, 4],
      ],
    );
  });

  test("ATX shapes: closing #s, seven #s and #word are not headings, up to 3 spaces of indent", async () => {
    const text = "   ## Spaced ##\nx\n####### seven\n#tag\n    # indented code\n";
    const corpus = await buildCorpus([{ path: "a.md", text }]);
    assert.deepEqual(
      corpus.chunks.map((c) => [c.id, c.trail, c.start, c.end]),
      [["a.md#spaced", "a › Spaced", 1, 5]],
    );
  });

  test("duplicate headings get :2, :3; snippets number within their section", async () => {
    const text = "# Doc\n\n## Example\none\n\n## Example\n```\nx\n```\n```\ny\n```\n\n## Example\nthree\n";
    const corpus = await buildCorpus([{ path: "d.md", text }]);
    assert.deepEqual(
      corpus.chunks.map((c) => c.id),
      ["d.md#example", "d.md#example:2", "d.md#example:2~snippet-1", "d.md#example:2~snippet-2", "d.md#example:3"],
    );
    assertExactRanges(corpus, { "d.md": text });
  });

  test("a heading with nothing under it is not a chunk; text before the first heading is", async () => {
    const text = "Preamble line.\n\n# Title\n\n## Empty\n\n\n## Full\nbody\n";
    const corpus = await buildCorpus([{ path: "p.md", text }]);
    assert.deepEqual(
      corpus.chunks.map((c) => [c.id, c.trail, c.start, c.end]),
      [
        ["p.md", "p", 1, 1],
        ["p.md#full", "p › Full", 8, 9],
      ],
    );
  });

  test("a file without headings is one chunk named by its path; a blank file has none", async () => {
    const text = "\n\nJust some notes\nover two lines.\n\n";
    const corpus = await buildCorpus([
      { path: "notes.md", text },
      { path: "blank.md", text: "\n \n" },
    ]);
    assert.deepEqual(
      corpus.chunks.map((c) => [c.id, c.kind, c.trail, c.start, c.end]),
      [["notes.md", "doc", "notes", 3, 4]],
    );
    assert.equal(corpus.chunks[0]!.text, "Just some notes\nover two lines.\n");
    assert.equal(corpus.documents.length, 2);
  });

  test("a file of headings only still yields one chunk", async () => {
    const corpus = await buildCorpus([{ path: "h.md", text: "# One\n## Two\n" }]);
    assert.deepEqual(
      corpus.chunks.map((c) => [c.id, c.start, c.end]),
      [["h.md", 1, 2]],
    );
  });

  test("CRLF files: CR is content, headings are still found, digests cover the CR bytes", async () => {
    const text = "# Title\r\n\r\nBody one.\r\n\r\n## Next\r\n```\r\n# code\r\n```\r\nLast line without newline";
    const corpus = await buildCorpus([{ path: "crlf.md", text }]);
    assert.deepEqual(
      corpus.chunks.map((c) => [c.id, c.trail, c.start, c.end]),
      [
        ["crlf.md#title", "crlf › Title", 1, 3],
        ["crlf.md#next", "crlf › Next", 5, 9],
        ["crlf.md#next~snippet-1", "crlf › Next › snippet 1", 6, 8],
      ],
    );
    const title = byId(corpus, "crlf.md#title");
    assert.equal(title.text, "# Title\r\n\r\nBody one.\r\n");
    assert.equal(title.digest, digestOfLines(text, 1, 3));
    assert.equal(byId(corpus, "crlf.md#next").text.endsWith("Last line without newline"), true);
    assertExactRanges(corpus, { "crlf.md": text });
  });

  test("non-ASCII text: Unicode slugs, exact UTF-8 digests", async () => {
    const text = "# Überblick\n\nGrüße aus Köln — 日本語 😀\n\n## Ἀρχή & τέλος\nκείμενο\n";
    const corpus = await buildCorpus([{ path: "docs/über.md", text }]);
    assert.deepEqual(
      corpus.chunks.map((c) => c.id),
      ["docs/über.md#überblick", "docs/über.md#ἀρχή--τέλος"],
    );
    assert.equal(corpus.chunks[0]!.trail, "docs/über › Überblick");
    for (const chunk of corpus.chunks) assert.equal(chunk.digest, digestOfLines(text, chunk.start, chunk.end));
    assert.equal(corpus.documents[0]!.uri, "file:///docs/%C3%BCber.md");
  });

  test("a byte-order mark stays in the text and the digest, and does not hide the first heading", async () => {
    const text = "\uFEFF# Title\nbody\n";
    const corpus = await buildCorpus([{ path: "bom.md", text }]);
    assert.equal(corpus.chunks[0]!.id, "bom.md#title");
    assert.equal(corpus.chunks[0]!.digest, digestOfLines(text, 1, 2));
    assert.equal(corpus.documents[0]!.digest, sha256Hex(Buffer.from(text, "utf8")));
  });

  test("several # titles: none is dropped from the trail", async () => {
    const corpus = await buildCorpus([{ path: "m.md", text: "# One\na\n## Sub\nb\n# Two\nc\n" }]);
    assert.deepEqual(
      corpus.chunks.map((c) => c.trail),
      ["m › One", "m › One › Sub", "m › Two"],
    );
  });
});

describe("digests of the addressed bytes", () => {
  test("every chunk digest and document digest match node:crypto over the file's bytes", async () => {
    const sources = { "guide.md": GUIDE, "dir/x.md": "intro\n# X\n\ncafé ```not a fence```\n\n```\ncode\n```\n" };
    const corpus = await buildCorpus(Object.entries(sources).map(([path, text]) => ({ path, text })));
    for (const chunk of corpus.chunks) {
      const file = Buffer.from(sources[chunk.path as keyof typeof sources], "utf8");
      assert.equal(chunk.digest, digestOfLines(file, chunk.start, chunk.end), chunk.id);
      assert.equal(chunk.digest, sha256Hex(chunk.text), chunk.id);
    }
    for (const document of corpus.documents)
      assert.equal(document.digest, sha256Hex(sources[document.path as keyof typeof sources]));
  });
});

describe("corpus as data", () => {
  test("documents are sorted by path whatever the input order; the same text builds the same corpus", async () => {
    const files = [
      { path: "b.md", text: "# B\nb\n" },
      { path: "./a.md", text: "# A\na\n" },
      { path: "docs/c.md", text: "# C\nc\n" },
    ];
    const one = await buildCorpus(files);
    const two = await buildCorpus([...files].reverse());
    assert.deepEqual(one, two);
    assert.deepEqual(
      one.documents.map((d) => d.path),
      ["a.md", "b.md", "docs/c.md"],
    );
  });

  test("ids and digests of untouched sections survive an edit elsewhere", async () => {
    const before = await buildCorpus([{ path: "g.md", text: GUIDE }]);
    const after = await buildCorpus([{ path: "g.md", text: GUIDE.replace("Some options.", "Some other options.") }]);
    const changed = after.chunks.filter((c, i) => c.digest !== before.chunks[i]!.digest).map((c) => c.id);
    assert.deepEqual(
      after.chunks.map((c) => c.id),
      before.chunks.map((c) => c.id),
    );
    assert.deepEqual(changed, ["g.md#options"]);
  });

  test("is plain JSON: it round-trips and readCorpus accepts it", async () => {
    const corpus = await buildCorpus([{ path: "guide.md", text: GUIDE }]);
    const copy: unknown = JSON.parse(JSON.stringify(corpus));
    assert.deepEqual(copy, corpus);
    assert.deepEqual(readCorpus(copy), corpus);
  });

  test("readCorpus refuses other shapes with a DocsCorpusError naming where", () => {
    assert.throws(() => readCorpus({ format: "something-else/1", documents: [], chunks: [] }), DocsCorpusError);
    assert.throws(
      () => readCorpus({ format: "frameline-docs-corpus/1", documents: [], chunks: [{ id: "x" }] }),
      (error: unknown) => error instanceof DocsCorpusError && /chunks\.0/.test(error.message),
    );
  });

  test("a path that escapes the root, or the same path twice, is refused", async () => {
    await assert.rejects(buildCorpus([{ path: "../x.md", text: "" }]), RangeError);
    await assert.rejects(
      buildCorpus([
        { path: "a.md", text: "" },
        { path: "./a.md", text: "" },
      ]),
      RangeError,
    );
  });
});

describe("hostile Markdown", () => {
  // Each of these took quadratic time with a naive regex; at this size that would be minutes, linear is milliseconds.
  const n = 200_000;
  const inputs: [string, string][] = [
    ["an unclosed link destination of spaces", `[a](${" ".repeat(n)}`],
    ["many unmatched brackets in a heading", `# ${"[".repeat(n)}`],
    ["a heading with a long inner space run", `# a${" ".repeat(n)}b`],
    ["a long run of CRs", `a${"\r".repeat(n)}b`],
    ["backtick runs of mixed length", "`a``".repeat(n / 4)],
    ["many link openers", "[a](".repeat(n / 4)],
  ];
  for (const [name, body] of inputs) {
    test(name, { timeout: 20_000 }, async () => {
      const text = `# T\n${body}\n`;
      const corpus = await buildCorpus([{ path: "h.md", text }]);
      assert.equal(corpus.chunks.map((c) => c.text).join("").length > 0, true);
    });
  }
});

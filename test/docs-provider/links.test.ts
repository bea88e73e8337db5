// Links between corpus documents become relations (spec §1.8 Relation, G1, G2); document URIs.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { buildCorpus, LINKS_TO, resolveLink, fileUri } from "../support/lib.ts";

const FILES = [
  {
    path: "README.md",
    text: "# Project\n\nSee [the attestation guide](docs/attest.md) and [`codec`](./docs/codec.md#limits).\n",
  },
  {
    path: "docs/attest.md",
    text: [
      "# Attest",
      "",
      "Back to [the readme](../README.md), the [codec][c], and [codec again](codec.md).",
      "Absolute: [root readme](/README.md). Self: [here](#attest), [me](attest.md).",
      "Outside: [web](https://example.com/x.md), [mail](mailto:a@b.c), [up](../../out.md), [missing](nope.md).",
      "Image: ![diagram](codec.md). Code: `[not](codec.md)`.",
      "",
      "```md",
      "[in a fence](notes/my notes.md)",
      "```",
      "",
      "## Notes",
      "A link [split",
      'over lines](<notes/my notes.md>) and [**  **](notes/my%20notes.md "title").',
      "",
      "[c]: codec.md",
    ].join("\n"),
  },
  { path: "docs/codec.md", text: "# Codec\n\nNo links [here].\n" },
  { path: "docs/notes/my notes.md", text: "# Notes\n\nUp: [attest](../attest.md)\n" },
];

describe("relations from links", () => {
  test("relative, ./, ../ and root-absolute links to corpus documents become links-to relations", async () => {
    const corpus = await buildCorpus(FILES);
    const relations = Object.fromEntries(corpus.chunks.map((c) => [c.id, c.relations]));
    assert.deepEqual(relations["README.md#project"], [
      { rel: LINKS_TO, target_uri: "file:///docs/attest.md", display_name: "the attestation guide" },
      { rel: LINKS_TO, target_uri: "file:///docs/codec.md", display_name: "codec" },
    ]);
    // One relation per target, the first link's text; self links, images, code, external and unknown targets are not relations.
    assert.deepEqual(relations["docs/attest.md#attest"], [
      { rel: LINKS_TO, target_uri: "file:///README.md", display_name: "the readme" },
      { rel: LINKS_TO, target_uri: "file:///docs/codec.md", display_name: "codec" },
    ]);
    // A link over two lines; angle-bracket and percent-encoded destinations; a blank text falls back to the target path (G1).
    assert.deepEqual(relations["docs/attest.md#notes"], [
      { rel: LINKS_TO, target_uri: "file:///docs/notes/my%20notes.md", display_name: "split over lines" },
    ]);
    assert.deepEqual(relations["docs/codec.md#codec"], []);
    assert.deepEqual(relations["docs/notes/my notes.md#notes"], [
      { rel: LINKS_TO, target_uri: "file:///docs/attest.md", display_name: "attest" },
    ]);
    for (const chunk of corpus.chunks.filter((c) => c.kind === "snippet")) assert.deepEqual(chunk.relations, []);
  });

  test("a blank link text falls back to the target path", async () => {
    const corpus = await buildCorpus([
      { path: "a.md", text: "# A\n[ ](b.md) [`` ``](b.md)\n" },
      { path: "b.md", text: "# B\nb\n" },
    ]);
    assert.deepEqual(corpus.chunks[0]!.relations, [
      { rel: LINKS_TO, target_uri: "file:///b.md", display_name: "b.md" },
    ]);
  });

  test("every relation has a non-blank display_name and a target_uri naming a corpus document (G1, G2)", async () => {
    const corpus = await buildCorpus(FILES);
    const uris = new Set(corpus.documents.map((d) => d.uri));
    for (const chunk of corpus.chunks) {
      for (const relation of chunk.relations) {
        assert.ok(relation.display_name?.trim(), chunk.id);
        assert.ok(uris.has(relation.target_uri), relation.target_uri);
      }
    }
  });
});

describe("link resolution and URIs", () => {
  test("resolveLink", () => {
    assert.equal(resolveLink("docs/protocol.md", "./codec.md#limits"), "docs/codec.md");
    assert.equal(resolveLink("docs/protocol.md", "../README.md?plain=1"), "README.md");
    assert.equal(resolveLink("docs/protocol.md", "/docs/deploy.md"), "docs/deploy.md");
    assert.equal(resolveLink("a.md", "my%20notes.md"), "my notes.md");
    assert.equal(resolveLink("a.md", "%E0%A4%A"), "%E0%A4%A");
    for (const outside of ["#frag", "", "https://x/y.md", "HTTP://x", "mailto:x@y", "//host/x.md", "../x.md"]) {
      assert.equal(resolveLink("a.md", outside), undefined, outside);
    }
  });

  test("fileUri percent-encodes each segment and round-trips through URL", () => {
    const paths = ["README.md", "docs/my notes.md", "docs/über/日本.md", "a#b?c%d.md", "x/c:/[y] & z+w.md"];
    for (const path of paths) {
      const uri = fileUri(path);
      const url = new URL(uri);
      assert.equal(url.protocol, "file:");
      assert.equal(url.host, "");
      assert.equal(url.search + url.hash, "");
      assert.equal(decodeURIComponent(url.pathname), `/${path}`);
      assert.doesNotMatch(uri.slice("file:///".length), /[\s#?]/);
    }
    assert.equal(fileUri("docs/my notes.md"), "file:///docs/my%20notes.md");
  });
});

// F5 byte re-verification (spec §4.10, §1.14, F17): which bytes a `file` link names, and what a digest
// over them is compared with. Expected digests are computed here by node:crypto over bytes written out
// by hand, never by the code under test.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { type FileSource, verifyFileProvenance } from "../../support/lib.ts";
import { fileSource } from "../../support/node-lib.ts";

const sha = (text: string) => `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
const TEXT = "one\r\ntwo\nthree\nfour";
const files: Record<string, string> = { "/docs/a.md": TEXT, "/docs/naïve notes.md": "é\n", "/empty.md": "" };
const memory: FileSource = async (path) => (path in files ? new TextEncoder().encode(files[path]) : undefined);
const link = (uri: string, digest: string, range?: string) => ({
  type: "file",
  uri,
  digest,
  ...(range ? { range } : {}),
});

describe("verifyFileProvenance", () => {
  test("no range is the whole file; L<a> one line with its LF; L<a>-<b> inclusive; CR is content", async () => {
    assert.deepEqual(await verifyFileProvenance(link("file:///docs/a.md", sha(TEXT)), memory), { kind: "verified" });
    assert.deepEqual(await verifyFileProvenance(link("file:///docs/a.md", sha("one\r\n"), "L1"), memory), {
      kind: "verified",
    });
    assert.deepEqual(await verifyFileProvenance(link("file:///docs/a.md", sha("two\nthree\n"), "L2-3"), memory), {
      kind: "verified",
    });
  });

  test("an end past the last line clamps; the last line may have no LF", async () => {
    assert.deepEqual(await verifyFileProvenance(link("file:///docs/a.md", sha("three\nfour"), "L3-99"), memory), {
      kind: "verified",
    });
  });

  test("a start past the last line, an end before the start, or a range outside the grammar is unreadable, never a mismatch (F17)", async () => {
    for (const range of ["L5", "L3-2", "L0", "L1-L2", "lines 1 to 2", "L01"]) {
      const verdict = await verifyFileProvenance(link("file:///docs/a.md", sha(""), range), memory);
      assert.equal(verdict.kind, "unreadable", range);
    }
    assert.equal((await verifyFileProvenance(link("file:///empty.md", sha(""), "L1"), memory)).kind, "unreadable");
  });

  test("other bytes are a mismatch naming both digests; a digest outside the grammar is a mismatch too", async () => {
    const wrong = sha("not the file");
    assert.deepEqual(await verifyFileProvenance(link("file:///docs/a.md", wrong, "L1"), memory), {
      kind: "mismatch",
      expected: wrong,
      actual: sha("one\r\n"),
    });
    assert.equal((await verifyFileProvenance(link("file:///docs/a.md", "sha256:abc"), memory)).kind, "mismatch");
  });

  test("the path is percent-decoded as UTF-8; localhost is the only authority; other schemes are unreadable", async () => {
    assert.deepEqual(await verifyFileProvenance(link("file:///docs/na%C3%AFve%20notes.md", sha("é\n")), memory), {
      kind: "verified",
    });
    assert.deepEqual(await verifyFileProvenance(link("file://localhost/docs/a.md", sha(TEXT)), memory), {
      kind: "verified",
    });
    for (const uri of [
      "file://evil.example/docs/a.md",
      "https://example.com/docs/a.md",
      "file:///docs/%FF.md",
      "docs/a.md",
    ])
      assert.equal((await verifyFileProvenance(link(uri, sha(TEXT)), memory)).kind, "unreadable", uri);
  });

  test("a link that is not a file, or has no uri or digest, is not re-read", async () => {
    assert.deepEqual(await verifyFileProvenance({ type: "derivation", uri: "file:///docs/a.md" }, memory), {
      kind: "not_file_provenance",
    });
    assert.equal((await verifyFileProvenance({ type: "file", uri: "file:///docs/a.md" }, memory)).kind, "unreadable");
  });
});

describe("fileSource (Node)", () => {
  let root: string;
  let outside: string;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), "frameline-files-"));
    outside = await mkdtemp(join(tmpdir(), "frameline-outside-"));
    await writeFile(join(root, "a.md"), TEXT);
    await writeFile(join(outside, "secret.md"), "secret");
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  test("reads under its root, and nothing a path climbs out of it to", async () => {
    const source = fileSource({ root });
    assert.equal(new TextDecoder().decode(await source("/a.md")), TEXT);
    assert.equal(await source("/../secret.md"), undefined);
    assert.equal(await source(`/../${join(outside, "secret.md").split("/").slice(-2).join("/")}`), undefined);
    assert.equal(await source("/missing.md"), undefined);
  });

  test("a file over the size bound is unreadable", async () => {
    assert.equal(await fileSource({ root, maxBytes: 4 })("/a.md"), undefined);
  });

  test("a symbolic link inside the root to a file outside it is not followed out", async () => {
    await symlink(join(outside, "secret.md"), join(root, "link.md"));
    assert.equal(await fileSource({ root })("/link.md"), undefined);
  });
});

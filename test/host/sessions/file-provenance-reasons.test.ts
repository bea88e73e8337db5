// Why a file provenance link could not be re-read (spec §4.10, F17), reason by reason, and which URIs name a
// local file: the whole text must be a file:// URI, without query or fragment, and its path valid UTF-8.
// The source is an in-memory map; digests come from node:crypto.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { type FileSource, verifyFileProvenance } from "../../support/lib.ts";

const sha = (text: string) => `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
const files = new Map([["/docs/a.md", "alpha\nbeta\n"]]);
const reads: string[] = [];
const source: FileSource = async (path) => {
  reads.push(path);
  const text = files.get(path);
  return text === undefined ? undefined : new TextEncoder().encode(text);
};
const link = (uri: string | undefined, extra: Record<string, string> = {}) => ({
  type: "file",
  ...(uri === undefined ? {} : { uri }),
  digest: sha("alpha\nbeta\n"),
  ...extra,
});

test("each unreadable link says why", async () => {
  assert.deepEqual(await verifyFileProvenance(link(undefined), source), {
    kind: "unreadable",
    reason: "the link has no uri or no digest",
  });
  assert.deepEqual(await verifyFileProvenance(link("https://example.com/a.md"), source), {
    kind: "unreadable",
    reason: "not a local file:// URI",
  });
  assert.deepEqual(await verifyFileProvenance(link("file:///docs/missing.md"), source), {
    kind: "unreadable",
    reason: "the file cannot be read",
  });
  assert.deepEqual(await verifyFileProvenance(link("file:///docs/a.md", { range: "L9" }), source), {
    kind: "unreadable",
    reason: "the range is outside the grammar or past the end",
  });
});

test("a file:// URI inside other text, or with a query or a fragment, is not a local file", async () => {
  reads.length = 0;
  for (const uri of ["see file:///docs/a.md", "file:///docs/a.md?v=2", "file:///docs/a.md#top"]) {
    assert.deepEqual(
      await verifyFileProvenance(link(uri), source),
      { kind: "unreadable", reason: "not a local file:// URI" },
      uri,
    );
  }
  assert.deepEqual(reads, [], "nothing was read");
});

test("a path whose escapes are not UTF-8 is not a local file; one that is reads the file", async () => {
  reads.length = 0;
  assert.deepEqual((await verifyFileProvenance(link("file:///docs/%ff.md"), source)).kind, "unreadable");
  assert.deepEqual(reads, []);
  assert.deepEqual(await verifyFileProvenance(link("file:///docs/%61.md"), source), { kind: "verified" });
  assert.deepEqual(reads, ["/docs/a.md"]);
});

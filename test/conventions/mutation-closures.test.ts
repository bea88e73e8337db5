// The mutation runner's view of a test file (scripts/test-closures.mjs, docs/mutation.md): the file and
// the test code it imports. An edit to a helper marks the test files importing it as changed in the
// incremental report, and only those; a report with no record yet has all its test files marked.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { closureHashes, invalidateChangedClosures, recordClosures } from "../../scripts/test-closures.mjs";

let root: string;
const put = async (path: string, text: string) => {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
};
/** An incremental report naming both test files, with their sources as Stryker keeps them. */
const report = async () => {
  const source = (path: string) => readFile(join(root, path), "utf8");
  const testFiles = {
    "test/a.test.ts": { tests: [], source: await source("test/a.test.ts") },
    "test/b.test.ts": { tests: [], source: await source("test/b.test.ts") },
  };
  await writeFile(join(root, "part.incremental.json"), JSON.stringify({ files: {}, testFiles }));
  return join(root, "part.incremental.json");
};
const kept = async (file: string) =>
  JSON.parse(await readFile(file, "utf8")).testFiles as Record<string, { source: string }>;

before(async () => {
  root = await mkdtemp(join(tmpdir(), "frameline-closures-"));
  await put("test/a.test.ts", 'import { h } from "./support/h.ts";\nh();\n');
  await put("test/b.test.ts", 'import { g } from "./support/g.ts";\ng();\n');
  await put("test/support/h.ts", 'import { deep } from "./deep/d.ts";\nexport const h = () => deep;\n');
  await put("test/support/deep/d.ts", "export const deep = 1;\n");
  await put("test/support/g.ts", "export const g = () => 2;\n");
});
after(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

test("an edit to a helper imported two files deep marks the test file importing it, and only that one", async () => {
  const incremental = await report();
  recordClosures(incremental, closureHashes(root));
  await put("test/support/deep/d.ts", "export const deep = 2;\n");
  const changed = invalidateChangedClosures(incremental, closureHashes(root));
  assert.deepEqual(changed, ["test/a.test.ts"]);
  const files = await kept(incremental);
  assert.equal(files["test/a.test.ts"]?.source, "", "Stryker sees a.test.ts as changed");
  assert.equal(files["test/b.test.ts"]?.source, await readFile(join(root, "test/b.test.ts"), "utf8"));
});

test("with nothing changed since the record, nothing is marked and the report is left as it is", async () => {
  const incremental = await report();
  recordClosures(incremental, closureHashes(root));
  const before = await readFile(incremental, "utf8");
  assert.deepEqual(invalidateChangedClosures(incremental, closureHashes(root)), []);
  assert.equal(await readFile(incremental, "utf8"), before);
});

test("a report without a record has every test file marked once", async () => {
  const incremental = await report();
  await rm(join(root, "part.closures.json"));
  assert.deepEqual(invalidateChangedClosures(incremental, closureHashes(root)), ["test/a.test.ts", "test/b.test.ts"]);
});

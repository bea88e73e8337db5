// What a test file is to an incremental mutation run (docs/mutation.md): the file and the test code it
// imports (test/support/… and the like, followed file by file), hashed. Stryker's incremental mode keeps
// each test file's source and reruns the mutants a changed file covers, but it knows nothing of the
// helpers a test file imports, so an assertion added in a helper would leave stale survivors. Before a
// run, the test files are hashed and every test file whose imported test code changed since the last run
// has its kept source blanked in the incremental report, which Stryker then treats as a changed test
// file; after a successful run, those hashes (of the files the run saw) are recorded beside the report.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";

/** A relative module specifier after `from`, `import` or `import(`. */
const RELATIVE_IMPORT = /\b(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g;

/** The files under `testRoot` that `file` imports, directly or not, itself included; sorted. */
function closure(file, testRoot) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path) || !path.startsWith(`${testRoot}/`) || !existsSync(path)) return;
    seen.add(path);
    for (const [, specifier] of readFileSync(path, "utf8").matchAll(RELATIVE_IMPORT))
      visit(resolve(dirname(path), specifier));
  };
  visit(file);
  return [...seen].sort();
}

/** One hash over a test file's closure: each file's path (from `root`) and contents. */
function closureHash(file, root) {
  const hash = createHash("sha256");
  for (const path of closure(resolve(root, file), resolve(root, "test")))
    hash.update(`${relative(root, path)}\0${readFileSync(path, "utf8")}\0`);
  return hash.digest("hex");
}

/** Where a part's closure hashes are kept: beside its incremental report. */
const recordOf = (incrementalFile) => incrementalFile.replace(/\.incremental\.json$/, ".closures.json");

/** The closure hash of every `.test.ts` file under `test/`, by its path from `root`. */
export function closureHashes(root) {
  const files = readdirSync(resolve(root, "test"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => `test/${file.split(sep).join("/")}`);
  return Object.fromEntries(files.map((file) => [file, closureHash(file, root)]));
}

/**
 * Blanks, in the incremental report, the kept source of every test file whose closure differs from
 * `hashes` as recorded after the last run (all of them when the last run left no record); returns the
 * files blanked.
 */
export function invalidateChangedClosures(incrementalFile, hashes) {
  if (!existsSync(incrementalFile)) return [];
  const report = JSON.parse(readFileSync(incrementalFile, "utf8"));
  const record = existsSync(recordOf(incrementalFile))
    ? JSON.parse(readFileSync(recordOf(incrementalFile), "utf8"))
    : {};
  const changed = Object.keys(report.testFiles ?? {}).filter((file) => file !== "" && record[file] !== hashes[file]);
  for (const file of changed) report.testFiles[file].source = "";
  if (changed.length > 0) writeFileSync(incrementalFile, JSON.stringify(report));
  return changed;
}

/** Records `hashes` (taken before the run, from the files the run saw) beside the incremental report. */
export function recordClosures(incrementalFile, hashes) {
  writeFileSync(recordOf(incrementalFile), `${JSON.stringify(hashes, null, 2)}\n`);
}

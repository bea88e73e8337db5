// `npm run test:mutation [-- <folder>...]`: StrykerJS over each folder in turn (all five by default),
// then the mutation score per folder and every surviving mutant. See docs/mutation.md.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { closureHashes, invalidateChangedClosures, recordClosures } from "./test-closures.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const FOLDERS = {
  wire: "src/wire",
  checks: "src/protocol/checks",
  attest: "src/attest",
  host: "src/host",
  provider: "src/provider",
};
/** src/host is three times the next folder: it runs in parts, so an interrupted run keeps the parts done. */
const PARTS = {
  "src/host": [
    "src/host/*.ts",
    ...["compose", "connection", "handshake-cache", "multi-provider", "reports", "sessions", "transports"].map(
      (sub) => `src/host/${sub}/**/*.ts`,
    ),
  ],
};
const TARGET = 90;
const DETECTED = new Set(["Killed", "Timeout"]);
const UNDETECTED = new Set(["Survived", "NoCoverage"]);

/** A folder (`host`, `src/wire`) or one part of a folder run in parts (`host/compose`): what to run. */
function selectionOf(arg) {
  const key = arg.replace(/^src\//, "").replace(/\/$/, "");
  const folder = FOLDERS[key] ?? Object.values(FOLDERS).find((path) => path === `src/${key}`);
  if (folder) return { folder, parts: partsOf(folder) };
  const [top] = key.split("/");
  const part = (PARTS[FOLDERS[top]] ?? []).find((glob) => nameOf(glob) === key.replaceAll("/", "-"));
  if (part) return { folder: FOLDERS[top], parts: [part] };
  throw new Error(
    `unknown folder ${arg}: one of ${Object.keys(FOLDERS).join(", ")} (host also by part: host/compose…)`,
  );
}

/** The sandbox sits in .stryker-tmp/; the fixtures are read at ../shared from the project root. */
function linkSharedBesideSandbox() {
  const shared = resolve(ROOT, "../shared");
  const link = resolve(ROOT, ".stryker-tmp/shared");
  mkdirSync(dirname(link), { recursive: true });
  if (existsSync(shared) && !existsSync(link)) symlinkSync(shared, link);
}

function partsOf(folder) {
  return PARTS[folder] ?? [`${folder}/**/*.ts`];
}

/** The report name of a part: its path under src/, with dashes (matches stryker.config.mjs). */
function nameOf(part) {
  return part
    .replace(/^src\//, "")
    .replace(/\/\*\*\/\*\.ts$|\/\*\.ts$/, "")
    .replaceAll("/", "-");
}

function runStryker(folder, part) {
  linkSharedBesideSandbox();
  // Stryker reruns what a changed test file covers; a test file whose helpers changed counts as changed too.
  const incremental = resolve(ROOT, `reports/mutation/${nameOf(part)}.incremental.json`);
  const hashes = closureHashes(ROOT);
  const changed = invalidateChangedClosures(incremental, hashes);
  if (changed.length > 0) console.log(`test files whose imported test code changed: ${changed.join(", ")}`);
  const stryker = resolve(ROOT, "node_modules/@stryker-mutator/core/bin/stryker.js");
  const result = spawnSync(process.execPath, [stryker, "run"], {
    cwd: ROOT,
    stdio: "inherit",
    // 10,000 random fuzz cases instead of 100,000 (the systematic ones all run): every wire mutant reruns
    // test/wire/fuzz.test.ts, and Stryker's infinite-loop guard is 100 times a line's hits in the dry run.
    env: { FRAMELINE_FUZZ_CASES: "10000", ...process.env, FRAMELINE_MUTATE: folder, FRAMELINE_MUTATE_PART: part },
  });
  if (result.status !== 0) return false;
  recordClosures(incremental, hashes);
  return true;
}

function summarize(folder) {
  const counts = { detected: 0, undetected: 0, other: 0 };
  const survivors = [];
  const files = partsOf(folder).flatMap((part) => {
    const path = resolve(ROOT, `reports/mutation/${nameOf(part)}.json`);
    return existsSync(path) ? Object.entries(JSON.parse(readFileSync(path, "utf8")).files) : [];
  });
  for (const [file, { mutants }] of files) {
    for (const mutant of mutants) {
      if (DETECTED.has(mutant.status)) counts.detected += 1;
      else if (UNDETECTED.has(mutant.status)) {
        counts.undetected += 1;
        const { line, column } = mutant.location.start;
        survivors.push(`${file}:${line}:${column} ${mutant.status} ${mutant.mutatorName} → ${mutant.replacement}`);
      } else counts.other += 1;
    }
  }
  const valid = counts.detected + counts.undetected;
  const score = valid === 0 ? 100 : (100 * counts.detected) / valid;
  return { folder, ...counts, score, survivors };
}

const selections =
  process.argv.length > 2 ? process.argv.slice(2).map(selectionOf) : Object.keys(FOLDERS).map(selectionOf);
const results = [];
let failed = false;
for (const { folder, parts } of selections) {
  for (const part of parts) {
    console.log(`\n=== mutation testing ${part} ===`);
    if (runStryker(folder, part)) continue;
    failed = true;
    console.error(`stryker failed on ${part}`);
  }
  results.push(summarize(folder));
}

console.log("\n=== mutation score per folder ===");
for (const { folder, detected, undetected, other, score } of results) {
  const mark = score >= TARGET ? "" : `  (below ${TARGET}%)`;
  console.log(
    `${folder.padEnd(22)} ${score.toFixed(2).padStart(6)}%  killed ${detected}, survived ${undetected}, invalid or ignored ${other}${mark}`,
  );
  if (score < TARGET) failed = true;
}
for (const { folder, survivors } of results) {
  if (survivors.length === 0) continue;
  console.log(`\nsurviving mutants in ${folder}:`);
  for (const line of survivors) console.log(`  ${line}`);
}
process.exit(failed ? 1 : 0);

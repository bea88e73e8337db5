// StrykerJS over one folder of src/ at a time (issue 15, docs/mutation.md). Run it through
// `npm run test:mutation -- <folder>`, which sets FRAMELINE_MUTATE to the folder and FRAMELINE_MUTATE_PART
// to the part of it this run mutates (a glob; src/host runs in parts so each part's results are kept).
import { readdirSync } from "node:fs";
import { join } from "node:path";

const folder = process.env.FRAMELINE_MUTATE ?? "src/wire";
const part = process.env.FRAMELINE_MUTATE_PART ?? `${folder}/**/*.ts`;
const name = part
  .replace(/^src\//, "")
  .replace(/\/\*\*\/\*\.ts$|\/\*\.ts$/, "")
  .replaceAll("/", "-");

/**
 * Test files left out of the mutation run, with the reason. Each needs a browser, workerd, a packed
 * tarball or a child process: slow, and the code they run in another process records no coverage, so
 * Stryker could not tell which mutants they cover.
 */
const EXCLUDED = [
  "test/conventions/", // format, lint, layering and API report over the sources: not behaviour
  "test/e2e/", // Chromium
  "test/package/", // the packed tarball, in deno and bun
  "test/worker/", // workerd and wrangler
  "test/host/e2e.test.ts", // workerd (Miniflare) and `frameline serve --stdio` in a child process
  "test/host/transports/http-redirect-browser.test.ts", // Chromium
  "test/node/cli.test.ts", // the CLI in child processes
  "test/node/serve-stdio.test.ts", // `frameline serve --stdio` in child processes
];

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/**
 * The tests that hold each folder's behaviour: its own, and for the wire the protocol's (which decode
 * through it). A mutant survives unless these kill it, so the score says what the folder's own tests
 * prove. On a shared two-core machine a surviving mutant reruns every file that covers it, and nearly
 * every file covers the wire; FRAMELINE_MUTATION_TESTS=all runs every test file (in this order: the
 * folder's own first, since Stryker stops at the first failing file) for a slower, wider run.
 */
const OWN_TESTS = {
  "src/wire": ["test/wire/", "test/protocol/"],
  "src/protocol/checks": ["test/protocol/checks", "test/protocol/"],
  "src/attest": ["test/attest/"],
  "src/host": ["test/host/"],
  "src/provider": ["test/provider/", "test/docs-provider/provider.test.ts"],
};
const own = OWN_TESTS[folder] ?? [];
/** Files that take tens of seconds each (large inputs, 100,000 fuzz cases, property runs): last, so they run only when needed. */
const SLOW = ["test/wire/linearity.test.ts", "test/wire/fuzz.test.ts", "test/attest/property.test.ts"];

function rank(path) {
  if (SLOW.includes(path)) return 100 + SLOW.indexOf(path);
  const index = own.findIndex((prefix) => path.startsWith(prefix));
  return index === -1 ? 50 : index;
}

const wide = process.env.FRAMELINE_MUTATION_TESTS === "all";
const tests = testFiles("test")
  .filter((path) => !EXCLUDED.some((excluded) => path.startsWith(excluded)))
  .filter((path) => wide || own.some((prefix) => path.startsWith(prefix)))
  .sort()
  .sort((a, b) => rank(a) - rank(b));

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  packageManager: "npm",
  plugins: ["@stryker-mutator/tap-runner"],
  testRunner: "tap",
  tap: {
    testFiles: tests,
    nodeArgs: ["--test-reporter=tap", "-r", "{{hookFile}}", "--import", "tsx", "{{testFile}}"],
    forceBail: true,
  },
  mutate: [part, `!${folder}/**/index.ts`],
  // Each mutant runs only the test files that reached it in the dry run.
  coverageAnalysis: "perTest",
  // Re-runs redo only the mutants whose source or covering tests changed.
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  concurrency: Number(process.env.FRAMELINE_MUTATION_CONCURRENCY ?? 2),
  // A generous margin over each mutant's own test time: the machine is shared.
  timeoutMS: 10_000,
  timeoutFactor: 1.5,
  // event-recorder: one file per tested mutant as it finishes, so survivors can be read during a long run.
  reporters: ["clear-text", "progress-append-only", "json", "event-recorder"],
  eventReporter: { baseDir: `reports/mutation/events/${name}` },
  clearTextReporter: { allowColor: false, logTests: false, reportTests: false, skipFull: true },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  thresholds: { high: 90, low: 90, break: null },
  // Stryker rewrites tsconfig.json paths through TypeScript's JS API, which TypeScript 7 does not have;
  // the sandbox copy needs no rewrite (no `extends` or `references` outside the project), so point it nowhere.
  tsconfigFile: "stryker-has-no-tsconfig.json",
  // tsx strips types without checking them, so no file needs `// @ts-nocheck` (which would also change
  // the generated readers that test/protocol/readers.test.ts compares with the generator's output).
  disableTypeChecks: false,
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};

// Types of scripts/test-closures.mjs (plain JavaScript, run by `node scripts/mutation.mjs`) for the tests.

/** The closure hash of every `.test.ts` file under `test/`, by its path from `root`. */
export function closureHashes(root: string): Record<string, string>;
/** Blanks, in the incremental report, the kept source of every test file whose closure differs from `hashes`; returns them. */
export function invalidateChangedClosures(incrementalFile: string, hashes: Record<string, string>): string[];
/** Records `hashes` beside the incremental report. */
export function recordClosures(incrementalFile: string, hashes: Record<string, string>): void;

// The fuzz run's seed and sizes: every case is reproducible from SEED.

export const SEED = 0x5eedf00d;
export const SEED_HEX = `0x${SEED.toString(16)}`;
/**
 * Random and mutated lines, on top of the systematic ones. FRAMELINE_FUZZ_CASES lowers it for the mutation
 * run (`npm run test:mutation` sets 10,000), where every wire mutant reruns this file; the suite runs 100,000.
 */
export const RANDOM_CASES = fuzzCases(process.env.FRAMELINE_FUZZ_CASES);

function fuzzCases(setting: string | undefined): number {
  if (setting === undefined) return 100_000;
  const cases = Number(setting);
  if (!Number.isSafeInteger(cases) || cases < 1)
    throw new RangeError("FRAMELINE_FUZZ_CASES must be a positive integer");
  return cases;
}
/** Every STREAM_SHARE-th case also goes through the stream. */
export const STREAM_SHARE = 3;
/** How long one batch may take through the stream before it counts as hung. */
export const STREAM_TIMEOUT_MS = 30_000;

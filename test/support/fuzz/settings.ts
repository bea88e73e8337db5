// The fuzz run's seed and sizes: every case is reproducible from SEED.

export const SEED = 0x5eedf00d;
export const SEED_HEX = `0x${SEED.toString(16)}`;
/** Random and mutated lines, on top of the systematic ones. */
export const RANDOM_CASES = 100_000;
/** Every STREAM_SHARE-th case also goes through the stream. */
export const STREAM_SHARE = 3;
/** How long one batch may take through the stream before it counts as hung. */
export const STREAM_TIMEOUT_MS = 30_000;

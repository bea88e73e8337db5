/**
 * A count with its noun, as the CLI's messages print it: `1 document`, `4 chunks`, `0 files`.
 */

/** `n` and `noun`, the noun plural (`plural`, default noun + "s") unless `n` is exactly 1. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

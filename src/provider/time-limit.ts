/** Running a handler under the provider's time limit (spec §4.3: the reference host waits 30 s). */

/** Thrown by `withinLimit` when the handler overran; the dispatcher answers `unavailable`. */
export class Overrun extends Error {}

/** Runs `run` for at most `timeoutMs`, aborting its signal and rejecting with `Overrun` when it overruns. */
export async function withinLimit<T>(timeoutMs: number, run: (signal: AbortSignal) => Promise<T> | T): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const overrun = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Overrun());
    }, timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(() => run(controller.signal)), overrun]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

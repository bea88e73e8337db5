/**
 * Lookups made in the same turn of the event loop answered together: the kit
 * asks `verify` once per identity (spec §1.10), all at once, and D1 answers a
 * batch in one round trip.
 */

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * Wraps `lookup` (keys to a map of the values found) so that calls made before
 * the next microtask share one call of it; each gets its key's value, or
 * undefined when the map has none, or the error `lookup` threw.
 */
export function batchedLookup<V>(
  lookup: (keys: readonly string[]) => Promise<ReadonlyMap<string, V>>,
): (key: string) => Promise<V | undefined> {
  let pending: Map<string, Waiter<V>[]> | undefined;
  const flush = async (batch: Map<string, Waiter<V>[]>) => {
    try {
      const found = await lookup([...batch.keys()]);
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  };
  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (pending === undefined) {
        const batch = new Map<string, Waiter<V>[]>();
        pending = batch;
        queueMicrotask(() => {
          pending = undefined;
          void flush(batch);
        });
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}

/** `endChannel`: the bounded goodbye every connection ends with (spec §1.11, §4.4). */
import type { HostError } from "../../host-error.ts";
import type { Channel } from "./channel.ts";

/** Whether `promise` settles (resolves or rejects) within `ms`; it is left to settle on its own otherwise (spec §4.4's grace). */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer!: ReturnType<typeof setTimeout>;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Ends a channel within `graceMs`: sends `shutdown` when `goodbye` says so,
 * then closes politely; when that has not finished within the grace (a
 * provider that stopped reading), terminates the transport instead, also
 * bounded. Whatever still waits fails with `reason`.
 */
export async function endChannel(
  channel: Channel,
  reason: HostError,
  options: { readonly graceMs: number; readonly goodbye: boolean },
): Promise<void> {
  const grace = new AbortController();
  const polite = (async () => {
    if (options.goodbye) await channel.shutdown(grace.signal);
    await channel.close(reason);
  })();
  if (await settlesWithin(polite, options.graceMs)) return;
  grace.abort();
  await settlesWithin(channel.terminate(reason), options.graceMs);
}

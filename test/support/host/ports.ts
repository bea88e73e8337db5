// Two ends of a MessageChannel as byte streams (spec §4.4): how the playground reaches its in-page provider's
// Web Worker, with Node's MessageChannel standing in for the browser's (same structured clone and transfer).
import { MessageChannel } from "node:worker_threads";
import { messagePortStreams } from "../lib.ts";

/**
 * `near` and `far` ends of one channel; `close` closes both ports. `farReceived(n)` settles once the far
 * port has been handed `n` messages: its own listener comes after the streams', so by then the far
 * readable has taken each of them in (queued it, ended or errored).
 */
export function portPair(options: { maxQueuedBytes?: number } = {}) {
  const { port1, port2 } = new MessageChannel();
  const far = messagePortStreams(port2 as never, options);
  let count = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  port2.addEventListener("message", () => {
    count += 1;
    for (const wait of waiting.filter((w) => w.n <= count)) wait.resolve();
  });
  return {
    near: messagePortStreams(port1 as never, options),
    far,
    close: () => (port1.close(), port2.close()),
    farReceived: (n: number) => new Promise<void>((resolve) => (n <= count ? resolve() : waiting.push({ n, resolve }))),
  };
}

// Two ends of a MessageChannel as byte streams (spec §4.4): how the playground reaches its in-page provider's
// Web Worker, with Node's MessageChannel standing in for the browser's (same structured clone and transfer).
import { MessageChannel } from "node:worker_threads";
import { messagePortStreams } from "../lib.ts";

/** `near` and `far` ends of one channel; `close` closes both ports. */
export function portPair(options: { maxQueuedBytes?: number } = {}) {
  const { port1, port2 } = new MessageChannel();
  return {
    near: messagePortStreams(port1 as never, options),
    far: messagePortStreams(port2 as never, options),
    close: () => (port1.close(), port2.close()),
  };
}

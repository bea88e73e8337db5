/**
 * `messagePortStreams`: a byte stream pair over a `MessagePort` (spec §1.1
 * "stdio binding", §4.4), for a provider in a Web Worker. Each chunk crosses
 * as its own transferred buffer, so the NDJSON framing above sees exactly the
 * bytes written on the other side; `null` ends the stream. The port has no
 * backpressure, so what the reader has not consumed is bounded explicitly.
 */

/** The default bound on bytes received but not yet read: 32 MiB, twice the 16 MiB line cap (spec §4.4). */
export const DEFAULT_MAX_QUEUED_BYTES = 32 * 1024 * 1024;

/** Both directions of a port, plus `end()` to close the readable side locally (the peer died). */
export interface MessagePortStreams {
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<Uint8Array>;
  /**
   * Treats the peer as gone, e.g. when its Worker crashed: the readable side
   * ends and later writes fail, so a connection over it fails every request at
   * once (`provider_crashed`) instead of waiting for a timeout.
   */
  end(): void;
}

/** Options for `messagePortStreams`. */
export interface MessagePortStreamsOptions {
  /** Most bytes received and not yet read before the readable side errors (default 32 MiB). */
  readonly maxQueuedBytes?: number;
}

/** The slice of `MessagePort` used here (a Node `MessagePort` has it too). */
export interface PortLike {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  start(): void;
  close(): void;
}

/** The readable side: the peer's chunks, queued up to `limit` bytes; `finish` ends it (with an error, or not). */
function receiving(
  port: PortLike,
  limit: number,
): { readable: ReadableStream<Uint8Array>; finish(error?: Error): void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const finish = (error?: Error) => {
    if (!open) return;
    open = false;
    if (error) controller.error(error);
    else controller.close();
  };
  const readable = new ReadableStream<Uint8Array>(
    {
      start: (c) => {
        controller = c;
      },
      cancel: () => {
        open = false;
      },
    },
    { highWaterMark: limit, size: (chunk) => chunk.byteLength },
  );
  port.addEventListener("message", (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!open || (data !== null && !(data instanceof Uint8Array))) return;
    if (data === null) finish();
    else if ((controller.desiredSize ?? 0) < data.byteLength)
      finish(new RangeError(`more than ${limit} bytes arrived unread`));
    else controller.enqueue(data);
  });
  port.start();
  return { readable, finish };
}

/**
 * Streams over `port`. Writing posts each chunk (copied, then transferred);
 * closing or aborting the writable posts `null`. The readable side yields
 * every `Uint8Array` the peer posts, closes on `null` or `end()`, ignores any
 * other message, and errors once more than `maxQueuedBytes` wait unread.
 * After `end()` every write fails.
 */
export function messagePortStreams(port: PortLike, options: MessagePortStreamsOptions = {}): MessagePortStreams {
  const { readable, finish } = receiving(port, options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES);
  let peerGone = false;
  const post = (message: Uint8Array | null) => {
    if (peerGone) throw new Error("the port's peer is gone");
    if (message === null) port.postMessage(null, []);
    else {
      const copy = message.slice();
      port.postMessage(copy, [copy.buffer]);
    }
  };
  const writable = new WritableStream<Uint8Array>({
    write: (chunk) => post(chunk),
    close: () => post(null),
    abort: () => post(null),
  });
  const end = () => {
    peerGone = true;
    finish();
  };
  return { readable, writable, end };
}

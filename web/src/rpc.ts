/** The page's side of the host Worker: requests with replies, and events (see web/shared/messages.ts). */
import type { AnswerView, ErrorView, FrameView, HostInit, HostMessage, HostMethods } from "../shared/messages.ts";
import { startWorker } from "./worker-url.ts";

/** A failure the host reported, as the page explains it. */
export class HostFailure extends Error {
  constructor(readonly view: ErrorView) {
    super(view.message);
  }
}

/** The host Worker and its request/reply bookkeeping. */
export class HostClient {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { resolve(value: unknown): void; reject(error: HostFailure): void }>();
  /** Frames of large answers, received in slices ahead of the reply that names them. */
  readonly #slices = new Map<number, FrameView[]>();
  #next = 1;
  /** Where the host's events go (consent changes, conformance progress): main.ts routes them. */
  onEvent: (message: Exclude<HostMessage, { id: number }>) => void = () => undefined;

  constructor(init: HostInit) {
    this.#worker = startWorker("host.js", "frameline host");
    this.#worker.onmessage = (event: MessageEvent<HostMessage>) => {
      const message = event.data;
      if ("event" in message && message.event === "frames") {
        const slices = this.#slices.get(message.answer) ?? [];
        slices.push(...message.frames);
        this.#slices.set(message.answer, slices);
        return;
      }
      if (!("id" in message)) return this.onEvent(message);
      const waiter = this.#waiting.get(message.id);
      this.#waiting.delete(message.id);
      if (message.ok) waiter?.resolve(this.#restore(message.value));
      else waiter?.reject(new HostFailure(message.error));
    };
    this.#worker.onerror = () => {
      for (const waiter of this.#waiting.values())
        waiter.reject(new HostFailure({ kind: "internal", message: "the host Worker stopped", details: {} }));
      this.#waiting.clear();
    };
    this.#worker.postMessage(init);
  }

  /** Puts the frames sent ahead back into the answers of a reply (a query's answer, or an import's answers). */
  #restore(value: unknown): unknown {
    const put = (view: AnswerView): AnswerView => {
      const frames = this.#slices.get(view.answer);
      this.#slices.delete(view.answer);
      return frames ? { ...view, frames } : view;
    };
    const reply = value as { outcome?: string; answer?: AnswerView; answers?: AnswerView[] } | null;
    if (reply?.outcome === "answered") return { ...reply, answer: put(reply.answer!) };
    if (Array.isArray(reply?.answers)) return { ...reply, answers: reply.answers.map(put) };
    return value;
  }

  /** Calls a host method; rejects with a `HostFailure`. `transfer` moves objects (a MessagePort) to the Worker. */
  call<M extends keyof HostMethods>(
    method: M,
    params: HostMethods[M]["params"],
    transfer: Transferable[] = [],
  ): Promise<HostMethods[M]["result"]> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ id, method, params }, transfer);
    });
  }
}

/**
 * The in-page provider's Worker (web/provider). The page starts it as soon as
 * it has loaded (`start`), so its script, corpus and key are in memory before
 * anyone chooses it: cutting the network afterwards changes nothing. Each
 * Worker started gets a link to the host Worker, a MessageChannel whose ends
 * go one to each side (`onLink` hands the host's over), so the host opens its
 * sessions itself and the two speak NDJSON directly; the page only starts,
 * stops and arms the tamper desk.
 */
import type { ProviderControl, ProviderEvent, TamperKind } from "../shared/messages.ts";
import { PlaygroundError } from "../shared/playground-error.ts";
import { startWorker } from "./worker-url.ts";

/** Why the provider could not start: its script never loaded (or did not run), in words. */
function unavailable(message: string): PlaygroundError {
  return new PlaygroundError("in_page_unavailable", message);
}

/** The running in-page provider. */
export class InPageProvider {
  #worker: Worker | undefined;
  #ready: Promise<void> | undefined;
  constructor(
    readonly onEvent: (event: ProviderEvent) => void,
    readonly onCrash: () => void,
    readonly onLink: (port: MessagePort) => void,
  ) {}

  /**
   * Starts the Worker, if it is not running: resolves when the provider is
   * ready to serve, rejects (`in_page_unavailable`) when its script could not
   * be loaded, or after `timeoutMs` without a word from it.
   */
  start(timeoutMs = 60_000): Promise<void> {
    if (this.#ready) return this.#ready;
    const worker = startWorker("provider.js", "in-page provider");
    this.#worker = worker;
    const link = new MessageChannel();
    const message: ProviderControl = { type: "link", port: link.port1 };
    worker.postMessage(message, [link.port1]);
    this.onLink(link.port2);
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(unavailable(`its Worker (provider.js) did not get ready within ${timeoutMs} ms`)),
        timeoutMs,
      );
      worker.onmessage = (event: MessageEvent<ProviderEvent>) => {
        if (event.data.type !== "ready") return this.onEvent(event.data);
        clearTimeout(timer);
        resolve();
      };
      worker.onerror = () => {
        clearTimeout(timer);
        reject(unavailable("its script, provider.js, could not be loaded or run (is the network off?)"));
        this.crash();
      };
    });
    this.#ready = ready;
    ready.catch(() => this.#ready === ready && this.crash());
    return ready;
  }

  /** Arms the tamper desk: the next answer that carries `frameId` is corrupted after signing. */
  tamper(frameId: string, kind: TamperKind): void {
    const message: ProviderControl = { type: "tamper", frameId, kind };
    this.#worker?.postMessage(message);
  }

  /** Stops the Worker, as a crash would: the host is told, and every request fails at once. */
  crash(): void {
    this.#worker?.terminate();
    this.#worker = undefined;
    this.#ready = undefined;
    this.onCrash();
  }
}

/**
 * The in-page provider's Worker (web/provider). The page starts it as soon as
 * it has loaded (`start`), so its script, corpus and key are in memory before
 * anyone chooses it: cutting the network afterwards changes nothing. Each
 * connection gets a fresh MessageChannel, one port for the provider, the other
 * for the host Worker, so the two speak NDJSON directly.
 */
import type { ProviderControl, ProviderEvent, TamperKind } from "../shared/messages.ts";
import { HostFailure } from "./rpc.ts";
import { startWorker } from "./worker-url.ts";

/** Why the provider could not start: its script never loaded (or did not run), in words. */
function unavailable(message: string): HostFailure {
  return new HostFailure({ kind: "in_page_unavailable", message, details: {} });
}

/** The running in-page provider. */
export class InPageProvider {
  #worker: Worker | undefined;
  #ready: Promise<void> | undefined;
  constructor(
    readonly onEvent: (event: ProviderEvent) => void,
    readonly onCrash: () => void,
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

  /** A port connected to a new session of the provider (starting its Worker first if needed). */
  async connect(timeoutMs?: number): Promise<MessagePort> {
    await this.start(timeoutMs);
    const channel = new MessageChannel();
    this.serve(channel.port1);
    return channel.port2;
  }

  /** Hands `port` to the provider: a new session on it (starting its Worker first if needed). */
  serve(port: MessagePort): void {
    if (!this.#worker) void this.start().catch(() => undefined);
    const message: ProviderControl = { type: "serve", port };
    this.#worker!.postMessage(message, [port]);
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

/**
 * The in-page provider's Worker (web/provider): started on demand; each
 * connection gets a fresh MessageChannel, one port for the provider, the other
 * for the host Worker, so the two speak NDJSON directly.
 */
import type { ProviderControl, ProviderEvent, TamperKind } from "../shared/messages.ts";
import { startWorker } from "./worker-url.ts";

/** The running in-page provider. */
export class InPageProvider {
  #worker: Worker | undefined;
  constructor(
    readonly onEvent: (event: ProviderEvent) => void,
    readonly onCrash: () => void,
  ) {}

  #start(): Worker {
    const worker = startWorker("provider.js", "in-page provider");
    worker.onmessage = (event: MessageEvent<ProviderEvent>) => this.onEvent(event.data);
    worker.onerror = () => this.crash();
    this.#worker = worker;
    return worker;
  }

  /** A port connected to a new session of the provider (starting its Worker first if needed). */
  connect(): MessagePort {
    const channel = new MessageChannel();
    this.serve(channel.port1);
    return channel.port2;
  }

  /** Hands `port` to the provider: a new session on it (starting its Worker first if needed). */
  serve(port: MessagePort): void {
    const message: ProviderControl = { type: "serve", port };
    (this.#worker ?? this.#start()).postMessage(message, [port]);
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
    this.onCrash();
  }
}

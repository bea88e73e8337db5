/**
 * The host Worker's channel to the in-page provider's Worker: the page starts
 * that Worker, makes a `MessageChannel` and hands one end to each side
 * (`attach`); from then on the host opens each session itself (`open`: a new
 * channel, one end sent over the link, the other kept for
 * `messagePortStreams`), so NDJSON goes Worker to Worker and the page relays
 * nothing.
 */
import type { ProviderLink } from "../shared/messages.ts";
import { PlaygroundError } from "../shared/playground-error.ts";

/** The link to the in-page provider, while its Worker runs. */
export class InPageLink {
  #port: MessagePort | undefined;

  /** The provider's Worker (re)started: the host's end of the new link. */
  attach(port: MessagePort): void {
    this.#port?.close();
    this.#port = port;
  }

  /** The provider's Worker died: nothing more goes to it until it starts again. */
  detach(): void {
    this.#port?.close();
    this.#port = undefined;
  }

  /** A port to a new session of the in-page provider; `in_page_unavailable` while its Worker is not running. */
  open(): MessagePort {
    if (!this.#port) throw new PlaygroundError("in_page_unavailable", "the in-page provider is not running");
    const channel = new MessageChannel();
    const message: ProviderLink = { type: "serve", port: channel.port1 };
    this.#port.postMessage(message, [channel.port1]);
    return channel.port2;
  }
}

/**
 * What the provider suite can be pointed at (spec §5.1): an HTTP URL, a
 * stream pair opened afresh for each connection (a stdio child through
 * `frameline/node`, a Web Worker in a page), or a provider in the same realm.
 */
import type { Credential } from "../host/transports/credential.ts";
import type { InPageProvider } from "../host/transports/in-page.ts";

/** How a stream peer ended, when the target can tell (a child's exit status or signal). */
export interface PeerEnd {
  readonly code: number | null;
  readonly signal: string | null;
  /** Why it never ran or stopped unasked, e.g. that the program could not be started. */
  readonly problem?: string;
}

/** One connection to a stream provider: its byte streams, a way to end it at once, and its end if observable. */
export interface StreamPeer {
  /** What the provider writes (its stdout). */
  readonly readable: ReadableStream<Uint8Array>;
  /** What the provider reads (its stdin). */
  readonly writable: WritableStream<Uint8Array>;
  /** Ends the provider at once (a child: SIGKILL to its process group), for one that ignored `shutdown`. */
  terminate(): void | Promise<void>;
  /** Settles when the provider has ended, if the target can observe it. */
  readonly ended?: Promise<PeerEnd>;
}

/** A provider at an HTTP URL (spec §1.1 "HTTP binding"); plaintext only to loopback (C7). */
export interface HttpTarget {
  readonly kind: "http";
  readonly url: string;
  /** Sent as `Authorization: Bearer …`, redacted everywhere else (C8). */
  readonly credential?: Credential;
  /** The `fetch` to use (default the global one). */
  readonly fetch?: typeof fetch;
}

/** A provider on a stream pair; `open` starts a fresh one for every connection the suite makes. */
export interface StreamTarget {
  readonly kind: "stream";
  /** How the report names it, e.g. the command line. */
  readonly label: string;
  open(): Promise<StreamPeer>;
}

/** A provider in this realm, called through `inPageTransport` (each connection gets a fresh session). */
export interface InPageTarget {
  readonly kind: "in-page";
  readonly label: string;
  readonly provider: InPageProvider;
}

/** Any target of `runConformance`. */
export type ConformanceTarget = HttpTarget | StreamTarget | InPageTarget;

/** The report's `target`: the URL without credentials or query, the stream's label, or the in-page label. */
export function targetLabel(target: ConformanceTarget): string {
  if (target.kind !== "http") return target.label;
  try {
    const url = new URL(target.url);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return "an HTTP URL that does not parse";
  }
}

/**
 * One run of the provider suite (spec §5.1): the main connection the
 * host-driven checks share, the probe answer they judge, and the fresh
 * connections of the wire-level probes, all ended when the run ends.
 */
import { httpTransport } from "../host/transports/http.ts";
import { inPageTransport } from "../host/transports/in-page.ts";
import type { HandshakeAck } from "../protocol/envelope.ts";
import type { ContextQuery } from "../protocol/query.ts";
import type { ContextQueryResult } from "../protocol/result.ts";
import { handshakeOn, hostQueryOn, notOk, type Outcome } from "./exchanges.ts";
import { exchangeLink } from "./link/exchange-link.ts";
import type { ProbeLink, WireLink } from "./link/link.ts";
import { streamLink } from "./link/stream-link.ts";
import type { ResolvedOptions } from "./options.ts";
import { probeQuery } from "./probe.ts";
import type { ConformanceTarget } from "./target.ts";

/** A connection that completed its handshake, or why none did. */
type Opened<L extends ProbeLink> =
  | { readonly link: L; readonly ack: HandshakeAck; readonly ms: number }
  | { readonly problem: string };

/** Why a target could not be opened, as evidence (a program that would not start, a URL refused before sending). */
function openProblem(error: unknown): string {
  const named = error !== null && typeof error === "object" && "kind" in error ? `${String(error.kind)}: ` : "";
  return `could not connect: ${named}${error instanceof Error ? error.message : "unknown failure"}`;
}

/** The state one run of the provider checks shares. */
export class SuiteRun {
  readonly probe: ContextQuery;
  /** The main connection, once `handshake` has run. */
  main: Opened<ProbeLink> | undefined;
  readonly #links = new Set<ProbeLink>();
  #probeAnswer: Promise<Outcome<ContextQueryResult>> | undefined;
  #fresh: Promise<Opened<WireLink>> | undefined;
  #shared: Promise<Opened<WireLink>> | undefined;

  constructor(
    readonly target: ConformanceTarget,
    readonly options: ResolvedOptions,
  ) {
    this.probe = probeQuery(options.goal);
  }

  /** Whether raw lines can reach the provider (stream targets): the wire-level probes run only then. */
  get wire(): boolean {
    return this.target.kind === "stream";
  }

  /** The main handshake's ack; only called by checks that run after a successful handshake. */
  get ack(): HandshakeAck {
    return this.#handshaken().ack;
  }

  /** The main connection; only called by checks that run after a successful handshake. */
  get link(): ProbeLink {
    return this.#handshaken().link;
  }

  #handshaken(): Extract<Opened<ProbeLink>, { ack: HandshakeAck }> {
    if (!this.main || !("ack" in this.main)) throw new Error("no handshake");
    return this.main;
  }

  /** A fresh connection, handshaken. */
  async connect(): Promise<Opened<ProbeLink>> {
    let link: ProbeLink;
    try {
      link = await this.#open();
    } catch (error) {
      if (this.options.signal?.aborted) throw error;
      return { problem: openProblem(error) };
    }
    this.#links.add(link);
    const started = Date.now();
    const ack = await handshakeOn(link, this.options.handshakeTimeoutMs);
    if (ack.kind !== "ok") return { problem: `the handshake failed: ${notOk(ack)}` };
    return { link, ack: ack.value, ms: Date.now() - started };
  }

  async #open(): Promise<ProbeLink> {
    const target = this.target;
    switch (target.kind) {
      case "stream":
        return streamLink(await target.open(), this.options);
      case "http": {
        const options = {
          ...(target.credential ? { credential: target.credential } : {}),
          ...(target.fetch ? { fetch: target.fetch } : {}),
        };
        return exchangeLink(httpTransport(target.url, options), this.options);
      }
      case "in-page":
        return exchangeLink(inPageTransport(target.provider), this.options);
    }
  }

  /** The probe query's answer on the main connection, asked once (spec §5.1). */
  probeAnswer(): Promise<Outcome<ContextQueryResult>> {
    this.#probeAnswer ??= this.ask(this.probe);
    return this.#probeAnswer;
  }

  /**
   * A query on the main connection, as the host sends it: without an id, so that a reply carrying one is
   * not its answer, except over HTTP or in-page to a provider that does not declare correlation (spec §4.3).
   */
  ask(query: ContextQuery): Promise<Outcome<ContextQueryResult>> {
    return hostQueryOn(this.link, query, !this.wire && !this.ack.capabilities.correlation);
  }

  /**
   * Opens the wire-level probes' two connections now, while the host-driven
   * checks run, so that a child's start-up is not waited for twice more.
   */
  prefetchWire(): void {
    if (!this.wire) return;
    this.#fresh ??= this.connect() as Promise<Opened<WireLink>>;
    this.#shared ??= this.connect() as Promise<Opened<WireLink>>;
  }

  /** A fresh wire connection for one probe (spec §5.1), ended when the run ends; the first is the prefetched one. */
  freshWire(): Promise<Opened<WireLink>> {
    const prefetched = this.#fresh;
    this.#fresh = undefined;
    return prefetched ?? (this.connect() as Promise<Opened<WireLink>>);
  }

  /**
   * The wire connection the later probes share: reused while the provider
   * keeps answering, reopened once a probe has broken it (a provider that died).
   */
  async sharedWire(): Promise<Opened<WireLink>> {
    const current = this.#shared ? await this.#shared : undefined;
    if (current && "link" in current && !current.link.broken) return current;
    this.#shared = this.connect() as Promise<Opened<WireLink>>;
    return this.#shared;
  }

  /** Ends every connection still open: politely (`shutdown` within the grace), then at once. */
  async close(): Promise<void> {
    // A prefetched connection still opening is waited for, so that it too is ended.
    await Promise.allSettled([this.#fresh, this.#shared]);
    const links = [...this.#links];
    this.#links.clear();
    if (this.options.signal?.aborted) await Promise.all(links.map((link) => link.terminate()));
    else await Promise.all(links.map((link) => link.shutdown().catch(() => link.terminate())));
  }
}

/**
 * The providers a `Host` knows, by local id (spec §4.5): each connected
 * already (`Host.add`), or registered to connect on first use
 * (`Host.register`), as a serverless host does for providers it may not
 * reach. A connection that fails leaves its provider registered, to be tried
 * again by the next query; concurrent queries share one attempt.
 */
import type { Connection } from "../connection/connection.ts";
import { asHostError, HostError } from "../host-error.ts";

/** Connects to a registered provider (a handshake, or a resumed connection from a cache). */
export type Connector = () => Promise<Connection>;

/** A registered provider: its connection once made, and how to make it. */
interface Entry {
  connection: Connection | undefined;
  readonly connect: Connector | undefined;
  attempt: Promise<Connection> | undefined;
}

/** What reaching a provider gave: its connection, or why it could not be reached. */
type Reached = { readonly connection: Connection } | { readonly error: HostError };

/** The registered providers, in the order they were registered. */
export class Registry {
  readonly #entries = new Map<string, Entry>();

  /** Throws `duplicate_id` when `localId` is registered already. */
  refuseTaken(localId: string): void {
    if (this.#entries.has(localId))
      throw new HostError("duplicate_id", `a provider is already registered as ${localId}`, { provider: localId });
  }

  /** Registers `localId`, connected or to connect; an id in use is `duplicate_id`. */
  register(localId: string, how: { connection: Connection } | { connect: Connector }): void {
    this.refuseTaken(localId);
    this.#entries.set(
      localId,
      "connection" in how
        ? { connection: how.connection, connect: undefined, attempt: undefined }
        : { connection: undefined, connect: how.connect, attempt: undefined },
    );
  }

  /** The local ids, in registration order. */
  ids(): string[] {
    return [...this.#entries.keys()];
  }

  /** The connection of `localId`, if it is connected. */
  connection(localId: string): Connection | undefined {
    return this.#entries.get(localId)?.connection;
  }

  /**
   * The connection of `localId`, connecting it first if it is registered to
   * connect (one attempt at a time); an id not registered throws `unknown_provider`.
   */
  async reach(localId: string): Promise<Reached> {
    const entry = this.#entries.get(localId);
    if (!entry)
      throw new HostError("unknown_provider", `no provider is registered as ${localId}`, { provider: localId });
    if (entry.connection) return { connection: entry.connection };
    // A connector that throws at once fails like one that rejects: as this provider's leg.
    entry.attempt ??= (async () => entry.connect!())().finally(() => {
      entry.attempt = undefined;
    });
    try {
      entry.connection = await entry.attempt;
      return { connection: entry.connection };
    } catch (error) {
      const unreached = (cause: unknown) =>
        new HostError("transport", `provider ${localId} could not be reached`, { provider: localId }, { cause });
      return { error: asHostError(error, unreached) };
    }
  }

  /** Forgets every provider; returns the connections made, for the caller to close. */
  clear(): Connection[] {
    const connections = [...this.#entries.values()].flatMap((entry) => (entry.connection ? [entry.connection] : []));
    this.#entries.clear();
    return connections;
  }
}

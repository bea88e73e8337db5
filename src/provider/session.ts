/** A provider-side session: what one connection has negotiated (spec §1.3, §1.11). */

/** Per-connection state: whether the handshake happened, and whether the host said `shutdown`. */
export interface ProviderSession {
  handshaken: boolean;
  closed: boolean;
}

/** A fresh session, before any handshake. Over HTTP each request may use a session that is already handshaken. */
export function createSession(options: { handshaken?: boolean } = {}): ProviderSession {
  return { handshaken: options.handshaken ?? false, closed: false };
}

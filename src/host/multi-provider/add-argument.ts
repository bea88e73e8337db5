/**
 * What `Host.add` accepts (spec §4.4, §4.5): a transport of either shape or a
 * connection already negotiated. Anything else is the caller's mistake, so it
 * is a `TypeError` naming what was given, before anything is sent.
 */
import type { Connection } from "../connection/connection.ts";
import type { Transport } from "../transports/transport.ts";

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && (typeof value === "object" || typeof value === "function");
const isFunction = (value: unknown) => typeof value === "function";

/** Whether `value` has the shape of a stream or exchange transport (spec §4.4). */
function isTransport(value: unknown): value is Transport {
  if (!isObject(value) || !isFunction(value.close)) return false;
  if (value.kind === "stream")
    return isFunction(value.send) && isObject(value.incoming) && isFunction(value.incoming.next);
  return value.kind === "exchange" && isFunction(value.exchange);
}

/** Whether `value` has the shape of a `Connection`: it can be queried and closed. */
function isConnection(value: unknown): value is Connection {
  return isObject(value) && isFunction(value.query) && isFunction(value.close);
}

/** What was given, in words: its type, or an object's member names; never a string's text (it may hold a credential). */
function described(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (!isObject(value)) return `a ${typeof value}`;
  if (isFunction(value.then)) return "a promise (await it first)";
  if (typeof value === "function") return "a function (call it first)";
  const names = Object.keys(value);
  const members = names.length === 0 ? "no members" : `members ${names.slice(0, 6).join(", ")}`;
  const inner = isTransport(value.transport) ? "; its `transport` is a transport: pass that" : "";
  return `an object with ${members}${names.length > 6 ? ", …" : ""}${inner}`;
}

/**
 * `provider` as a transport or a connection; a `TypeError` naming what it is
 * otherwise (e.g. `{ transport, child }`, a string, `null`, a promise not
 * awaited), so a wrong argument fails here and not as a failed exchange later.
 */
export function transportOrConnection(localId: unknown, provider: unknown): Transport | Connection {
  if (isConnection(provider) || isTransport(provider)) return provider;
  const id = typeof localId === "string" ? JSON.stringify(localId.slice(0, 60)) : "…";
  throw new TypeError(
    `host.add(${id}, provider): provider must be a transport (streamTransport, httpTransport, inPageTransport, stdioTransport) or a connection; got ${described(provider)}`,
  );
}

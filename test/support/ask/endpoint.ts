// An HTTP provider endpoint for the handshake-cache tests: a handler that can be swapped mid-test (the
// provider is redeployed: a new key, a new name, another version, down), behind a `fetch` for
// httpTransport that counts every envelope POSTed to it by type.
import { createProviderApp, defineProvider, type ProviderDefinition, signerFromSeed } from "../lib.ts";
import { candidate } from "../providers.ts";

/** The provider's URL (loopback, so C7 allows plain HTTP; every HTTP provider is egress by C4). */
export const URL_OF_PROVIDER = "http://127.0.0.1:9/contextgraph";

type Handler = (request: Request) => Response | Promise<Response>;

/** An endpoint: its `fetch`, what was posted to it, and the handler answering now. */
export interface Endpoint {
  readonly fetch: typeof fetch;
  /** The `type` of every envelope POSTed, in order. */
  readonly posted: string[];
  /** Every envelope POSTed, parsed, in order. */
  readonly bodies: any[];
  /** The `authorization` header of every POST (null when absent), in order. */
  readonly authorizations: (string | null)[];
  /** How many envelopes of `type` were POSTed. */
  count(type: string): number;
  /** Answers everything from now on with `handler`. */
  serve(handler: Handler): void;
}

/** An endpoint answered by `handler` until `serve` swaps it. */
export function endpoint(handler: Handler): Endpoint {
  let current = handler;
  const posted: string[] = [];
  const bodies: any[] = [];
  const authorizations: (string | null)[] = [];
  const send = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = JSON.parse(await request.clone().text()) as { type: string };
    posted.push(body.type);
    bodies.push(body);
    authorizations.push(request.headers.get("authorization"));
    return current(request);
  }) as typeof fetch;
  return {
    fetch: send,
    posted,
    bodies,
    authorizations,
    count: (type) => posted.filter((t) => t === type).length,
    serve: (next) => {
      current = next;
    },
  };
}

/** The signing seed of key `n` (any 32 bytes will do; distinct per n). */
export function seedOf(n: number): string {
  return n.toString(16).padStart(2, "0").repeat(32);
}

/** A real provider's HTTP binding: `name`, signing with key `keyN` under the id `keyId` (default `key-<keyN>`; none: unsigned). */
export async function providerApp(
  options: { name?: string; keyN?: number; keyId?: string; kinds?: string[]; extra?: Partial<ProviderDefinition> } = {},
): Promise<Handler> {
  const keyId = options.keyId ?? `key-${options.keyN}`;
  const signer =
    options.keyN === undefined ? undefined : await signerFromSeed(seedOf(options.keyN), { keyId, attesterId: "test" });
  const provider = defineProvider({
    info: { name: options.name ?? "docs", version: "1.0.0", data_flow: { reads: true } },
    capabilities: { query: { kinds: options.kinds ?? ["doc"] }, correlation: true, verify: true },
    query: (query) => [candidate("a", `about ${query.goal}`), candidate("b", "second frame", { score: 0.25 })],
    verify: () => "gone",
    ...(signer ? { signer } : {}),
    ...options.extra,
  });
  const app = createProviderApp(provider);
  return (request) => app.fetch(request);
}

/** A handler answering each envelope type with a fixed envelope (200), `shutdown` with 204. */
export function scripted(replies: Record<string, unknown>): Handler {
  return async (request) => {
    const { type } = (await request.json()) as { type: string };
    const reply = replies[type];
    if (reply === undefined) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(reply), { headers: { "content-type": "application/json" } });
  };
}

/** A handler that is down: every request answered 503 with an `unavailable` error body. */
export const down: Handler = () =>
  new Response(JSON.stringify({ type: "error", code: "unavailable", message: "down for maintenance" }), {
    status: 503,
    headers: { "content-type": "application/json" },
  });

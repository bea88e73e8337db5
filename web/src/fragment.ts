/**
 * Shareable state: the provider and the query in the URL fragment, so a link
 * reproduces a query. The bearer token is never part of it, nor anything else
 * secret; the fragment never reaches a server.
 */
import type { QueryInput } from "../../src/host/index.ts";
import { U32_MAX } from "../../src/protocol/index.ts";

/** What a link carries. */
export interface SharedState {
  readonly provider?: string;
  readonly query: Partial<QueryInput>;
}

/** Fragment parameter → query member, for the text members. */
const TEXT = { goal: "goal", text: "query_text", as_of: "as_of" } as const;
const COUNTS = ["max_frames", "max_tokens"] as const;

/** The fragment for a provider (a URL, or `in-page`) and a query. */
export function toFragment(provider: string, query: Partial<QueryInput>): string {
  const params = new URLSearchParams({ provider });
  for (const [name, member] of Object.entries(TEXT)) if (query[member]) params.set(name, query[member]);
  for (const kind of query.kinds ?? []) params.append("kind", kind);
  for (const anchor of query.anchors ?? []) params.append("anchor", anchor);
  for (const member of COUNTS) if (query[member] !== undefined) params.set(member, String(query[member]));
  return `#${params}`;
}

/** Reads a fragment written by `toFragment`; unknown or malformed members are ignored. */
export function fromFragment(hash: string): SharedState {
  const params = new URLSearchParams(hash.slice(1));
  const query: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(TEXT)) if (params.get(name)) query[member] = params.get(name);
  for (const [name, member] of [
    ["kind", "kinds"],
    ["anchor", "anchors"],
  ] as const)
    if (params.has(name)) query[member] = params.getAll(name);
  for (const member of COUNTS) {
    const value = params.get(member) ?? "";
    if (/^\d{1,10}$/.test(value) && Number(value) <= U32_MAX) query[member] = Number(value);
  }
  const provider = params.get("provider");
  return { ...(provider ? { provider } : {}), query: query as Partial<QueryInput> };
}

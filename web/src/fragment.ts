/**
 * Shareable state: the provider and the query in the URL fragment, so a link
 * reproduces a query. The bearer token is never part of it, nor anything else
 * secret; the fragment never reaches a server.
 */
import type { QueryInput } from "../../src/host/index.ts";

/** What a link carries. */
export interface SharedState {
  readonly provider?: string;
  readonly query?: Partial<QueryInput>;
}

/** The fragment for a provider (a URL, or `in-page`) and a query. */
export function toFragment(provider: string, query: Partial<QueryInput>): string {
  const params = new URLSearchParams();
  params.set("provider", provider);
  if (query.goal) params.set("goal", query.goal);
  if (query.query_text) params.set("text", query.query_text);
  for (const kind of query.kinds ?? []) params.append("kind", kind);
  for (const anchor of query.anchors ?? []) params.append("anchor", anchor);
  if (query.as_of) params.set("as_of", query.as_of);
  if (query.max_frames !== undefined) params.set("max_frames", String(query.max_frames));
  if (query.max_tokens !== undefined) params.set("max_tokens", String(query.max_tokens));
  return `#${params.toString()}`;
}

function count(value: string | null): number | undefined {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= 4_294_967_295 ? n : undefined;
}

/** Reads a fragment written by `toFragment`; unknown or malformed members are ignored. */
export function fromFragment(hash: string): SharedState {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const provider = params.get("provider") ?? undefined;
  const query: Partial<QueryInput> = {};
  const set = <K extends keyof QueryInput>(key: K, value: QueryInput[K] | undefined) => {
    if (value !== undefined && value !== null && value !== "") query[key] = value;
  };
  set("goal", params.get("goal") ?? undefined);
  set("query_text", params.get("text") ?? undefined);
  const kinds = params.getAll("kind");
  if (kinds.length > 0) query.kinds = kinds;
  const anchors = params.getAll("anchor");
  if (anchors.length > 0) query.anchors = anchors;
  set("as_of", params.get("as_of") ?? undefined);
  set("max_frames", count(params.get("max_frames")));
  set("max_tokens", count(params.get("max_tokens")));
  return { ...(provider ? { provider } : {}), query };
}

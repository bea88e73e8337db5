/**
 * How a misbehave mode is made (spec §5.2): at the definition (what the kit
 * serves, filters, packs and signs), at the request (a line or body before
 * the kit reads it) and at the reply (a line the kit wrote, re-signed where
 * the mode needs it). A mode uses only the levels it needs.
 */
import type { Signer } from "../attest/signer.ts";
import type { EnvelopeInit } from "../protocol/envelope.ts";
import type { ProviderDefinition } from "../provider/definition.ts";
import type { DocsCorpus } from "../docs-provider/schema.ts";

/** A JSON object as it travels (a request or a reply line, parsed). */
export type JsonObject = Record<string, unknown>;

/** What a mode may use: the corpus, the provider's name (the id in every commitment) and its signer. */
export interface Fixture {
  readonly corpus: DocsCorpus;
  readonly name: string;
  readonly signer: Signer | undefined;
}

/** What to do with a line or body the host sent: serve it (perhaps rewritten), answer it here, or crash. */
export type RequestAction = { readonly serve: string } | { readonly answer: EnvelopeInit } | { readonly crash: true };

/** One mode's changes; each level is optional. */
export interface Misbehaviour {
  /** Changes the definition the kit serves. */
  readonly definition?: (definition: ProviderDefinition, fixture: Fixture) => ProviderDefinition;
  /** Looks at a line (its text, and its JSON when it parses) before the kit does. */
  readonly request?: (text: string, json: unknown) => RequestAction;
  /** Rewrites a reply the kit wrote. */
  readonly reply?: (reply: JsonObject, fixture: Fixture) => JsonObject | Promise<JsonObject>;
}

/** Serve the line as it is. */
export const serveAsIs = (text: string): RequestAction => ({ serve: text });

/** Whether a value is a JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A query line's JSON with its `query` rewritten by `change`; any other line served as it is. */
export function rewriteQuery(change: (query: JsonObject) => JsonObject) {
  return (text: string, json: unknown): RequestAction => {
    if (!isObject(json) || json.type !== "query" || !isObject(json.query)) return serveAsIs(text);
    return { serve: JSON.stringify({ ...json, query: change(json.query) }) };
  };
}

/** A reply rewriter that changes only `frames` replies' frames, each by `change(frame, index)`. */
export function eachFrame(change: (frame: JsonObject, index: number) => JsonObject) {
  return (reply: JsonObject): JsonObject => {
    if (reply.type !== "frames" || !isObject(reply.result) || !Array.isArray(reply.result.frames)) return reply;
    const frames = (reply.result.frames as JsonObject[]).map(change);
    return { ...reply, result: { ...reply.result, frames } };
  };
}

/** The definition with every candidate the query handler returns changed by `change`. */
export function eachCandidate(
  definition: ProviderDefinition,
  change: (candidate: Awaited<ReturnType<ProviderDefinition["query"]>>[number]) => typeof candidate,
): ProviderDefinition {
  return { ...definition, query: async (query, context) => (await definition.query(query, context)).map(change) };
}

/** What a host may send in a query to a given provider (E1, P5). */
import type { Capabilities } from "../protocol/capabilities.ts";
import type { ContextQuery } from "../protocol/query.ts";

/** A query as code writes it. */
export type QueryInput = Omit<ContextQuery, "max_frames" | "max_tokens"> & { max_frames: number; max_tokens: number };

/**
 * Adapts a query to a provider: the embedding is sent only when this host's
 * fingerprint equals the provider's exactly and is non-empty (E1); only
 * representations the provider advertised are asked for (P5; none advertised
 * means `full`).
 */
export function prepareQuery(
  query: QueryInput,
  capabilities: Capabilities,
  hostFingerprint: string | undefined,
): ContextQuery {
  const { embedding, representation_preferences, ...rest } = query;
  const fingerprint = capabilities.embeddings_fingerprint;
  const sendEmbedding =
    embedding !== undefined &&
    hostFingerprint !== undefined &&
    hostFingerprint !== "" &&
    hostFingerprint === fingerprint;
  const offered = capabilities.representations?.length ? capabilities.representations : ["full"];
  // Not a list (a caller without types): passed on as it is, for the encoder to refuse (invalid_request).
  const preferences = Array.isArray(representation_preferences)
    ? representation_preferences.filter((r) => offered.includes(r))
    : (representation_preferences ?? []);
  return {
    ...rest,
    ...(sendEmbedding ? { embedding } : {}),
    ...(preferences.length > 0 ? { representation_preferences: preferences } : {}),
  };
}

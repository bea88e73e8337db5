/** What a host may send in a query to a given provider (E1, P5, F4, §1.6). */
import type { Capabilities } from "../../protocol/capabilities.ts";
import { checkGoal } from "../../protocol/checks/goal.ts";
import { checkQuery } from "../../protocol/checks/query.ts";
import type { ContextQuery } from "../../protocol/query.ts";
import { readContextQuery } from "../../protocol/readers.generated.ts";
import { ShapeFailure } from "../../protocol/shape-failure.ts";
import { HostError } from "../host-error.ts";

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

/**
 * Refuses a prepared query that breaks a requirement its provider checks
 * (spec §1.6, §2.3): `as_of` outside the timestamp profile (F4), a blank
 * `goal` (§1.6), an embedding whose length contradicts the provider's
 * fingerprint (E1). The `HostError` (`invalid_request`) names the first
 * anchor; nothing has been sent. A query that does not fit its shape at all
 * is left to the encoder, which refuses it the same way (§1.6).
 */
export function refuseInvalidQuery(query: ContextQuery, capabilities: Capabilities): void {
  if (!fitsShape(query)) return;
  const found = [...checkGoal(query), ...checkQuery(query, capabilities)];
  if (found.length === 0) return;
  const message = found.map((breach) => `${breach.anchor}: ${breach.message}`).join("; ");
  throw new HostError("invalid_request", `refused to send: ${message}`, { anchor: found[0]!.anchor });
}

/** Whether a query fits the `query` shape as a receiver reads it (the generated reader, held to the schema). */
function fitsShape(query: ContextQuery): boolean {
  try {
    readContextQuery(query);
    return true;
  } catch (error) {
    if (error instanceof ShapeFailure) return false;
    throw error;
  }
}

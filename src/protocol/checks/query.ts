/** Query checks: the `as_of` timestamp (F4) and the embedding length (E1). */
import type { Capabilities } from "../capabilities.ts";
import { fingerprintDimensions, isTimestamp } from "../grammars.ts";
import type { ContextQuery } from "../query.ts";
import { type Violation, violation } from "./violation.ts";

/**
 * Checks a query a provider received (spec §1.6): `as_of` in the timestamp
 * profile (F4) and, when the provider declared a fingerprint, an embedding of
 * exactly its dimension (E1).
 */
export function checkQuery(
  query: ContextQuery,
  capabilities?: Pick<Capabilities, "embeddings_fingerprint">,
): Violation[] {
  const found: Violation[] = [];
  if (query.as_of !== undefined && !isTimestamp(query.as_of))
    found.push(violation("F4", "as_of must match the timestamp profile", { path: "as_of" }));
  const dimensions =
    capabilities?.embeddings_fingerprint === undefined
      ? undefined
      : fingerprintDimensions(capabilities.embeddings_fingerprint);
  if (query.embedding !== undefined && dimensions !== undefined && query.embedding.length !== dimensions) {
    found.push(
      violation("E1", `embedding has ${query.embedding.length} elements, the declared fingerprint has ${dimensions}`, {
        path: "embedding",
      }),
    );
  }
  return found;
}

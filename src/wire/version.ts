/** Version negotiation (spec §1.14, H1, H3). */
import { versionFamily } from "../protocol/grammars.ts";

export { PROTOCOL_VERSION } from "../protocol/vocabulary.ts";

/**
 * Whether two versions interoperate: same major family, the part before the
 * first `.` (spec §1.14). `contextgraph/1.0-draft` ~ `contextgraph/1.0` ~
 * `contextgraph/1.9`; not `contextgraph/2.0`; not `mcp/1.0`.
 */
export function versionsCompatible(a: string, b: string): boolean {
  return versionFamily(a) === versionFamily(b);
}

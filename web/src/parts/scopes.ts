/** What an egress scope means for a person (spec §1.4), in the handshake panel and in the consent dialog. */
import { isolated } from "../../shared/visible.ts";

const SCOPES: Record<string, string> = {
  "local-only": "stays on this machine",
  "org-tenant": "goes to your organisation's tenant",
  "third-party-index": "is sent to a third-party index",
  "third-party-model": "is sent to a third-party model",
};

/** Where a query's data goes under `scope`, in words; a scope the page does not know is quoted, isolated. */
export function scopeWords(scope: string): string {
  return SCOPES[scope] ?? `goes where ${isolated(scope)} says (a scope this page does not know)`;
}

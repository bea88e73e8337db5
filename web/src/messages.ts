/**
 * A clear message for every failure the host reports (spec §4.12 `HostError`,
 * plus what the page diagnoses about a fetch): a title per kind, the host's
 * own message (it names versions, hosts, scopes, codes, never a credential),
 * and for some kinds what to do next.
 */
import type { ErrorView } from "../shared/messages.ts";

const TITLES: Record<ErrorView["kind"], string> = {
  version_mismatch: "The provider speaks another protocol version",
  handshake_timeout: "The provider did not answer the handshake",
  timeout: "The provider did not answer in time",
  wire: "The provider's answer is not a CGP envelope",
  transport: "The request to the provider failed",
  insecure_transport: "Refused: plaintext HTTP to a host that is not this machine",
  unauthorized: "The provider refused the credentials",
  provider_crashed: "The provider stopped",
  provider: "The provider's answer was refused",
  consent_required: "Not sent: this provider needs your consent first",
  consent_scope_required: "Not sent: this provider needs consent for where your data goes",
  unexpected_envelope: "The provider answered out of turn",
  correlation_mismatch: "The provider answered another request (H4)",
  unknown_provider: "Not connected",
  duplicate_id: "A request is already in flight",
  aborted: "Cancelled",
  closed: "The connection is closed",
  blocked_by_csp: "Blocked by this page's security policy",
  cors_refused: "The provider does not accept requests from this page (CORS)",
  unreachable: "The provider could not be reached",
  bad_input: "Check the form",
  internal: "Something went wrong in the page",
};

const NEXT: Partial<Record<ErrorView["kind"], string>> = {
  version_mismatch: "Another major family is never retried (H3).",
  handshake_timeout: "Check the URL, or raise the handshake timeout under Advanced.",
  insecure_transport: "Nothing was sent. Use https://; plain http:// only reaches this machine (C7).",
  unauthorized: "Check the bearer token (it is never shown, logged or put in the link).",
  provider_crashed: "Connect again to start a new conversation.",
  consent_required: "Nothing left the page; run the query again to be asked (C1, C2).",
  consent_scope_required: "Nothing left the page; run the query again to be asked (C6).",
  blocked_by_csp: "This build allows its own origin and loopback; a deployment can add providers (docs/playground.md).",
  cors_refused: "The provider must list this page's origin among its allowed origins.",
};

/** The title and hint for a failure. */
export function explain(error: ErrorView): { title: string; hint: string } {
  const code = error.kind === "provider" ? error.details.code : undefined;
  return {
    title: code ? `The provider answered an error: ${code}` : TITLES[error.kind],
    hint: [`${error.message}.`, NEXT[error.kind]].filter(Boolean).join(" "),
  };
}

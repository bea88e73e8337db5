/** A clear message for every failure the host reports (spec §4.12 `HostError`, plus what the page diagnoses). */
import type { ErrorView } from "../shared/messages.ts";

type Explained = { title: string; hint: string };

const HINTS: Record<ErrorView["kind"], (e: ErrorView) => Explained> = {
  version_mismatch: (e) => ({
    title: "The provider speaks another protocol version",
    hint: `This host speaks ${e.details.hostVersion ?? "contextgraph/1"}; the provider ${e.details.providerVersion ? `answered ${e.details.providerVersion}` : "refused it"}. Versions of another major family are never retried (H3).`,
  }),
  handshake_timeout: (e) => ({
    title: "The provider did not answer the handshake",
    hint: `No handshake_ack within ${e.details.timeoutMs ?? "the"} ms. Check the URL, or raise the handshake timeout under Advanced.`,
  }),
  timeout: (e) => ({
    title: "The provider did not answer in time",
    hint: `No answer within ${e.details.timeoutMs ?? "the"} ms. Try again, or ask for fewer frames.`,
  }),
  wire: (e) => ({ title: "The provider's answer is not a CGP envelope", hint: e.message }),
  transport: (e) => ({
    title: "The request to the provider failed",
    hint: e.details.status ? `The provider answered HTTP ${e.details.status}.` : e.message,
  }),
  insecure_transport: (e) => ({
    title: "Refused: plaintext HTTP to a host that is not this machine",
    hint: `Nothing was sent to ${e.details.host ?? "the provider"}. Use https:// — plain http:// is allowed only to loopback (localhost, 127.0.0.1, [::1]) (C7).`,
  }),
  unauthorized: () => ({
    title: "The provider refused the credentials",
    hint: "HTTP 401: check the bearer token. The token is never shown, logged or put in the link.",
  }),
  provider_crashed: () => ({
    title: "The provider stopped",
    hint: "Its connection ended mid-conversation. Connect again to start a new one.",
  }),
  provider: (e) => ({
    title: e.details.code ? `The provider answered an error: ${e.details.code}` : "The provider's answer was refused",
    hint: `${e.message}${e.details.rawCode ? ` (its own code: ${e.details.rawCode})` : ""}`,
  }),
  consent_required: () => ({
    title: "Not sent: this provider needs your consent first",
    hint: "Nothing left the page. Run the query again and allow it, if you want to (C1, C2).",
  }),
  consent_scope_required: (e) => ({
    title: "Not sent: this provider needs consent for where your data goes",
    hint: `Missing consent for: ${(e.details.scopes ?? []).join(", ")}. Nothing left the page (C6).`,
  }),
  unexpected_envelope: (e) => ({
    title: "The provider answered out of turn",
    hint: `Expected ${e.details.expected ?? "a reply"}, got ${e.details.got ?? "something else"}.`,
  }),
  correlation_mismatch: (e) => ({
    title: "The provider answered another request",
    hint: `It echoed id ${e.details.got ?? "?"} for ${e.details.expected ?? "?"} (H4).`,
  }),
  unknown_provider: (e) => ({ title: "Not connected", hint: e.message }),
  duplicate_id: (e) => ({ title: "A request is already in flight", hint: e.message }),
  aborted: () => ({ title: "Cancelled", hint: "The request was cancelled." }),
  closed: () => ({ title: "The connection is closed", hint: "Connect again." }),
  blocked_by_csp: (e) => ({
    title: "Blocked by this page's security policy",
    hint: `${e.message}. This build's Content-Security-Policy allows its own origin and loopback providers; a deployment can add yours (see docs/playground.md).`,
  }),
  cors_refused: (e) => ({
    title: "The provider does not accept requests from this page (CORS)",
    hint: `${e.message}. The provider must list this page's origin (${globalThis.location?.origin ?? "?"}) in its allowed origins.`,
  }),
  unreachable: (e) => ({ title: "The provider could not be reached", hint: `${e.message}. Is it running?` }),
  bad_input: (e) => ({ title: "Check the form", hint: e.message }),
  internal: (e) => ({ title: "Something went wrong in the page", hint: e.message }),
};

/** The title and hint for a failure. */
export function explain(error: ErrorView): Explained {
  return HINTS[error.kind](error);
}

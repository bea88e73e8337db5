/**
 * Consent (spec §4.5, C1, C2, C6): the host's gate, answered by the person in
 * a dialog per off-machine scope (or one for the provider), each one allowed
 * granted; a refusal in words; revoking; and every change the host reports,
 * saved on this device and shown.
 */
import type { ConsentState } from "../../../src/host/index.ts";
import type { ErrorView, QueryReply } from "../../shared/messages.ts";
import { announce } from "../announce.ts";
import { askConsent, renderConsent } from "../panels/consent.ts";
import { consentChanged, page } from "../state.ts";
import { saveConsent } from "../storage.ts";
import { host } from "../workers.ts";

/** The consent a query's reply says the host needs before anything is sent. */
type Gate = Exclude<QueryReply, { outcome: "answered" }>;

/** Asks the person for each consent `gate` names, granting each one allowed; false at the first refusal. */
export async function consentTo(gate: Gate): Promise<boolean> {
  const scopes = gate.outcome === "consent_scope_required" ? gate.missing : [undefined];
  for (const scope of scopes) {
    if (!page.view || !(await askConsent(page.view, scope))) return false;
    await host.call("grant", scope === undefined ? {} : { scope });
  }
  return true;
}

/** A refused gate, as the page explains it: nothing was sent. */
export function refused(gate: Gate): ErrorView {
  return gate.outcome === "consent_required"
    ? { kind: gate.outcome, message: "you did not allow queries to this provider", details: {} }
    : {
        kind: gate.outcome,
        message: `you did not allow ${gate.missing.join(", ")}`,
        details: { scopes: gate.missing },
      };
}

/** Withdraws every consent to the provider connected now: the next query asks again. */
export async function revoke(): Promise<void> {
  await host.call("revoke", {});
  announce("Consent revoked: the next query asks again.");
}

/** A change the host reports: saved on this device, drawn, and the consent section shown if it has something to say. */
export function consentReported(consent: ConsentState): void {
  saveConsent(consent);
  if (page.view) renderConsent(page.view, consent);
  consentChanged(consent);
}

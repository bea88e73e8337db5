/**
 * Consent (spec §4.5, C1, C2, C6): a dialog per off-machine scope (or one for
 * an egress provider without scopes) before a query leaves; the receipts
 * recorded for the provider, listed; and a revoke button.
 */
import type { ConsentState } from "../../../src/host/index.ts";
import { isOffMachineScope } from "../../../src/protocol/index.ts";
import { byId, el, fill, quote } from "../dom.ts";
import type { HandshakeView } from "../../shared/messages.ts";
import { scopeWords } from "../parts/scopes.ts";

/**
 * Asks the person, in a modal dialog, whether to send queries to the provider
 * (for `scope`, or at all). Resolves true only on "Allow"; Escape or "Don't
 * send" is a refusal. Focus returns to where it was.
 */
export function askConsent(view: HandshakeView, scope?: string): Promise<boolean> {
  const dialog = byId<HTMLDialogElement>("consent-dialog");
  const where = () => [quote(view.provider.name), ...(view.url ? [" at ", quote(view.url)] : [])];
  if (scope) fill(byId("consent-title"), "Allow data to go to ", quote(scope), "?");
  else fill(byId("consent-title"), "Send queries to ", ...where(), "?");
  fill(
    byId("consent-text"),
    ...where(),
    scope
      ? ` declares that your queries' data ${scopeWords(scope)}. Nothing is sent unless you allow this scope; you can revoke it later.`
      : " counts as sending data off this machine. Nothing is sent unless you allow it; you can revoke it later.",
  );
  const before = document.activeElement as HTMLElement | null;
  return new Promise((resolve) => {
    const listening = new AbortController();
    const done = (granted: boolean) => (event: Event) => {
      event.preventDefault();
      listening.abort();
      dialog.close();
      before?.focus();
      resolve(granted);
    };
    const { signal } = listening;
    byId("consent-grant").addEventListener("click", done(true), { signal });
    byId("consent-deny").addEventListener("click", done(false), { signal });
    dialog.addEventListener("cancel", done(false), { signal });
    dialog.showModal();
    byId("consent-deny").focus();
  });
}

/** What the person has consented to for a provider: its record (C1) and its receipts (C6). */
function consentOf(view: HandshakeView, state: ConsentState) {
  const record = state.records.find((r) => r.provider_id === view.localId);
  return { record, receipts: state.receipts.filter((r) => r.provider_id === view.localId) };
}

/** Whether the consent panel has anything to say: the provider sends data off this machine, or consent is recorded. */
export function consentMatters(view: HandshakeView, state: ConsentState): boolean {
  const { record, receipts } = consentOf(view, state);
  const flow = view.provider.data_flow;
  return flow.egress || (flow.egress_scopes ?? []).some(isOffMachineScope) || !!record || receipts.length > 0;
}

/** Renders what the person has consented to for the provider connected now. */
export function renderConsent(view: HandshakeView, state: ConsentState): void {
  const { record, receipts } = consentOf(view, state);
  fill(
    byId("consent-summary"),
    ...(record || receipts.length > 0
      ? [
          "You allowed ",
          quote(view.provider.name),
          ` to be sent queries${record ? ` (since ${record.granted_at})` : ""}.`,
        ]
      : ["No consent recorded: the page asks before the first query leaves."]),
  );
  fill(
    byId("receipts"),
    ...receipts.map((r) =>
      el(
        "li",
        { "data-scope": r.scope },
        "Receipt: scope ",
        quote(r.scope),
        " for ",
        quote(r.provider_name),
        " ",
        quote(r.provider_version),
        `, granted ${r.granted_at} by ${r.grantor.kind} "${r.grantor.id}"`,
        r.expires_at ? `, expires ${r.expires_at}` : ", open-ended",
        ".",
      ),
    ),
  );
  byId<HTMLButtonElement>("revoke").disabled = !record && receipts.length === 0;
}

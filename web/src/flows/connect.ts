/**
 * Connecting (spec §1.4, §4.2): the target read from the connect form, the
 * last session taken off the page, the in-page provider's Worker started when
 * it is the one chosen, the handshake done by the host; and pinning a key the
 * provider published, or unpinning it (§3.13).
 */
import type { AttesterKey } from "../../../src/protocol/index.ts";
import type { HandshakeView, Target } from "../../shared/messages.ts";
import { localIdOf } from "../../shared/local-id.ts";
import { isolated } from "../../shared/visible.ts";
import { announce, busy } from "../announce.ts";
import { resetConformance } from "../chunks.ts";
import { byId, input } from "../dom.ts";
import { renderConsent } from "../panels/consent.ts";
import { renderHandshake } from "../panels/handshake.ts";
import { renderKinds } from "../panels/query.ts";
import { guard, page, show } from "../state.ts";
import { pinKey, pinnedKeys, rememberedToken, rememberToken } from "../storage.ts";
import { host, provider } from "../workers.ts";

/** The provider chosen in the connect form; a `RangeError` for a URL that is not one. */
export function readTarget(): Target {
  if (document.querySelector<HTMLInputElement>('input[name="mode"]:checked')?.value === "in-page")
    return { kind: "in-page" };
  const url = input("provider-url").value.trim();
  try {
    new URL(url);
  } catch {
    throw new RangeError("the provider URL must be a full URL, such as https://docs.example.com/contextgraph");
  }
  const token = input("token").value;
  return { kind: "http", url, ...(token ? { token } : {}) };
}

/** The handshake timeout set under Advanced (H2). */
export function handshakeTimeoutMs(): number {
  return Number(input("handshake-timeout").value) || 10_000;
}

/** How a link names a target: the provider's URL, or `in-page`. */
export function providerParam(target: Target): string {
  return target.kind === "in-page" ? "in-page" : target.url;
}

/** Connects to the provider chosen in the form; the last session leaves the page first, so a failed connect leaves none. */
export async function connect(): Promise<void> {
  const target = readTarget();
  const localId = localIdOf(target);
  const timeout = handshakeTimeoutMs();
  show({ name: "connecting" });
  resetConformance();
  const view = await busy(byId("connect"), "Connecting…", async () => {
    if (target.kind === "in-page") await provider.start(timeout);
    return host.call("connect", { target, pinned: pinnedKeys(localId), handshakeTimeoutMs: timeout });
  });
  if (target.kind === "http") rememberToken(localId, input("remember-token").checked ? target.token : undefined);
  renderHandshake(view, (key, pinned) => void guard(() => pin(view, key, pinned)));
  renderKinds(view.capabilities.query.kinds ?? []);
  renderConsent(view, page.consent);
  show({ name: "connected", view, target });
  announce(`Connected to ${isolated(view.provider.name)} ${isolated(view.provider.version)}.`);
}

/** Pins a key for the provider connected now, or removes its pin (§3.13); the host checks later answers with the new set. */
async function pin(view: HandshakeView, key: AttesterKey, pinned: boolean): Promise<void> {
  await host.call("pin", { keys: pinKey(view.localId, key, pinned) });
  renderHandshake(view, (k, p) => void guard(() => pin(view, k, p)));
  const id = isolated(key.key_id);
  announce(pinned ? `Key ${id} pinned: later answers show the pinned tier.` : `Key ${id} unpinned.`);
}

/** Shows the URL fields for a provider URL, and fills in a token remembered for it. */
export function syncMode(): void {
  const inPage = document.querySelector<HTMLInputElement>('input[name="mode"]:checked')?.value === "in-page";
  byId("url-fields").hidden = inPage;
  const url = input("provider-url").value.trim();
  try {
    const token = inPage || !url ? undefined : rememberedToken(localIdOf({ kind: "http", url }));
    if (token !== undefined) input("token").value = token;
    input("remember-token").checked = token !== undefined;
  } catch {
    // Not a URL yet: nothing remembered for it.
  }
}

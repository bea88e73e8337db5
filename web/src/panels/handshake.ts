/**
 * The handshake panel (spec §1.4, §1.5, §4.2, §3.13): who the provider is,
 * the version family check, its capabilities, its data flow in plain words,
 * and its attester keys, each with a fingerprint, the full key on demand and a
 * pin or unpin action. A pinned key that the provider no longer publishes is
 * loud. Every string the provider sent is quoted.
 */
import type { AttesterKey } from "../../../src/protocol/index.ts";
import { isolated } from "../../shared/visible.ts";
import { byId, el, quote, slots } from "../dom.ts";
import type { HandshakeView } from "../../shared/messages.ts";
import { pinState } from "../storage.ts";
import { violationList } from "../parts/badge.ts";
import { scopeWords } from "../parts/scopes.ts";

function yes(value: boolean | undefined): string {
  return value ? "yes" : "no";
}

function dataFlow(view: HandshakeView): HTMLElement {
  const flow = view.provider.data_flow;
  const forced = flow.egress && view.declaredEgress !== true;
  return el(
    "ul",
    {},
    el("li", {}, `Reads data: ${yes(flow.reads)}; writes data: ${yes(flow.writes)}.`),
    el(
      "li",
      {},
      `Sends data off this machine: ${yes(flow.egress)}`,
      forced ? " (the provider declares no egress, but every HTTP provider counts as egress here, C4)." : ".",
    ),
    ...(flow.egress_scopes ?? []).map((scope) =>
      el("li", {}, "Scope ", quote(scope), `: your data ${scopeWords(scope)}.`),
    ),
  );
}

function capabilities(view: HandshakeView): string {
  const c = view.capabilities;
  const parts = [
    `kinds: ${(c.query.kinds ?? []).map(isolated).join(", ") || "any"}`,
    c.correlation ? "correlated requests" : "one request at a time",
    c.graph ? "graph (relations, anchors)" : undefined,
    c.verify ? "verify (revalidation)" : undefined,
    c.representations?.length ? `representations: ${c.representations.join(", ")}` : undefined,
    c.embeddings_fingerprint ? `embeddings: ${isolated(c.embeddings_fingerprint)}` : undefined,
  ];
  return parts.filter(Boolean).join(" · ");
}

function keyItem(view: HandshakeView, key: AttesterKey, fingerprint: string): HTMLElement {
  const state = pinState(view.localId, key);
  return el(
    "li",
    { "data-key-id": key.key_id, "data-pin": state },
    el("strong", {}, quote(key.key_id)),
    " · ",
    quote(key.algorithm),
    " · fingerprint ",
    el("code", {}, fingerprint),
    state === "pinned" ? " · pinned on this device" : "",
    state === "mismatch"
      ? el(
          "p",
          { class: "loud", role: "alert" },
          "The key published under ",
          quote(key.key_id),
          " is NOT the one you pinned. Answers signed with it will not verify against your pin.",
        )
      : undefined,
    el("details", {}, el("summary", {}, "Full key"), el("code", {}, quote(key.public_key, { class: "bare" }))),
    state === "pinned"
      ? undefined
      : el(
          "button",
          { type: "button", class: "quiet", "data-action": "pin" },
          `${state === "mismatch" ? "Pin the new key" : "Pin key"} ${isolated(key.key_id)}`,
        ),
    state === "unpinned"
      ? undefined
      : el("button", { type: "button", class: "quiet", "data-action": "unpin" }, `Unpin key ${isolated(key.key_id)}`),
  );
}

/** What the panel does when a pin or unpin button is pressed (`pinned`: whether the key is to be pinned). */
type Pin = (key: AttesterKey, pinned: boolean) => void;

/** Renders the handshake panel. */
export function renderHandshake(view: HandshakeView, onPin: Pin): void {
  const body = byId("handshake-body");
  slots(body, {
    provider: [
      quote(view.provider.name),
      " ",
      quote(view.provider.version),
      ...(view.url ? [" at ", quote(view.url)] : [" (in this page)"]),
    ],
    protocol: [
      quote(view.protocolVersion, { class: "bare" }),
      `: the same major family as this host's ${view.hostVersion} (H1).`,
    ],
    capabilities: capabilities(view),
    flow: dataFlow(view),
    engine:
      view.engine === "webcrypto" ? "WebCrypto Ed25519" : "@noble/ed25519 (this browser's WebCrypto has no Ed25519)",
    violations: violationList(view.violations),
    "key-count": view.attesterKeys.length,
    keys:
      view.attesterKeys.length === 0
        ? el("li", {}, "None published: this provider's answers are unsigned.")
        : view.attesterKeys.map(({ key, fingerprint }) => keyItem(view, key, fingerprint)),
  });
  body.querySelector<HTMLElement>(".keys")!.onclick = (event) => {
    const button = (event.target as Element).closest("button");
    const id = button?.closest("li")?.getAttribute("data-key-id");
    const found = view.attesterKeys.find((k) => k.key.key_id === id);
    if (found) onPin(found.key, button!.getAttribute("data-action") === "pin");
  };
}

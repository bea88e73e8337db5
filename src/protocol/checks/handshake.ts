/** Handshake consistency: H1, H2, C5 and representations ⇒ resolve (spec §2.1, §2.2, §2.6). */
import type { HandshakeAck } from "../envelope.ts";
import { isBlank, isEgressScope, isOffMachineScope, isProtocolVersion, versionFamily } from "../grammars.ts";
import { PROTOCOL_VERSION } from "../vocabulary.ts";
import { type Violation, violation } from "./violation.ts";

/**
 * A `key_id` that `attester_keys` lists more than once (spec §3.13: "never
 * reuse an id for a different key"): named once per id, at its second entry.
 * The host trusts neither key for that id.
 */
function repeatedKeyIds(ack: HandshakeAck): Violation[] {
  const seen = new Set<string>();
  const named = new Set<string>();
  const found: Violation[] = [];
  (ack.attester_keys ?? []).forEach((key, i) => {
    if (!seen.has(key.key_id)) seen.add(key.key_id);
    else if (!named.has(key.key_id)) {
      named.add(key.key_id);
      found.push(
        violation("§3.13", "key_id is listed more than once; neither key is trusted for it", {
          path: `attester_keys[${i}].key_id`,
        }),
      );
    }
  });
  return found;
}

/**
 * Checks a `handshake_ack` (spec §1.4, §1.5): its version is well-formed and in
 * the host's family (H1); name and version are non-empty (H2); egress scopes
 * are well-formed and no off-machine scope is paired with `egress:false` (C5);
 * advertising `compact` or `reference` requires `resolve` (protocol §6.4.1);
 * no `key_id` is listed twice in `attester_keys` (§3.13).
 */
export function checkHandshakeAck(ack: HandshakeAck, hostVersion: string = PROTOCOL_VERSION): Violation[] {
  const found: Violation[] = [];
  if (!isProtocolVersion(ack.protocol_version))
    found.push(violation("H1", "protocol_version does not match the version grammar", { path: "protocol_version" }));
  else if (versionFamily(ack.protocol_version) !== versionFamily(hostVersion))
    found.push(violation("H1", "protocol_version is not in the host's major family", { path: "protocol_version" }));
  if (isBlank(ack.provider.name))
    found.push(violation("H2", "provider.name must be non-empty", { path: "provider.name" }));
  if (isBlank(ack.provider.version))
    found.push(violation("H2", "provider.version must be non-empty", { path: "provider.version" }));
  const flow = ack.provider.data_flow;
  (flow.egress_scopes ?? []).forEach((scope, i) => {
    const path = `provider.data_flow.egress_scopes[${i}]`;
    if (!isEgressScope(scope))
      found.push(violation("C5", "egress scope is neither a base scope nor ns:name", { path }));
    else if (!flow.egress && isOffMachineScope(scope))
      found.push(violation("C5", "off-machine egress scope declared with egress:false", { path }));
  });
  found.push(...repeatedKeyIds(ack));
  const caps = ack.capabilities;
  if (!caps.resolve && (caps.representations ?? []).some((r) => r !== "full")) {
    found.push(
      violation("§6.4.1", "advertising compact or reference requires resolve:true", {
        path: "capabilities.representations",
      }),
    );
  }
  return found;
}

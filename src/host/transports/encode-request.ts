/** `encodeRequest`: the line a transport sends, or a typed local refusal before anything is sent (spec §1.2, §4.1). */
import type { EnvelopeInit } from "../../protocol/envelope.ts";
import { encodeLine } from "../../wire/line.ts";
import { WireError } from "../../wire/wire-error.ts";
import { HostError } from "../host-error.ts";

/** Where each host → provider envelope's shape is defined (spec §1.3, §1.6, §1.10, §1.11). */
const SHAPE_ANCHORS: Readonly<Record<string, string>> = {
  handshake: "§1.3",
  query: "§1.6",
  verify: "§1.10",
  shutdown: "§1.11",
};

/**
 * Encodes one envelope the host sends. One that does not fit its shape
 * (`max_tokens: 7.5`, a missing `goal`) is `invalid_request` naming the
 * member and the section that defines it, never a `WireError`, and no byte
 * of it has been sent.
 */
export function encodeRequest(envelope: EnvelopeInit): string {
  try {
    return encodeLine(envelope);
  } catch (error) {
    const message = error instanceof WireError ? error.message : "cannot encode envelope";
    const anchor = SHAPE_ANCHORS[String((envelope as { type?: unknown }).type)] ?? "§1.2";
    throw new HostError("invalid_request", `refused to send: ${message}`, { anchor }, { cause: error });
  }
}

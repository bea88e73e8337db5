/**
 * The in-page provider signs twice over: the kit signs the whole answer (one
 * root signature, a proof per frame, spec §3.10), and this step adds a
 * per-frame signature to every entry, as the reference's signed example does,
 * so each frame carries evidence of its own to tamper with. Then the tamper
 * order, if any, is applied. Lines in, lines out.
 */
import { type Signer, signFrameAttestation } from "../../src/attest/index.ts";
import type { Envelope } from "../../src/protocol/index.ts";
import type { DecodedItem } from "../../src/wire/index.ts";
import { encodeLine } from "../../src/wire/index.ts";
import { tamper, type TamperOrder } from "./tamper.ts";

type Result = Extract<Envelope, { type: "frames" }>["result"];

async function signedEach(result: Result, providerName: string, signer: Signer): Promise<Result> {
  const entries = await Promise.all(
    result.frames.map(async (frame) => {
      const entry = result.frame_attestations?.find(
        (e) => e.frame.frame_id === frame.id && e.frame.content_digest === frame.content_digest,
      );
      if (frame.content_digest === undefined) return entry;
      const own = await signFrameAttestation(providerName, frame, signer);
      return { ...own, ...(entry?.inclusion_proof ? { inclusion_proof: entry.inclusion_proof } : {}) };
    }),
  );
  const kept = entries.filter((e) => e !== undefined);
  return { ...result, ...(kept.length > 0 ? { frame_attestations: kept } : {}) };
}

/** The pending tamper order, taken by the first answer that carries its frame. */
export class TamperDesk {
  #order: TamperOrder | undefined;
  constructor(readonly onApplied: (order: TamperOrder) => void) {}
  arm(order: TamperOrder): void {
    this.#order = order;
  }
  apply(result: Result): Result {
    if (!this.#order) return result;
    const tampered = tamper(result, this.#order);
    if (!tampered) return result;
    this.onApplied(this.#order);
    this.#order = undefined;
    return tampered;
  }
}

const utf8 = new TextEncoder();

/** The step between the kit and the port: per-frame signatures, then the tamper desk. */
export function countersign(
  providerName: string,
  signer: Signer,
  desk: TamperDesk,
): TransformStream<DecodedItem, Uint8Array> {
  return new TransformStream({
    async transform(item, controller) {
      if ("error" in item) return;
      const envelope = item.envelope;
      const out =
        envelope.type === "frames"
          ? { ...envelope, result: desk.apply(await signedEach(envelope.result, providerName, signer)) }
          : envelope;
      controller.enqueue(utf8.encode(encodeLine(out)));
    },
  });
}

/**
 * `embedding-fingerprint` (spec §5.1, E1): a provider declaring a
 * fingerprint with dimension d is sent the probe query with an all-zero
 * embedding of length 1 (2 when d = 1), raw, as no careful host would send
 * it; `bad_request` passes, another error code passes with a note, `frames` fails.
 */
import { fingerprintDimensions } from "../../protocol/grammars.ts";
import { quote } from "../evidence.ts";
import { notOk, queryOn } from "../exchanges.ts";
import { fail, type ProviderCheck, pass, skip } from "./check.ts";

/** `embedding-fingerprint` (spec §5.1, E1), a raw stream probe. */
export const embeddingFingerprintCheck: ProviderCheck = {
  name: "embedding-fingerprint",
  follows: "2.0.0",
  scope: "wire",
  async run(run) {
    const fingerprint = run.ack.capabilities.embeddings_fingerprint;
    if (fingerprint === undefined) return skip("the provider declares no embeddings_fingerprint");
    const dimensions = fingerprintDimensions(fingerprint);
    if (dimensions === undefined) return skip(`the fingerprint ${quote(fingerprint)} has no parseable dimension`);
    const length = dimensions === 1 ? 2 : 1;
    const opened = await run.sharedWire();
    if (!("link" in opened)) return fail(`a fresh connection failed: ${opened.problem}`);
    const answer = await queryOn(opened.link, { ...run.probe, embedding: new Array<number>(length).fill(0) });
    const sent = `an embedding of length ${length} against dimension ${dimensions}`;
    if (answer.kind === "ok") return fail(`E1: the provider served frames for ${sent} (expected bad_request)`);
    if (answer.kind === "failed") return fail(`E1: for ${sent}: ${answer.problem}`);
    if (answer.code === "bad_request" && answer.rawCode === undefined) return pass(`refused ${sent} with bad_request`);
    return pass(`refused ${sent}, but ${notOk(answer)} (bad_request is the code E1 suggests)`);
  },
};

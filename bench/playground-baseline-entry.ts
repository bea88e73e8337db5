/**
 * The baseline the playground benchmark (bench/playground.ts) measures in the
 * same browser: decoding the `frames` line and `verifyResultAttestations`
 * alone, on the main thread, with nothing rendered.
 */
import { verifyResultAttestations } from "../src/attest/index.ts";
import type { AttesterKey, Envelope } from "../src/protocol/index.ts";
import { decodeLine } from "../src/wire/index.ts";

declare global {
  interface Window {
    baseline(
      line: string,
      providerName: string,
      keys: AttesterKey[],
    ): Promise<{ decodeMs: number; verifyMs: number; attested: number }>;
  }
}

window.baseline = async (line, providerName, keys) => {
  const started = performance.now();
  const envelope = decodeLine(line) as Extract<Envelope, { type: "frames" }>;
  const decoded = performance.now();
  const report = await verifyResultAttestations(envelope.result, providerName, keys);
  const verified = performance.now();
  return {
    decodeMs: decoded - started,
    verifyMs: verified - decoded,
    attested: report.frames.filter((state) => state.state === "attested").length,
  };
};

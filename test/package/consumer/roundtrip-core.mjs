// The consumer's round trip on web standards only, the same in Node, Deno, Bun and Chromium: every web
// subpath of the installed package imported, then a provider signing with signerFromSeed, queried over
// inPageTransport, and its answer verified. The test checks what this reports against what it knows.
import * as root from "frameline";
import * as attest from "frameline/attest";
import * as conformance from "frameline/conformance";
import * as misbehave from "frameline/conformance/misbehave";
import * as docs from "frameline/docs";
import * as host from "frameline/host";
import * as protocol from "frameline/protocol";
import * as provider from "frameline/provider";
import * as wire from "frameline/wire";

/** The signing seed; the test derives its public key on its own. */
export const SEED = "2a".repeat(32);

/** The web subpaths, by the name a consumer imports them with. */
export const WEB_SUBPATHS = {
  frameline: root,
  "frameline/protocol": protocol,
  "frameline/wire": wire,
  "frameline/attest": attest,
  "frameline/provider": provider,
  "frameline/docs": docs,
  "frameline/host": host,
  "frameline/conformance": conformance,
  "frameline/conformance/misbehave": misbehave,
};

/** The names each module namespace exports at run time, sorted. */
export function exportNames(namespaces) {
  return Object.fromEntries(
    Object.entries(namespaces).map(([name, namespace]) => [name, Object.keys(namespace).sort()]),
  );
}

/** defineProvider + signerFromSeed → connect over inPageTransport → verifyResultAttestations. */
export async function roundTrip() {
  const signer = await attest.signerFromSeed(SEED, { keyId: "consumer-1", attesterId: "consumer" });
  const echo = provider.defineProvider({
    info: { name: "consumer", version: "1.0.0", data_flow: { reads: true } },
    capabilities: { query: { kinds: ["doc"] }, correlation: true },
    query: (query) => [
      { id: "a", kind: "doc", title: "A", content: `asked: ${query.goal}`, score: 1, citation_label: "a" },
      { id: "b", kind: "doc", title: "B", content: "café 🦀", score: 0.5, citation_label: "b" },
    ],
    signer,
  });
  const connection = await host.connect(host.inPageTransport(echo));
  const result = await connection.query({ goal: "an installed frameline", max_frames: 4, max_tokens: 400 });
  const report = await attest.verifyResultAttestations(result, connection.provider.name, connection.attesterKeys);
  await connection.close();
  return {
    engine: (await attest.detectEngine()).name,
    publishedKeys: connection.attesterKeys.map((key) => key.public_key),
    frames: result.frames.map((frame) => frame.id),
    result: report.result.state,
    frameStates: report.frames.map((frame) => frame.state),
  };
}

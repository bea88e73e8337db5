// A provider as the host sees it after decoding, for revalidation: `verify` answers with verdicts the
// test (or benchmark) builds, with no codec in between, so what is counted or timed is the host's own work.
import type { Connection, FrameId, FrameVerdict } from "../lib.ts";

/** A connection to a provider declared as `name` that supports `verify` and answers it with `answer(frames)`. */
export function verifyingConnection(
  name: string,
  answer: (frames: readonly FrameId[]) => readonly FrameVerdict[],
): Connection {
  const refused = () => Promise.reject(new Error("this connection only verifies"));
  return {
    provider: { name, version: "1.0.0", data_flow: { reads: true, writes: false, egress: false } },
    declaredDataFlow: { reads: true, writes: false, egress: false },
    capabilities: { query: { kinds: [] }, correlation: false, graph: false, verify: true, resolve: false },
    protocolVersion: "contextgraph/1.0",
    attesterKeys: [],
    violations: [],
    query: refused,
    verify: async (frames) => ({ verdicts: [...answer(frames)] }),
    close: async () => {},
  };
}

/** `count` identities from `providerId`, each with its own digest. */
export function heldFrames(providerId: string, count: number, prefix = "held"): FrameId[] {
  return Array.from({ length: count }, (_, i) => ({
    provider_id: providerId,
    frame_id: `${prefix}/${i}`,
    content_digest: `sha256:${i.toString(16).padStart(64, "0")}`,
  }));
}

/** A `valid` verdict echoing each identity. */
export const allValid = (frames: readonly FrameId[]): FrameVerdict[] =>
  frames.map((frame) => ({ frame, status: "valid" }));

/**
 * Counts how often the host looks at a verdict: each verdict's `frame` is a getter that counts its reads,
 * so every comparison of a verdict against an identity is one read.
 */
export function countingVerdicts(): { wrap(verdicts: readonly FrameVerdict[]): FrameVerdict[]; reads(): number } {
  let reads = 0;
  return {
    wrap: (verdicts) =>
      verdicts.map(
        ({ frame, ...rest }) =>
          Object.defineProperty({ ...rest }, "frame", {
            enumerable: true,
            get: () => (reads++, frame),
          }) as FrameVerdict,
      ),
    reads: () => reads,
  };
}

// The pieces revalidation and billing are built from, on their own (spec §4.7, §4.11): the ignored verdicts
// of several parts add up, a partition that ignored nothing says nothing about it, and a served leg bills each
// frame at the token_cost it was served at. Inputs and expected values are written out.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type LegResult, usageLegOf, joinRevalidations, partitionByVerdicts } from "../../support/lib.ts";

const frame = (id: string) => ({ provider_id: "p", frame_id: id, content_digest: `sha256:${"0".repeat(64)}` });

test("joined revalidations add their ignored verdicts", () => {
  const joined = joinRevalidations([
    { retained: [frame("a")], dropped: [], ignoredVerdicts: 2 },
    { retained: [], dropped: [] },
    { retained: [frame("b")], dropped: [], ignoredVerdicts: 3 },
  ]);
  assert.deepStrictEqual(joined, { retained: [frame("a"), frame("b")], dropped: [], ignoredVerdicts: 5 });
});

test("a partition in which every verdict answered an identity sent has no ignoredVerdicts member", () => {
  const held = [frame("a")];
  assert.deepStrictEqual(partitionByVerdicts(held, held, [{ frame: frame("a"), status: "valid" }]), {
    retained: held,
    dropped: [],
  });
});

test("a served leg bills each frame under its FrameId at the token_cost it was served at", () => {
  const served = (id: string, cost: number) => ({
    frameId: frame(id),
    frame: { id, kind: "doc", title: id, content: "c", score: 0.5, token_cost: cost },
    violations: [],
    attestation: { state: "unattested" },
  });
  const leg = {
    provider: "p",
    outcome: "frames",
    frames: [served("a", 7), served("b", 11)],
    truncated: false,
    resultAttestation: { state: "unattested" },
    violations: [],
    revoked: 0,
  } as unknown as LegResult;
  assert.deepStrictEqual(usageLegOf(leg), {
    provider_id: "p",
    outcome: "frames",
    served: [
      { frame: frame("a"), token_cost: 7 },
      { frame: frame("b"), token_cost: 11 },
    ],
  });
});

// Evidence a frame entry carries that cannot be checked (spec §3.13): an inclusion proof with no result
// attestation to replay it against, and an entry with neither piece; and a result with no entries at all.
import assert from "node:assert/strict";
import { test } from "node:test";
import { attestResult, type ContextFrame, signerFromSeed, verifyResultAttestations } from "../support/lib.ts";

const frame = (id: string): ContextFrame => ({
  id,
  kind: "doc",
  title: id,
  content: `content of ${id}`,
  score: 0.5,
  token_cost: 4,
  citation_label: id,
});

async function signed() {
  const signer = await signerFromSeed("3b".repeat(32), { keyId: "k", attesterId: "docs" });
  const result = await attestResult({ frames: [frame("a"), frame("b")], truncated: false }, "docs", signer);
  return { result, keys: [signer.attesterKey] };
}

test("an inclusion proof without a result attestation is unusable evidence, saying so", async () => {
  const { result, keys } = await signed();
  const entries = (result.frame_attestations ?? []).map(({ frame, inclusion_proof }) => ({ frame, inclusion_proof }));
  assert.ok(entries.every((entry) => entry.inclusion_proof));
  const report = await verifyResultAttestations({ frames: result.frames, frame_attestations: entries }, "docs", keys);
  assert.deepEqual(report.frames, [
    { state: "unusable_evidence", reason: "inclusion_proof without result_attestation" },
    { state: "unusable_evidence", reason: "inclusion_proof without result_attestation" },
  ]);
});

test("an entry with neither an attestation nor an inclusion proof is unusable evidence, saying so", async () => {
  const { result, keys } = await signed();
  const entries = (result.frame_attestations ?? []).map(({ frame }) => ({ frame }));
  const report = await verifyResultAttestations({ ...result, frame_attestations: entries }, "docs", keys);
  assert.deepEqual(report.frames, [
    { state: "unusable_evidence", reason: "entry carries neither attestation nor inclusion_proof" },
    { state: "unusable_evidence", reason: "entry carries neither attestation nor inclusion_proof" },
  ]);
});

test("a result without frame_attestations has every frame unattested and no orphans", async () => {
  const { result, keys } = await signed();
  const report = await verifyResultAttestations({ frames: result.frames }, "docs", keys);
  assert.deepEqual(report.frames, [{ state: "unattested" }, { state: "unattested" }]);
  assert.equal(report.orphans, 0);
});

// How a frame's several pieces of evidence combine into one state (spec §3.11, §3.13), the verdict predicates
// of §3.11 one by one, and the state of evidence whose lengths are wrong. Expected states are written out.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  AttestationError,
  type AttestationVerdict,
  bindsContent,
  isValid,
  signatureVerifies,
  type AttestationState,
  combineStates,
  evidenceState,
} from "../support/lib.ts";

const attested = (keyId: string, coversContent: boolean): AttestationState => ({
  state: "attested",
  keyId,
  attesterId: "a",
  coversContent,
});
const noKey: AttestationState = { state: "no_trusted_key", keyId: "k9" };
const unusable: AttestationState = { state: "unusable_evidence", reason: "r" };
const invalid: AttestationState = { state: "invalid", verdict: { kind: "bad_signature" } };

describe("combineStates (§3.11)", () => {
  test("no evidence is unattested", () => {
    assert.deepEqual(combineStates([]), { state: "unattested" });
  });

  test("an attested piece wins over the ones before it that are not", () => {
    assert.deepEqual(combineStates([noKey, unusable, attested("k1", false)]), attested("k1", false));
  });

  test("among attested pieces the first that binds content wins, else the first", () => {
    assert.deepEqual(combineStates([attested("k1", false), attested("k2", true)]), attested("k2", true));
    assert.deepEqual(combineStates([attested("k1", true), attested("k2", true)]), attested("k1", true));
    assert.deepEqual(combineStates([attested("k1", false), attested("k2", false)]), attested("k1", false));
  });

  test("without an attested piece the first state stands", () => {
    assert.deepEqual(combineStates([unusable, noKey]), unusable);
  });

  test("tampering is reported as tampering, wherever it sits", () => {
    assert.deepEqual(combineStates([attested("k1", true), invalid]), invalid);
  });
});

describe("the verdict predicates (§3.11)", () => {
  const kinds: AttestationVerdict[] = [
    { kind: "valid" },
    { kind: "valid_identity_only" },
    { kind: "bad_signature" },
    { kind: "malformed_key" },
  ];
  test("is_valid and binds_content hold for valid only; signature_verifies also for valid_identity_only", () => {
    assert.deepEqual(kinds.map(isValid), [true, false, false, false]);
    assert.deepEqual(kinds.map(bindsContent), [true, false, false, false]);
    assert.deepEqual(kinds.map(signatureVerifies), [true, true, false, false]);
  });
});

describe("evidenceState (§3.13)", () => {
  test("a signature of the wrong length is unusable evidence, saying which members, with no crypto work", async () => {
    let verdicts = 0;
    const state = await evidenceState(
      {
        algorithm: "ed25519",
        key_id: "k1",
        attester_id: "a",
        signed_commitment: `sha256:${"0".repeat(64)}`,
        signature: "0".repeat(126),
        issued_at: "2026-01-01T00:00:00Z",
      },
      new Map([["k1", "0".repeat(64)]]),
      async () => (verdicts++, { kind: "valid" }),
    );
    assert.deepEqual(state, {
      state: "unusable_evidence",
      reason: "signed_commitment or signature has the wrong length",
    });
    assert.equal(verdicts, 0);
  });
});

test("an AttestationError is named AttestationError", () => {
  assert.equal(new AttestationError("encoding", "m").name, "AttestationError");
});

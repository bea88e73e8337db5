// Verdicts for `verify` (spec §1.10, V1–V4) where the provider's handler cannot give a digest: unknown, never
// a `stale` without a replacement.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createSession, type Envelope, handleEnvelope } from "../support/lib.ts";
import { echoProvider } from "../support/providers.ts";

test("a frame whose current digest the handler does not know is unknown", async () => {
  const provider = echoProvider({ verify: () => ({ digest: undefined }) });
  const frame = { provider_id: "echo", frame_id: "a", content_digest: `sha256:${"1f".repeat(32)}` };
  const verify = { type: "verify", request: { frames: [frame] } } as unknown as Envelope;
  assert.deepEqual(await handleEnvelope(provider, verify, createSession({ handshaken: true })), {
    type: "verified",
    response: { verdicts: [{ frame, status: "unknown" }] },
  });
});

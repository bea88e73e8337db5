// content_digest as packing writes it (spec §1.8, D1): a frame with content gets the digest of its bytes
// (computed here with node:crypto), a reference frame without content gets none.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { type CandidateFrame, createSession, defineProvider, type Envelope, handleEnvelope } from "../support/lib.ts";

const HASH = `sha256:${"7d".repeat(32)}`;
const candidates: CandidateFrame[] = [
  { id: "full", kind: "doc", title: "t", content: "héllo", score: 0.9, citation_label: "c" },
  {
    id: "ref",
    kind: "doc",
    title: "t",
    score: 0.5,
    citation_label: "c",
    representation: "reference",
    canonical_content_hash: HASH,
    content_ref: { provider_id: "p", uri: "docs://ref" },
  },
];

test("a frame with content carries the digest of its UTF-8 bytes; a reference frame none", async () => {
  const provider = defineProvider({
    info: { name: "p", version: "1", data_flow: { reads: true } },
    capabilities: { representations: ["full", "reference"] },
    query: () => candidates,
  });
  const query = { type: "query", id: "q", query: { goal: "g", max_frames: 4, max_tokens: 100 } } as Envelope;
  const reply = await handleEnvelope(provider, query, createSession({ handshaken: true }));
  assert.ok(reply?.type === "frames");
  const [full, ref] = reply.result.frames;
  assert.equal(full?.content_digest, `sha256:${createHash("sha256").update("héllo", "utf8").digest("hex")}`);
  assert.equal(ref?.id, "ref");
  assert.equal(ref && "content_digest" in ref, false);
});

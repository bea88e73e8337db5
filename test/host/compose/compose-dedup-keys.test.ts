// What composition counts as the same evidence, and what it keeps of a group (spec §4.8 steps 1–2, D2): an
// identity includes the content digest; merged provenance tells links apart by every member; a key belongs to
// the first group that had it; a round robin deals each provider's frames by score, whatever order they came in.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  composeForPrompt,
  type OfferedFrame,
  rankFrames,
  type ContextFrame,
  type Provenance,
} from "../../support/lib.ts";

const digest = (byte: string) => `sha256:${byte.repeat(32)}`;

function offer(provider: string, id: string, extra: Partial<ContextFrame> = {}): OfferedFrame {
  const frame: ContextFrame = {
    id,
    kind: "doc",
    title: id,
    content: `content of ${id}`,
    score: 0.5,
    token_cost: 0,
    citation_label: id,
    ...extra,
  };
  const digestOf = frame.content_digest === undefined ? {} : { content_digest: frame.content_digest };
  // Placeholder digests: each frame comes as an audit that found its bytes matching would hand it over.
  const matches = frame.content !== undefined && frame.content_digest !== undefined;
  return {
    frameId: { provider_id: provider, frame_id: id, ...digestOf },
    frame,
    ...(matches ? { contentBinding: { kind: "matches" } as const } : {}),
  };
}

const compose = (offered: readonly OfferedFrame[]) => composeForPrompt(offered, { budgetTokens: 10_000 });
/** Each duplicate as `frame → kept`. */
const duplicates = (offered: readonly OfferedFrame[]) =>
  compose(offered).audit.entries.flatMap((entry) =>
    entry.disposition.kind === "excluded" && entry.disposition.reason.kind === "duplicate"
      ? [`${entry.frame.frame_id} → ${entry.disposition.reason.kept.frame_id}`]
      : [],
  );

test("one provider's frame id under two content digests is two pieces of evidence (D2)", () => {
  const offered = [
    offer("p", "a", { content_digest: digest("aa") }),
    offer("p", "a", { content_digest: digest("bb") }),
  ];
  assert.deepEqual(duplicates(offered), []);
  assert.equal(compose(offered).citations.length, 2);
});

test("merged provenance keeps two links that differ in any one member: uri, range, method or by", () => {
  const base: Provenance = {
    type: "file",
    uri: "file:///a.md",
    range: "L1",
    digest: digest("11"),
    method: "m",
    by: "x",
  };
  for (const change of [{ uri: "file:///b.md" }, { range: "L2" }, { method: "n" }, { by: "y" }]) {
    const offered = [
      offer("p", "kept", { content_digest: digest("cc"), score: 0.9, provenance: [base] }),
      offer("q", "dropped", { content_digest: digest("cc"), score: 0.1, provenance: [{ ...base, ...change }] }),
    ];
    const { citations } = compose(offered);
    assert.equal(citations.length, 1, JSON.stringify(change));
    assert.deepEqual(citations[0]?.provenance, [base, { ...base, ...change }], JSON.stringify(change));
  }
});

test("a key stays with the first group that had it: a later frame sharing it joins that group", () => {
  const file = (uri: string): Provenance[] => [{ type: "file", uri }];
  const offered = [
    offer("p", "1", { content_digest: digest("d1"), score: 0.9, provenance: file("file:///one") }),
    offer("p", "2", { content_digest: digest("d2"), score: 0.8, provenance: file("file:///two") }),
    // Joins 1 by its digest; its file link was 2's first, and stays 2's.
    offer("p", "3", { content_digest: digest("d1"), score: 0.5, provenance: file("file:///two") }),
    offer("p", "4", { content_digest: digest("d4"), score: 0.4, provenance: file("file:///two") }),
  ];
  assert.deepEqual(duplicates(offered), ["3 → 1", "4 → 2"]);
});

test("a round robin deals each provider's frames best first, whatever order they are offered in (F10)", () => {
  const offered = [offer("p", "a", { score: 0.1 }), offer("p", "b", { score: 0.9 }), offer("q", "c", { score: 0.5 })];
  assert.deepEqual(
    rankFrames(offered, { kind: "round_robin_by_rank" }).map((o) => `${o.frameId.provider_id}/${o.frameId.frame_id}`),
    ["p/b", "q/c", "p/a"],
  );
});

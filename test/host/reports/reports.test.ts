// Host-side reports: usage (UR1), consent receipt (C1, C6), attribution (A1–A3) (spec §4.11, §2.13).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import {
  composeForPrompt,
  type OfferedFrame,
  attributionReport,
  consentReceipt,
  isReconcilable,
  type UsageLeg,
  type UsageReport,
  usageReport,
  withinBudget,
  formatTimestamp,
  isTimestamp,
} from "../../support/lib.ts";

const AS_OF = new Date("2026-07-21T00:00:00Z");
const retryDoc = { provider_id: "repo-graph", frame_id: "retry-doc", content_digest: "sha256:aa" };
const retrySym = { provider_id: "repo-graph", frame_id: "retry-sym", content_digest: "sha256:bb" };

const exampleLegs: UsageLeg[] = [
  {
    provider_id: "repo-graph",
    outcome: "frames",
    served: [
      { frame: retryDoc, token_cost: 41 },
      { frame: retrySym, token_cost: 23 },
    ],
  },
  { provider_id: "cloud-docs", outcome: "budget_lie", offered: 3 },
];

/** Every consistency rule of spec §4.11 for one report. */
function assertConsistent(report: UsageReport): void {
  const providers = report.providers ?? [];
  assert.notEqual(report.providers?.length, 0, "providers omitted when empty");
  let consumed = 0;
  for (const provider of providers) {
    const served = provider.served_frames ?? [];
    assert.notEqual(provider.served_frames?.length, 0, "served_frames omitted when empty");
    assert.equal(provider.frames_served, served.length);
    assert.equal(
      provider.token_cost,
      served.reduce((sum, s) => sum + s.token_cost, 0),
    );
    consumed += provider.token_cost;
  }
  assert.equal(report.budget_consumed, consumed);
  assert.ok(isTimestamp(report.as_of) && !report.as_of.includes("."));
}

describe("usageReport (§4.11, UR1)", () => {
  test("reproduces the spec's example byte for byte", () => {
    const report = usageReport({ query: { max_tokens: 1024 }, legs: exampleLegs, asOf: AS_OF });
    assert.equal(
      JSON.stringify(report),
      '{"budget_requested":1024,"budget_consumed":64,"as_of":"2026-07-21T00:00:00Z",' +
        '"providers":[' +
        '{"provider_id":"repo-graph","frames_served":2,"frames_rejected":0,"token_cost":64,' +
        '"served_frames":[' +
        '{"frame":{"provider_id":"repo-graph","frame_id":"retry-doc","content_digest":"sha256:aa"},"token_cost":41},' +
        '{"frame":{"provider_id":"repo-graph","frame_id":"retry-sym","content_digest":"sha256:bb"},"token_cost":23}]},' +
        '{"provider_id":"cloud-docs","frames_served":0,"frames_rejected":3,"token_cost":0}]}',
    );
    assertConsistent(report);
    assert.ok(withinBudget(report));
  });

  test("a frame-flood leg rejects every frame it offered at cost 0 (B4)", () => {
    const report = usageReport({
      query: { max_tokens: 100 },
      legs: [{ provider_id: "flood", outcome: "frame_flood", offered: 500 }],
      asOf: AS_OF,
    });
    assert.deepEqual(report.providers, [
      { provider_id: "flood", frames_served: 0, frames_rejected: 500, token_cost: 0 },
    ]);
    assert.equal(report.budget_consumed, 0);
  });

  test("consent-gated and failed legs are all zeros", () => {
    const legs: UsageLeg[] = [
      { provider_id: "cloud", outcome: "consent_required" },
      { provider_id: "scoped", outcome: "consent_scope_required" },
      { provider_id: "broken", outcome: "failed" },
    ];
    const report = usageReport({ query: { max_tokens: 100 }, legs, asOf: AS_OF });
    assert.deepEqual(
      report.providers,
      legs.map((leg) => ({ provider_id: leg.provider_id, frames_served: 0, frames_rejected: 0, token_cost: 0 })),
    );
    assertConsistent(report);
  });

  test("providers and served_frames are omitted when empty", () => {
    const none = usageReport({ query: { max_tokens: 10 }, legs: [], asOf: AS_OF });
    assert.equal(JSON.stringify(none), '{"budget_requested":10,"budget_consumed":0,"as_of":"2026-07-21T00:00:00Z"}');
    const empty = usageReport({
      query: { max_tokens: 10 },
      legs: [{ provider_id: "quiet", outcome: "frames", served: [] }],
      asOf: AS_OF,
    });
    assert.equal(
      JSON.stringify(empty),
      '{"budget_requested":10,"budget_consumed":0,"as_of":"2026-07-21T00:00:00Z","providers":[{"provider_id":"quiet","frames_served":0,"frames_rejected":0,"token_cost":0}]}',
    );
  });

  test("as_of is stamped in the F4 profile without fraction; it defaults to now", () => {
    assert.equal(
      usageReport({ query: { max_tokens: 1 }, legs: [], asOf: new Date("2026-02-03T04:05:06.789Z") }).as_of,
      "2026-02-03T04:05:06Z",
    );
    assert.equal(formatTimestamp(new Date("1999-12-31T23:59:59.999Z")), "1999-12-31T23:59:59Z");
    const before = Date.now() - 1000;
    const stamped = usageReport({ query: { max_tokens: 1 }, legs: [] }).as_of;
    assert.match(stamped, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert.ok(Date.parse(stamped) >= before && Date.parse(stamped) <= Date.now());
  });

  test("budget_consumed sums served token_cost across legs; within_budget ⇔ consumed ≤ requested", () => {
    const legs: UsageLeg[] = [
      { provider_id: "a", outcome: "frames", served: [{ frame: { provider_id: "a", frame_id: "1" }, token_cost: 30 }] },
      { provider_id: "b", outcome: "frames", served: [{ frame: { provider_id: "b", frame_id: "2" }, token_cost: 31 }] },
    ];
    const exact = usageReport({ query: { max_tokens: 61 }, legs, asOf: AS_OF });
    assert.equal(exact.budget_consumed, 61);
    assert.ok(withinBudget(exact));
    const over = usageReport({ query: { max_tokens: 60 }, legs, asOf: AS_OF });
    assert.ok(!withinBudget(over));
    assertConsistent(over);
  });
});

describe("consentReceipt (§4.11)", () => {
  test("reproduces the spec's example byte for byte", () => {
    const receipt = consentReceipt({
      providerId: "contextgraph-cloud",
      scope: "third-party-model",
      provider: { name: "contextgraph-cloud", version: "0.1.0" },
      grantor: { kind: "human", id: "ops@example.com" },
      grantedAt: AS_OF,
      expiresAt: new Date("2026-10-21T00:00:00Z"),
    });
    assert.equal(
      JSON.stringify(receipt),
      '{"provider_id":"contextgraph-cloud","scope":"third-party-model","provider_name":"contextgraph-cloud",' +
        '"provider_version":"0.1.0","grantor":{"kind":"human","id":"ops@example.com"},' +
        '"granted_at":"2026-07-21T00:00:00Z","expires_at":"2026-10-21T00:00:00Z"}',
    );
  });

  test("open-ended consent omits expires_at; a policy may grant; granted_at defaults to now", () => {
    const receipt = consentReceipt({
      providerId: "local-name",
      scope: "org-tenant",
      provider: { name: "declared-name", version: "2.0.0" },
      grantor: { kind: "policy", id: "tenant-default" },
    });
    assert.ok(!("expires_at" in receipt));
    assert.equal(receipt.provider_id, "local-name");
    assert.equal(receipt.provider_name, "declared-name");
    assert.deepEqual(receipt.grantor, { kind: "policy", id: "tenant-default" });
    assert.ok(isTimestamp(receipt.granted_at) && !receipt.granted_at.includes("."));
  });
});

describe("attribution report (§2.13 A1–A3, §4.11)", () => {
  const usage = usageReport({ query: { max_tokens: 1024 }, legs: exampleLegs, asOf: AS_OF });

  test("the shape: flags default to false, uses keep their order, usage is paired", () => {
    const report = attributionReport(
      [{ frame: retryDoc, selected: true, rendered: true, cited: true }, { frame: retrySym }],
      usage,
    );
    assert.equal(
      JSON.stringify(report.uses),
      '[{"frame":{"provider_id":"repo-graph","frame_id":"retry-doc","content_digest":"sha256:aa"},"selected":true,"rendered":true,"cited":true},' +
        '{"frame":{"provider_id":"repo-graph","frame_id":"retry-sym","content_digest":"sha256:bb"},"selected":false,"rendered":false,"cited":false}]',
    );
    assert.equal(report.usage, usage);
  });

  test("reconcilable: coherent flags naming billed frames", () => {
    assert.ok(isReconcilable(attributionReport([], usage)));
    assert.ok(
      isReconcilable(attributionReport([{ frame: retryDoc, selected: true, rendered: true, cited: true }], usage)),
    );
    assert.ok(isReconcilable(attributionReport([{ frame: retryDoc, selected: true }, { frame: retrySym }], usage)));
    assert.ok(isReconcilable(attributionReport([{ frame: { ...retrySym }, selected: true, rendered: true }], usage)));
  });

  test("not reconcilable: cited without rendered, rendered without selected", () => {
    assert.ok(!isReconcilable(attributionReport([{ frame: retryDoc, selected: true, cited: true }], usage)));
    assert.ok(!isReconcilable(attributionReport([{ frame: retryDoc, rendered: true }], usage)));
    assert.ok(!isReconcilable(attributionReport([{ frame: retryDoc, cited: true }], usage)));
  });

  test("not reconcilable: a use naming a frame no served_frames lists (full FrameId equality)", () => {
    const unbilled = [
      { provider_id: "repo-graph", frame_id: "retry-doc" },
      { provider_id: "repo-graph", frame_id: "retry-doc", content_digest: "sha256:bb" },
      { provider_id: "cloud-docs", frame_id: "retry-doc", content_digest: "sha256:aa" },
      { provider_id: "cloud-docs", frame_id: "rejected" },
    ];
    for (const frame of unbilled)
      assert.ok(!isReconcilable(attributionReport([{ frame, selected: true }], usage)), JSON.stringify(frame));
    assert.ok(
      !isReconcilable(
        attributionReport([{ frame: retryDoc }], usageReport({ query: { max_tokens: 1 }, legs: [], asOf: AS_OF })),
      ),
    );
  });

  test("a composition's citations and the legs that served them reconcile", () => {
    const digestOf = (id: string) => `sha256:${createHash("sha256").update(id.repeat(8)).digest("hex")}`;
    const offered: OfferedFrame[] = ["a", "b", "c"].map((id) => ({
      frameId: { provider_id: "docs", frame_id: id, content_digest: digestOf(id) },
      frame: {
        id,
        kind: "doc",
        title: id,
        content: id.repeat(8),
        content_digest: digestOf(id),
        score: 0.5,
        token_cost: 2,
        citation_label: id,
      },
    }));
    const composed = composeForPrompt(offered, { budgetTokens: 4 });
    const billed = usageReport({
      query: { max_tokens: 6 },
      legs: [
        {
          provider_id: "docs",
          outcome: "frames",
          served: offered.map((o) => ({ frame: o.frameId, token_cost: o.frame.token_cost })),
        },
      ],
      asOf: AS_OF,
    });
    const rendered = new Set(composed.citations.map((c) => c.frame));
    const uses = offered.map((o) => ({
      frame: o.frameId,
      selected: rendered.has(o.frameId),
      rendered: rendered.has(o.frameId),
      cited: o.frameId.frame_id === "a",
    }));
    assert.deepEqual(
      uses.map((u) => [u.frame.frame_id, u.rendered]),
      [
        ["a", true],
        ["b", true],
        ["c", false],
      ],
    );
    assert.ok(isReconcilable(attributionReport(uses, billed)));
  });
});

// The host and composition suites (spec §5.3, §5.4): green on frameline's own Host and composeForPrompt
// (with in-memory adversaries, and with a real crashing child and real files as `inspect host` runs
// them), and each scenario shown able to fail: a host double that breaks exactly one behaviour fails
// exactly the checks that watch that behaviour.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  type ConformanceReport,
  framelineHost,
  type HostSession,
  type HostUnderTest,
  offeredFrom,
  runHostConformance,
} from "../../src/conformance/index.ts";
import { fileSource } from "../../src/node/file-source.ts";
import { stdioTransport } from "../../src/node/stdio-child.ts";
import type { LegResult } from "../support/lib.ts";
import { bundleCli, type CliBundle } from "../support/conformance/cli-bundle.ts";
import { HOST_CHECKS } from "../support/conformance/expected.ts";

function failing(report: ConformanceReport): string[] {
  return report.checks.filter((check) => check.status === "fail").map((check) => check.name);
}

function assertAllPass(report: ConformanceReport): void {
  assert.deepEqual(
    report.checks.map((check) => check.name),
    HOST_CHECKS,
  );
  assert.deepEqual(failing(report), [], JSON.stringify(report.checks, null, 1));
  assert.ok(report.checks.every((check) => check.status === "pass"));
}

/** frameline's host with one behaviour changed. */
function double(name: string, change: (real: HostSession) => Partial<HostSession>): HostUnderTest {
  return {
    name,
    open() {
      const real = framelineHost.open();
      return { ...real, ...change(real) };
    },
  };
}

/** A leg the budget audit dropped, passed on as if it were served (its frames silently gone). */
function servedAnyway(leg: LegResult): LegResult {
  if (leg.outcome !== "budget_lie" && leg.outcome !== "frame_flood") return leg;
  return {
    provider: leg.provider,
    outcome: "frames",
    frames: [],
    truncated: true,
    resultAttestation: { state: "unattested" },
    violations: [],
    revoked: 0,
  };
}

const DOUBLES: readonly { double: HostUnderTest; fails: readonly string[] }[] = [
  {
    double: double("accepts another major version", (real) => ({
      add: (id, transport) =>
        real.add(id, transport).catch((error) => {
          if (error?.kind !== "version_mismatch") throw error;
        }),
    })),
    fails: ["host-version-reject"],
  },
  {
    double: double("serves a budget liar's leg", (real) => ({
      queryAll: async (query) =>
        (await real.queryAll(query)).map((leg) => (leg.outcome === "budget_lie" ? servedAnyway(leg) : leg)),
    })),
    fails: ["host-budget-drop"],
  },
  {
    double: double("serves a frame flood's leg", (real) => ({
      queryAll: async (query) =>
        (await real.queryAll(query)).map((leg) => (leg.outcome === "frame_flood" ? servedAnyway(leg) : leg)),
    })),
    fails: ["host-frame-limit"],
  },
  {
    double: double("auto-enables every provider it adds", (real) => ({
      add: async (id, transport) => {
        await real.add(id, transport);
        real.grantConsent(id, { reads: true, writes: false, egress: true });
      },
    })),
    fails: ["host-consent-gate"],
  },
  {
    double: double("takes boolean consent for every scope", (real) => ({
      grantConsent: (id, flow) => {
        real.grantConsent(id, flow);
        for (const scope of flow.egress_scopes ?? []) real.recordReceipt(id, scope);
      },
    })),
    fails: ["host-scope-receipt"],
  },
  {
    double: double("believes every digest", () => ({ verifyFileProvenance: async () => ({ kind: "verified" }) })),
    fails: ["host-provenance-bytes"],
  },
  {
    double: double("fences content without neutralising it", (real) => ({
      compose: (offered, budget) => {
        const composed = real.compose(offered, budget);
        return { ...composed, prompt: composed.prompt.replaceAll("<\\", "<") };
      },
    })),
    fails: ["host-content-quoting"],
  },
  {
    double: double("lets one crash fail the whole fan-out", (real) => ({
      queryAll: async (query) => {
        const legs = await real.queryAll(query);
        const crash = legs.find((leg) => leg.outcome === "failed");
        return crash ? legs.map((leg) => ({ ...crash, provider: leg.provider })) : legs;
      },
    })),
    fails: ["host-crash-isolation"],
  },
  {
    double: double("drops the last of several included frames, calling it over budget", (real) => ({
      composeAll: async (query, budget) => {
        const composed = await real.composeAll(query, budget);
        if (composed.citations.length < 2) return composed;
        const last = composed.citations.at(-1)!.frame;
        const entries = composed.audit.entries.map((entry) =>
          entry.frame.frame_id === last.frame_id
            ? {
                ...entry,
                disposition: {
                  kind: "excluded" as const,
                  reason: { kind: "over_budget" as const, cost: 1, remaining: 0 },
                },
              }
            : entry,
        );
        return { ...composed, citations: composed.citations.slice(0, -1), audit: { ...composed.audit, entries } };
      },
    })),
    fails: ["host-composition-audit"],
  },
  {
    double: double("trusts each honest provider's budget and packs no global one", (real) => ({
      composeAll: async (query) => real.compose(offeredFrom(await real.queryAll(query)), Number.MAX_SAFE_INTEGER),
    })),
    fails: ["host-composition-audit", "composition-budget-bound"],
  },
  {
    double: double("drops duplicates without an audit entry", (real) => ({
      composeAll: async (query, budget) => {
        const composed = await real.composeAll(query, budget);
        const entries = composed.audit.entries.filter(
          (entry) => entry.disposition.kind !== "excluded" || entry.disposition.reason.kind !== "duplicate",
        );
        return { ...composed, audit: { ...composed.audit, entries } };
      },
    })),
    fails: ["host-composition-audit", "composition-total-partition"],
  },
  {
    double: double("audits legs against limits of its own, not the query's", (real) => ({
      composeAll: (query, budget) =>
        real.composeAll({ ...query, max_frames: 1_000_000, max_tokens: 1_000_000_000 }, budget),
    })),
    fails: ["composition-quarantine"],
  },
  {
    double: double("renders in the order frames were offered", (real) => ({
      compose: (offered, budget) => {
        const composed = real.compose(offered, budget);
        return { ...composed, prompt: `${composed.prompt}<!-- first offered: ${offered[0]?.frameId.frame_id} -->` };
      },
    })),
    fails: ["composition-determinism"],
  },
];

describe("the host and composition suites", () => {
  let bundle: CliBundle;
  let folder: string;
  before(async () => {
    bundle = await bundleCli();
    folder = await mkdtemp(join(tmpdir(), "frameline-host-suite-"));
  });
  after(async () => {
    await bundle?.cleanup();
    await rm(folder, { recursive: true, force: true });
  });

  test("frameline's Host and composeForPrompt pass all 13 checks, with in-memory adversaries", async () => {
    assertAllPass(await runHostConformance());
  });

  test("they pass with a real child dying mid-query (serve --misbehave crash-on-query) and the fixture in real files", async () => {
    const started: number[] = [];
    const report = await runHostConformance(framelineHost, {
      crashingProvider: async () => {
        const { transport, child } = stdioTransport(process.execPath, bundle.serveArgs("crash-on-query"), {
          env: { FRAMELINE_TEST_SEED: "2a".repeat(32) },
        });
        started.push(child.pid ?? -1);
        return transport;
      },
      fixtureFiles: async (files) => {
        for (const [path, bytes] of Object.entries(files)) {
          await mkdir(dirname(join(folder, path)), { recursive: true });
          await writeFile(join(folder, path), bytes);
        }
        return fileSource({ root: folder });
      },
    });
    assertAllPass(report);
    assert.equal(started.length, 1, "the crash scenario started one real child");
    assert.match(report.checks[7]!.evidence, /dying provider: failed \(provider_crashed\)/);
  });

  for (const { double: host, fails } of DOUBLES) {
    test(`a host that ${host.name} fails ${fails.join(" and ")}, and nothing else`, async () => {
      const report = await runHostConformance(host);
      assert.equal(report.target, host.name);
      assert.deepEqual(
        failing(report),
        fails,
        JSON.stringify(
          report.checks.filter((c) => c.status === "fail"),
          null,
          1,
        ),
      );
    });
  }

  test("every check is the one some double fails: each scenario can fail", () => {
    assert.deepEqual([...new Set(DOUBLES.flatMap((d) => d.fails))].sort(), [...HOST_CHECKS].sort());
  });
});

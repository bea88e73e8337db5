// The host and composition suites (spec §5.3, §5.4): green on frameline's own Host and composeForPrompt
// (with in-memory adversaries, and with a real crashing child and real files as `inspect host` runs
// them), and each scenario shown able to fail: a host double that breaks exactly one behaviour fails
// exactly the checks that watch that behaviour. frameline's extension (host-content-binding) runs after
// the reference's 13, reported apart under `extensions` and never counted by `passed`.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  type ConformanceReport,
  extensionsPassed,
  framelineHost,
  HOST_CHECK_NAMES,
  HOST_EXTENSION_NAMES,
  type HostSession,
  type HostUnderTest,
  type LegResult,
  offeredFrom,
  passed,
  type ProgressEvent,
  runHostConformance,
} from "../support/lib.ts";
import { fileSource, stdioTransport } from "../support/node-lib.ts";
import { bundleCli, type CliBundle } from "../support/conformance/cli-bundle.ts";
import { HOST_CHECKS } from "../support/conformance/expected.ts";
import {
  flaggingComposer,
  signatureOnlyAudit,
  trustingComposer,
  trustsNoSignature,
} from "./content-binding-doubles.ts";

/** frameline's own host checks, beyond the reference's (written here, not read from the code under test). */
const EXTENSIONS = ["host-content-binding"];

/** Every failing check, the reference's first, then the extensions'. */
function failing(report: ConformanceReport): string[] {
  return [...report.checks, ...(report.extensions ?? [])]
    .filter((check) => check.status === "fail")
    .map((check) => check.name);
}

function assertAllPass(report: ConformanceReport): void {
  assert.deepEqual(
    report.checks.map((check) => check.name),
    HOST_CHECKS,
  );
  assert.deepEqual(
    report.extensions?.map((check) => check.name),
    EXTENSIONS,
  );
  assert.deepEqual(failing(report), [], JSON.stringify(report, null, 1));
  assert.ok([...report.checks, ...report.extensions!].every((check) => check.status === "pass"));
  assert.ok(passed(report) && extensionsPassed(report));
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
    dataFlow: leg.dataFlow,
    declaredDataFlow: leg.declaredDataFlow,
    outcome: "frames",
    result: leg.result,
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
  { double: signatureOnlyAudit, fails: ["host-content-binding"] },
  { double: trustingComposer, fails: ["host-content-binding"] },
  { double: trustsNoSignature, fails: ["host-content-binding"] },
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
        const transport = stdioTransport(process.execPath, bundle.serveArgs("crash-on-query"), {
          env: { FRAMELINE_TEST_SEED: "2a".repeat(32) },
        });
        started.push(transport.child.pid ?? -1);
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
    assert.deepEqual([...new Set(DOUBLES.flatMap((d) => d.fails))].sort(), [...HOST_CHECKS, ...EXTENSIONS].sort());
  });

  test("the extension is reported apart: the reference's 13 checks and names unchanged, its events marked", async () => {
    assert.deepEqual(HOST_CHECK_NAMES, HOST_CHECKS);
    assert.deepEqual(HOST_EXTENSION_NAMES, EXTENSIONS);
    const events: ProgressEvent[] = [];
    const report = await runHostConformance(framelineHost, { onProgress: (event) => events.push(event) });
    assert.deepEqual(Object.keys(report), ["target", "checks", "extensions"]);
    for (const check of [...report.checks, ...report.extensions!])
      assert.deepEqual(Object.keys(check), ["name", "status", "evidence"]);
    assert.deepEqual(
      events.map((event) => [event.type === "started" ? event.name : event.check.name, event.extension ?? false]),
      [...HOST_CHECKS.map((name) => [name, false]), ...EXTENSIONS.map((name) => [name, true])].flatMap((row) => [
        row,
        row,
      ]),
      "one started and one finished event per check, the extension's after the reference's and marked",
    );
    for (const check of report.checks) assert.doesNotMatch(check.evidence, /frameline extension/);
    assert.match(report.extensions![0]!.evidence, /\[D1, §3\.6; frameline extension\]$/);
  });

  test("host-content-binding's evidence names the altered frame's two digests and states, never its content", async () => {
    const { evidence } = (await runHostConformance()).extensions![0]!;
    assert.match(
      evidence,
      /^twin: frames \(3\), 3 of 3 attested covering content, 3 cited so; altered frame "signed-2" \(declared sha256:[0-9a-f]{64}, bytes hash to sha256:[0-9a-f]{64}\): invalid \(content_mismatch\), excluded \(content_mismatch\)/,
    );
    assert.doesNotMatch(evidence, /signed evidence|xxxx/, "no frame content");
  });

  test("a host audited by signatures alone is CGP conformant (passed) and still fails the extension, naming what it trusted", async () => {
    const report = await runHostConformance(signatureOnlyAudit);
    assert.equal(
      passed(report),
      true,
      "the reference's checks cannot see it: the reference host takes digests verbatim",
    );
    assert.equal(extensionsPassed(report), false);
    assert.match(report.extensions![0]!.evidence, /^D1: the altered frame is attested covering content/);
  });

  test("a composer that cites altered frames as covering content fails the extension on its citation", async () => {
    const report = await runHostConformance(trustingComposer);
    assert.match(report.extensions![0]!.evidence, /^D1: the altered frame is cited covering content/);
  });

  test("a host that trusts no signature fails the extension on the twin: refusing everything is not telling them apart", async () => {
    const report = await runHostConformance(trustsNoSignature);
    assert.match(report.extensions![0]!.evidence, /^D1: twin frame "signed-1" is no_trusted_key/);
  });

  test(`a host that ${flaggingComposer.name} passes every check and the extension: flagged is not trusted`, async () => {
    const report = await runHostConformance(flaggingComposer);
    assertAllPass(report);
    assert.match(report.extensions![0]!.evidence, /invalid \(content_mismatch\), cited, flagged as altered/);
  });
});

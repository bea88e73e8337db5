/**
 * Host benchmark: what does the host add on top of the provider it talks to?
 *
 *   (D) direct: the provider's own dispatcher, `provider.handle(envelope, session)`, for 1,000 queries
 *       (distinct goals), each answered with 20 frames (~300 B of content each), signed by the provider
 *       (`attestResult`: one root signature + 20 inclusion proofs).
 *   (H) host: `connect` over `inPageTransport` (every envelope through the codec both ways, as on a wire)
 *       plus `Host.queryAll` for the same 1,000 queries: consent gate, correlation, budget audit (B1, B4),
 *       per-frame checks (F*, P*, B3) and every attestation checked against the published key.
 *   (V) verification alone: `verifyResultAttestations` over the same 1,000 signed results (what H spends
 *       inside attestation checking), measured separately so it can be reported on its own.
 *   (A) the whole audit alone: `auditLeg` over the same 1,000 results (V plus the frame checks).
 *
 * Target: H ≤ 2 × D + V (the host may cost the provider's own work once more, plus verification).
 *
 * Revalidation (R): `Host.verifyFrames` over 10k, 20k and 40k held frames, answered honestly (one `valid`
 * verdict per identity, in order), and over 3,000 held frames answered with 200,000 padding verdicts for
 * identities never asked about ahead of the honest ones. The provider is a `Connection` that hands back a
 * decoded reply, so only the host's own work is timed (decoding is `bench:codec`'s). Ratios: each size
 * against 10k (linear: 2× and 4×), and the padded reply against the same 3,000 answered honestly. Sanity:
 * every honest revalidation retains every held frame, every revalidation accounts for every held frame, and
 * the padded one counts the padding (and the honest verdicts behind it, past the bound) as ignored.
 * Timings interleave the contenders round by round (warm-up rounds first, gc before every run) and
 * report medians; verdicts use figures from the same run. It prints, never asserts, except sanity:
 * every host result must carry 20 frames attested by the published key, every direct result 20
 * signed frames, and every verification 20 attested frames (a benchmark measuring nothing is worse
 * than none).
 *
 * Run: npm run bench:host  (node --import tsx --expose-gc bench/host.ts)
 */
import { defaultEngine } from "../src/attest/ed25519.ts";
import { signerFromSeed } from "../src/attest/signer.ts";
import { verifyResultAttestations } from "../src/attest/verify-result.ts";
import { auditLeg } from "../src/host/multi-provider/audit-leg.ts";
import { Host } from "../src/host/multi-provider/host.ts";
import { inPageTransport } from "../src/host/transports/in-page.ts";
import type { AttesterKey } from "../src/protocol/attestation.ts";
import type { EnvelopeInit } from "../src/protocol/envelope.ts";
import type { FrameId } from "../src/protocol/frame-id.ts";
import type { FrameVerdict } from "../src/protocol/verify.ts";
import type { ContextQueryResult } from "../src/protocol/result.ts";
import { decodeLine, encodeLine } from "../src/wire/line.ts";
import type { CandidateFrame } from "../src/provider/definition.ts";
import { defineProvider } from "../src/provider/define.ts";
import { createSession } from "../src/provider/session.ts";
import { allValid, heldFrames, verifyingConnection } from "../test/support/host/verifying.ts";
import { seededRandom } from "../test/support/random.ts";
import { median } from "./support/median.ts";

const NAME = "bench-provider";
const QUERIES = 1000;
const FRAMES = 20;
const CONTENT_BYTES = 300;
const WARMUP_ROUNDS = 1;
const TIMED_ROUNDS = 5;
const TARGET_FACTOR = 2;
const QUERY_SHAPE = { max_frames: FRAMES, max_tokens: 100_000 } as const;

function fail(message: string): never {
  console.error(`sanity check failed: ${message}`);
  process.exit(1);
}

const WORDS =
  "retry policy budget frame consent egress scope verify digest stream codec worker attest merkle proof handshake provider host query anchor".split(
    " ",
  );

/** ~`bytes` of prose, different for every (goal, index). */
function prose(goal: string, index: number, bytes: number): string {
  const random = seededRandom(`${goal}#${index}`.split("").reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7));
  let text = `${goal}, part ${index}:`;
  while (text.length < bytes) text += ` ${WORDS[Math.floor(random() * WORDS.length)]}`;
  return text;
}

/** The benchmark's provider: 20 frames per query, signed. */
async function benchProvider() {
  const signer = await signerFromSeed("5c".repeat(32), { keyId: "bench-1", attesterId: NAME });
  const provider = defineProvider({
    info: { name: NAME, version: "1.0.0", data_flow: { reads: true } },
    capabilities: { query: { kinds: ["doc"] }, correlation: true },
    query: (query) =>
      Array.from(
        { length: FRAMES },
        (_, i): CandidateFrame => ({
          id: `${query.goal}/frame-${i}`,
          kind: "doc",
          title: `frame ${i}`,
          content: prose(query.goal, i, CONTENT_BYTES),
          score: 1 - i / FRAMES,
          citation_label: `${query.goal} §${i}`,
          provenance: [
            { type: "file", uri: `file:///bench/${i}.md`, range: "L1-10", digest: `sha256:${"ab".repeat(32)}` },
          ],
        }),
      ),
    signer,
  });
  return { provider, keys: [signer.attesterKey] as AttesterKey[] };
}

const GOALS = Array.from({ length: QUERIES }, (_, i) => `goal ${i}`);

type Provider = Awaited<ReturnType<typeof benchProvider>>["provider"];

/** (D): the provider's dispatcher, called directly. Returns the results. */
async function direct(provider: Provider): Promise<ContextQueryResult[]> {
  const session = createSession({ handshaken: true });
  const results: ContextQueryResult[] = [];
  for (const [i, goal] of GOALS.entries()) {
    const reply = await provider.handle({ type: "query", id: `d${i}`, query: { goal, ...QUERY_SHAPE } }, session);
    if (reply?.type !== "frames") fail(`direct query ${i} answered ${reply?.type}`);
    results.push(reply.result as ContextQueryResult);
  }
  return results;
}

/** (H): connect + 1,000 queries through the host. Returns how many frames were attested, per query. */
async function viaHost(provider: Provider): Promise<number[]> {
  const host = new Host();
  await host.add(NAME, inPageTransport(provider));
  const attested: number[] = [];
  for (const goal of GOALS) {
    const [leg] = await host.queryAll({ goal, ...QUERY_SHAPE });
    if (leg?.outcome !== "frames") fail(`host leg ${leg?.outcome}`);
    attested.push(
      leg.frames.filter(
        (f) =>
          f.attestation.state === "attested" && f.attestation.coversContent && f.attestation.anchor === "handshake",
      ).length,
    );
  }
  await host.close();
  return attested;
}

/** (V): verification alone over the same results. Returns attested frames per result. */
async function verifyOnly(results: readonly ContextQueryResult[], keys: readonly AttesterKey[]): Promise<number[]> {
  const attested: number[] = [];
  for (const result of results) {
    const report = await verifyResultAttestations(result, NAME, keys);
    attested.push(report.frames.filter((s) => s.state === "attested" && s.coversContent).length);
  }
  return attested;
}

/** (A): the whole audit alone over the same results. */
async function auditOnly(results: readonly ContextQueryResult[], provider: Provider): Promise<number[]> {
  const host = new Host();
  const connection = await host.add(NAME, inPageTransport(provider));
  const attested: number[] = [];
  for (const [i, result] of results.entries()) {
    const leg = await auditLeg(connection, NAME, { goal: GOALS[i]!, ...QUERY_SHAPE } as never, result, []);
    if (leg.outcome !== "frames") fail(`audit ${i}: ${leg.outcome}`);
    attested.push(leg.frames.filter((f) => f.attestation.state === "attested").length);
  }
  await host.close();
  return attested;
}

function checkAll(label: string, counts: readonly number[]): void {
  if (counts.length !== QUERIES) fail(`${label}: ${counts.length} results, expected ${QUERIES}`);
  const bad = counts.findIndex((n) => n !== FRAMES);
  if (bad !== -1) fail(`${label}: result ${bad} has ${counts[bad]} attested frames, expected ${FRAMES}`);
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  globalThis.gc?.();
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

async function main(): Promise<void> {
  if (!globalThis.gc)
    console.warn("warning: run with --expose-gc (npm run bench:host) so collections happen between runs");
  const { provider, keys } = await benchProvider();
  const sample = (await direct(provider))[0]!;
  const wire = encodeLine({ type: "frames", id: "q1", result: sample } as EnvelopeInit).length;
  decodeLine(encodeLine({ type: "frames", id: "q1", result: sample } as EnvelopeInit)); // the sample is wire-valid
  console.log(
    `host benchmark: ${QUERIES} queries × ${FRAMES} signed frames (~${CONTENT_BYTES} B content each, ${(wire / 1024).toFixed(1)} KB per answer on the wire)`,
  );
  console.log(
    `${TIMED_ROUNDS} timed rounds after ${WARMUP_ROUNDS} warm-up, interleaved, median; Ed25519 engine: ${(await defaultEngine()).name}; Node ${process.version}`,
  );

  const times = { D: [] as number[], H: [] as number[], V: [] as number[], A: [] as number[] };
  for (let round = 0; round < WARMUP_ROUNDS + TIMED_ROUNDS; round++) {
    const d = await timed(() => direct(provider));
    if (
      d.value.length !== QUERIES ||
      d.value.some(
        (r) => r.frames.length !== FRAMES || r.frame_attestations?.length !== FRAMES || !r.result_attestation,
      )
    ) {
      fail("direct: every result must carry 20 frames, 20 frame_attestations and a result_attestation");
    }
    const h = await timed(() => viaHost(provider));
    checkAll("host", h.value);
    const v = await timed(() => verifyOnly(d.value, keys));
    checkAll("verification", v.value);
    const a = await timed(() => auditOnly(d.value, provider));
    checkAll("audit", a.value);
    if (round >= WARMUP_ROUNDS) {
      times.D.push(d.ms);
      times.H.push(h.ms);
      times.V.push(v.ms);
      times.A.push(a.ms);
    }
    if (process.env.BENCH_TRACE)
      console.log(
        `  round ${round}: D ${d.ms.toFixed(1)} H ${h.ms.toFixed(1)} V ${v.ms.toFixed(1)} A ${a.ms.toFixed(1)} ms`,
      );
  }
  console.log(
    `  sanity: every round, all ${QUERIES} host results had ${FRAMES}/${FRAMES} frames attested (published key, covers content); every direct result was signed; V and A attested all ${FRAMES} frames of every result`,
  );

  const D = median(times.D);
  const H = median(times.H);
  const V = median(times.V);
  const A = median(times.A);
  const row = (label: string, runs: number[], ms: number) =>
    console.log(
      `  ${label.padEnd(52)}${ms.toFixed(1).padStart(10)}${((ms * 1000) / QUERIES).toFixed(1).padStart(10)}${(ms / D).toFixed(2).padStart(8)}   ${Math.min(...runs).toFixed(1)}–${Math.max(...runs).toFixed(1)}`,
    );
  console.log(
    `\n  ${"contender".padEnd(52)}${"median ms".padStart(10)}${"µs/query".padStart(10)}${"× (D)".padStart(8)}   spread ms`,
  );
  row("(D) provider.handle directly", times.D, D);
  row("(H) connect + Host.queryAll over inPageTransport", times.H, H);
  row("(V) verifyResultAttestations alone (same results)", times.V, V);
  row("(A) auditLeg alone (same results)", times.A, A);

  const budget = TARGET_FACTOR * D + V;
  console.log(`\n  ratio H / D                          ${(H / D).toFixed(2)}×`);
  console.log(`  verification V / D                   ${(V / D).toFixed(2)}×  (${((100 * V) / H).toFixed(1)} % of H)`);
  console.log(`  ratio without verification (H−V) / D ${((H - V) / D).toFixed(2)}×`);
  console.log(`\ntargets:`);
  console.log(
    `  H ≤ ${TARGET_FACTOR} × D + V: ${H.toFixed(1)} ms vs ${budget.toFixed(1)} ms — ${H <= budget ? "met" : "MISSED"}`,
  );
}

const HELD_SIZES = [10_000, 20_000, 40_000] as const;
const PADDED_HELD = 3_000;
const PADDING = 200_000;
const REVALIDATION_ROUNDS = 3;

const honestly = (frames: readonly FrameId[]): FrameVerdict[] => allValid(frames);
const padding = allValid(heldFrames(NAME, PADDING, "never-asked"));
const padded = (frames: readonly FrameId[]): FrameVerdict[] => [...padding, ...allValid(frames)];

/**
 * One revalidation of `held`, timed; fails the run if a held frame goes missing, an honest one is dropped, or
 * the padding is not counted as ignored (the host reads twice what it asked, then stops: spec §1.10, V2).
 */
async function revalidation(held: readonly FrameId[], answer: typeof honestly, label: string): Promise<number> {
  const host = new Host();
  await host.add(NAME, verifyingConnection(NAME, answer));
  const { ms, value } = await timed(() => host.verifyFrames(held));
  if (value.retained.length + value.dropped.length !== held.length) fail(`${label}: not a partition of held`);
  if (answer === honestly && value.retained.length !== held.length) fail(`${label}: an honest verdict was lost`);
  if (answer === padded && value.ignoredVerdicts !== PADDING + held.length) fail(`${label}: padding not counted`);
  return ms;
}

interface Scenario {
  readonly label: string;
  readonly held: readonly FrameId[];
  readonly answer: typeof honestly;
  /** The scenario this one's ratio is taken against. */
  readonly against: string;
}

const HONEST_3K = `${PADDED_HELD / 1000}k held, honest`;
const SCENARIOS: readonly Scenario[] = [
  ...HELD_SIZES.map((n) => ({ label: `${n / 1000}k held, honest`, held: heldFrames(NAME, n), answer: honestly })),
  { label: HONEST_3K, held: heldFrames(NAME, PADDED_HELD), answer: honestly },
].map((s) => ({ ...s, against: `${HELD_SIZES[0] / 1000}k held, honest` }));
const PADDED_SCENARIO: Scenario = {
  label: `${PADDED_HELD / 1000}k held, ${PADDING / 1000}k padding verdicts`,
  held: heldFrames(NAME, PADDED_HELD),
  answer: padded,
  against: HONEST_3K,
};

async function revalidationBench(): Promise<void> {
  const scenarios = [...SCENARIOS, PADDED_SCENARIO];
  const times = new Map(scenarios.map((s) => [s.label, [] as number[]]));
  for (let round = 0; round < 1 + REVALIDATION_ROUNDS; round++)
    for (const { label, held, answer } of scenarios) {
      const ms = await revalidation(held, answer, label);
      if (round > 0) times.get(label)!.push(ms);
    }
  const ms = (label: string) => median(times.get(label)!);
  console.log(`\nrevalidation (R): Host.verifyFrames, ${REVALIDATION_ROUNDS} rounds after 1 warm-up, median`);
  console.log(`  ${"scenario".padEnd(40)}${"median ms".padStart(10)}   ratio`);
  for (const { label, against } of scenarios)
    console.log(
      `  ${label.padEnd(40)}${ms(label).toFixed(1).padStart(10)}   ${(ms(label) / ms(against)).toFixed(2)}× (${against})`,
    );
  console.log(
    `  linear would be 2× and 4× for 20k and 40k; the padded reply should cost about what the honest one does`,
  );
}

await main();
await revalidationBench();

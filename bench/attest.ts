/**
 * Attestation benchmark: what does a host pay to check a signed `frames`
 * result (spec §3.7–§3.13), how much faster is WebCrypto Ed25519 than the noble
 * fallback, and how much code does a browser load to verify?
 *
 *   1. A 1,024-frame result (content ~300 B, real content_digest, a `file`
 *      provenance link with digest, half also a `derivation` link), signed by
 *      `attestResult`: one root signature + 1,024 `frame_attestations` with
 *      inclusion proofs.
 *   2. (L) the limit: `frameCommitment` of every frame once — work any verifier
 *      must do; (V) `verifyResultAttestations` with the default engine: the
 *      commitments again, canonical order, Merkle tree, 1,024 proof checks, one
 *      signature, and every frame's content re-hashed against its content_digest;
 *      (S) `verifyResultSignatures`, the same without the content re-hash, so
 *      V / S is what binding content costs. Target V ≤ 3 × L.
 *   3. Ed25519 verify ops/s, WebCrypto vs `@noble/ed25519`, same (key, 32-byte
 *      message, signature), sequential awaits. Target WebCrypto ≥ 8 × noble.
 *   4. The verifier's browser bundle (esbuild, minified, ESM, code splitting):
 *      gzipped entry chunk (what a browser with WebCrypto Ed25519 loads) and the
 *      lazy noble chunk. Target entry ≤ 8 KB gzipped (KB = 1,024 bytes).
 *
 * Timings interleave the contenders round by round (warm-up rounds first, gc
 * before every run) and report medians; verdicts use ratios measured in the
 * same run, not absolute times: the machines this runs on are shared and
 * noisy, so absolute speeds do not travel but ratios mostly do.
 * It prints, never asserts, except sanity: every frame must verify as
 * attested, and every signature check must succeed (a benchmark that measures
 * nothing is worse than none). BENCH_TRACE=1 prints every run.
 *
 * Run: npm run bench:attest  (node --import tsx --expose-gc bench/attest.ts)
 */
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Metafile, type OutputFile } from "esbuild";
import type { ContextFrame } from "../src/protocol/frame.ts";
import type { ContextQueryResult } from "../src/protocol/result.ts";
import { fromHex, parseDigestString } from "../src/attest/bytes.ts";
import { frameCommitment } from "../src/attest/commitment.ts";
import { defaultEngine, type Ed25519Engine, nobleEngine, webCryptoEngine } from "../src/attest/ed25519.ts";
import { attestResult } from "../src/attest/sign.ts";
import { signerFromSeed } from "../src/attest/signer.ts";
import {
  type AttestationState,
  verifyResultAttestations,
  verifyResultSignatures,
} from "../src/attest/verify-result.ts";
import { seededRandom } from "../test/support/random.ts";
import { median } from "./support/median.ts";
import { DOCS, prose, sha256 } from "./support/prose.ts";

const PROVIDER = "bench-provider";
const FRAME_COUNT = 1024;
const CONTENT_BYTES = 300;
const WARMUP_ROUNDS = 5;
const TIMED_ROUNDS = 21;
/** Ed25519: ops per batch (sequential awaits), batches until at least this long, rounds per engine. */
const ED25519_BATCH = { webcrypto: 300, noble: 100 } as const;
const ED25519_MIN_SECONDS = 0.5;
const ED25519_ROUNDS = 5;
const KB = 1024;

const TARGETS = { verifyRatio: 3, engineRatio: 8, entryGzipBytes: 8 * KB } as const;

type SignedResult = Pick<ContextQueryResult, "frames" | "frame_attestations" | "result_attestation">;

const mark = (met: boolean) => (met ? "met" : "NOT met");

function fail(message: string): never {
  console.error(`\n!!! BENCHMARK INVALID: ${message}\n`);
  process.exit(1);
}

// ── 1. the signed result ────────────────────────────────────────────────────

function benchFrame(random: () => number, index: number): ContextFrame {
  const doc = DOCS[index % DOCS.length] ?? "guide";
  const uri = `file:///repo/docs/${doc}.md`;
  const from = 1 + Math.floor(random() * 400);
  const range = `L${from}-${from + 1 + Math.floor(random() * 40)}`;
  const content = prose(random, CONTENT_BYTES);
  const file = { type: "file", uri, range, digest: sha256(`${uri}#${range}`) };
  const derivation = { type: "derivation", method: "extractive_summary", by: "bench-indexer/1.0" };
  return {
    id: `docs:${doc}#section-${index}`,
    kind: "doc",
    title: `${doc} §${index}`,
    content,
    content_digest: sha256(content),
    uri,
    score: Math.round(random() * 4096) / 4096,
    token_cost: Math.ceil(Buffer.byteLength(content) / 4),
    provenance: index % 2 ? [file, derivation] : [file],
    relations: [],
  };
}

async function signedResult(signer: Awaited<ReturnType<typeof signerFromSeed>>): Promise<SignedResult> {
  const random = seededRandom(42);
  const frames = Array.from({ length: FRAME_COUNT }, (_, i) => benchFrame(random, i));
  return attestResult({ frames }, PROVIDER, signer);
}

/** Why a report is not "every frame and the root attested, content-binding, no orphans" (undefined when it is). */
function reportProblem(report: Awaited<ReturnType<typeof verifyResultAttestations>>): string | undefined {
  const ok = (state: AttestationState) => state.state === "attested" && state.coversContent;
  if (!ok(report.result)) return `result state is ${JSON.stringify(report.result)}`;
  if (report.frames.length !== FRAME_COUNT) return `${report.frames.length} frame states for ${FRAME_COUNT} frames`;
  const bad = report.frames.findIndex((state) => !ok(state));
  if (bad >= 0) return `frame ${bad} is ${JSON.stringify(report.frames[bad])}`;
  if (report.orphans !== 0) return `${report.orphans} orphans`;
  return undefined;
}

// ── 2. verification vs the limit ────────────────────────────────────────────

interface Contender {
  readonly key: "L" | "S" | "V";
  readonly label: string;
  run(): Promise<void> | void;
}

function verificationContenders(
  result: SignedResult,
  keys: Parameters<typeof verifyResultAttestations>[2],
): Contender[] {
  let sink = 0;
  return [
    {
      key: "L",
      label: "(L) frameCommitment × 1,024",
      run() {
        for (const frame of result.frames) sink ^= frameCommitment(PROVIDER, frame)[0]!;
        if (sink > 255) fail("impossible sink");
      },
    },
    {
      key: "S",
      label: "(S) verifyResultSignatures",
      async run() {
        const report = await verifyResultSignatures(result, PROVIDER, keys);
        if (report.frames.length !== FRAME_COUNT) fail(`verification yielded ${report.frames.length} frame states`);
      },
    },
    {
      key: "V",
      label: "(V) verifyResultAttestations",
      async run() {
        const report = await verifyResultAttestations(result, PROVIDER, keys);
        if (report.frames.length !== FRAME_COUNT) fail(`verification yielded ${report.frames.length} frame states`);
      },
    },
  ];
}

async function measureVerification(list: readonly Contender[]): Promise<Map<Contender["key"], number[]>> {
  const times = new Map<Contender["key"], number[]>(list.map((c) => [c.key, []]));
  for (let round = 0; round < WARMUP_ROUNDS + TIMED_ROUNDS; round++) {
    for (const contender of list) {
      globalThis.gc?.();
      const start = performance.now();
      await contender.run();
      const ms = performance.now() - start;
      if (round >= WARMUP_ROUNDS) times.get(contender.key)?.push(ms);
      if (process.env.BENCH_TRACE) console.error(`    round ${round} ${contender.key} ${ms.toFixed(2)} ms`);
    }
  }
  return times;
}

async function benchVerification(
  result: SignedResult,
  keys: Parameters<typeof verifyResultAttestations>[2],
): Promise<string> {
  const report = await verifyResultAttestations(result, PROVIDER, keys);
  const problem = reportProblem(report);
  if (problem) fail(`not every frame verifies as attested: ${problem}`);
  console.log(`  sanity: root and all ${FRAME_COUNT} frames attested (covers content), 0 orphans`);

  const list = verificationContenders(result, keys);
  const times = await measureVerification(list);
  console.log(`  ${"contender".padEnd(34)}${"median ms".padStart(10)}${"× (L)".padStart(8)}   spread ms`);
  const base = median(times.get("L") ?? []);
  for (const contender of list) {
    const runs = times.get(contender.key) ?? [];
    const ms = median(runs);
    console.log(
      `  ${contender.label.padEnd(34)}${ms.toFixed(2).padStart(10)}${(ms / base).toFixed(2).padStart(8)}   ${Math.min(...runs).toFixed(2)}–${Math.max(...runs).toFixed(2)}`,
    );
  }
  const v = median(times.get("V") ?? []);
  const ratio = v / base;
  console.log(
    `  content binding, V / S: ${(v / median(times.get("S") ?? [])).toFixed(3)}× (one SHA-256 per frame's content)`,
  );
  return `V ≤ ${TARGETS.verifyRatio}×L: ${mark(ratio <= TARGETS.verifyRatio)} (V ${v.toFixed(2)} ms, L ${base.toFixed(2)} ms, ${ratio.toFixed(2)}×)`;
}

// ── 3. Ed25519 engines ──────────────────────────────────────────────────────

interface Vector {
  readonly key: Uint8Array;
  readonly message: Uint8Array;
  readonly signature: Uint8Array;
}

/** Verifies the vector in batches of `batch` sequential awaits until `ED25519_MIN_SECONDS` pass; returns ops/s. */
async function opsPerSecond(engine: Ed25519Engine, vector: Vector, batch: number): Promise<number> {
  globalThis.gc?.();
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < batch; i++) {
      if (!(await engine.verify(vector.key, vector.message, vector.signature)))
        fail(`${engine.name} rejected a good signature`);
    }
    ops += batch;
    elapsed = (performance.now() - start) / 1000;
  } while (elapsed < ED25519_MIN_SECONDS);
  return ops / elapsed;
}

async function benchEngines(vector: Vector): Promise<string> {
  const engines = [webCryptoEngine(), nobleEngine()] as const;
  for (const engine of engines) {
    // Warm-up: key import (WebCrypto), module load and precomputation (noble), JIT.
    for (let i = 0; i < 20; i++)
      if (!(await engine.verify(vector.key, vector.message, vector.signature)))
        fail(`${engine.name} rejected a good signature`);
  }
  const rates = new Map<Ed25519Engine["name"], number[]>(engines.map((e) => [e.name, []]));
  for (let round = 0; round < ED25519_ROUNDS; round++) {
    for (const engine of engines) {
      const rate = await opsPerSecond(engine, vector, ED25519_BATCH[engine.name]);
      rates.get(engine.name)?.push(rate);
      if (process.env.BENCH_TRACE) console.error(`    round ${round} ${engine.name} ${rate.toFixed(0)} ops/s`);
    }
  }
  const web = median(rates.get("webcrypto") ?? []);
  const noble = median(rates.get("noble") ?? []);
  console.log(`  ${"engine".padEnd(34)}${"median ops/s".padStart(13)}${"µs/op".padStart(9)}   spread ops/s`);
  for (const engine of engines) {
    const runs = rates.get(engine.name) ?? [];
    const rate = median(runs);
    console.log(
      `  ${engine.name.padEnd(34)}${rate.toFixed(0).padStart(13)}${(1e6 / rate).toFixed(1).padStart(9)}   ${Math.min(...runs).toFixed(0)}–${Math.max(...runs).toFixed(0)}`,
    );
  }
  const ratio = web / noble;
  return `WebCrypto ≥ ${TARGETS.engineRatio}×noble: ${mark(ratio >= TARGETS.engineRatio)} (${web.toFixed(0)} vs ${noble.toFixed(0)} ops/s, ${ratio.toFixed(2)}×)`;
}

// ── 4. the verifier's browser bundle ────────────────────────────────────────

interface Chunk {
  readonly path: string;
  readonly raw: number;
  readonly gzip: number;
  readonly meta: Metafile["outputs"][string];
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`;

/** The chunks reachable from `from` through imports of `kind`, `from` included. */
function reachable(
  chunks: ReadonlyMap<string, Chunk>,
  from: string,
  kind: "import-statement" | "dynamic-import",
): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of chunks.get(path)?.meta.imports ?? [])
      if (imported.kind === kind && chunks.has(imported.path)) visit(imported.path);
  };
  visit(from);
  return seen;
}

async function benchBundle(): Promise<string> {
  const cwd = fileURLToPath(new URL("..", import.meta.url));
  const outdir = join(tmpdir(), "frameline-bench-attest");
  const built = await build({
    entryPoints: [fileURLToPath(new URL("./verifier-entry.ts", import.meta.url))],
    absWorkingDir: cwd,
    outdir,
    platform: "browser",
    format: "esm",
    bundle: true,
    minify: true,
    splitting: true,
    metafile: true,
    write: false,
    logLevel: "silent",
  });
  const files = new Map<string, OutputFile>(built.outputFiles.map((file) => [relative(cwd, file.path), file]));
  const chunks = new Map<string, Chunk>();
  for (const [path, meta] of Object.entries(built.metafile.outputs)) {
    const file = files.get(path);
    if (!file || !path.endsWith(".js")) continue;
    chunks.set(path, { path, raw: file.contents.length, gzip: gzipSync(file.contents, { level: 9 }).length, meta });
  }
  const entry = [...chunks.values()].find((chunk) => chunk.meta.entryPoint !== undefined);
  if (!entry) fail("esbuild produced no entry chunk");
  const eager = reachable(chunks, entry.path, "import-statement");
  const lazy = [...chunks.keys()].filter((path) => !eager.has(path));
  const nobleChunk = lazy.find((path) =>
    Object.keys(chunks.get(path)?.meta.inputs ?? {}).some((input) => input.includes("@noble/ed25519")),
  );
  if (!nobleChunk) fail("@noble/ed25519 did not land in a lazy chunk (is it imported statically?)");

  const sum = (paths: Iterable<string>, field: "raw" | "gzip") =>
    [...paths].reduce((total, path) => total + (chunks.get(path)?.[field] ?? 0), 0);
  const short = (path: string) => relative(relative(cwd, outdir), path);
  console.log(`  ${"chunk".padEnd(40)}${"minified".padStart(12)}${"gzip -9".padStart(12)}`);
  const row = (label: string, raw: number, gzip: number) =>
    console.log(`  ${label.padEnd(40)}${kb(raw).padStart(12)}${kb(gzip).padStart(12)}`);
  for (const path of eager)
    row(
      `${path === entry.path ? "entry" : "eager"} ${short(path)}`,
      chunks.get(path)?.raw ?? 0,
      chunks.get(path)?.gzip ?? 0,
    );
  for (const path of lazy)
    row(
      `${path === nobleChunk ? "lazy noble" : "lazy"} ${short(path)}`,
      chunks.get(path)?.raw ?? 0,
      chunks.get(path)?.gzip ?? 0,
    );
  row("total (all chunks)", sum(chunks.keys(), "raw"), sum(chunks.keys(), "gzip"));
  row("loaded with WebCrypto Ed25519", sum(eager, "raw"), sum(eager, "gzip"));

  const contributors = [...eager]
    .flatMap((path) => Object.entries(chunks.get(path)?.meta.inputs ?? {}))
    .filter(([, input]) => input.bytesInOutput > 0)
    .sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput);
  const eagerRaw = sum(eager, "raw");
  console.log(`  top contributors to the eagerly loaded code (minified bytes in output):`);
  for (const [input, { bytesInOutput }] of contributors.slice(0, 12)) {
    console.log(
      `    ${String(bytesInOutput).padStart(7)} B ${((100 * bytesInOutput) / eagerRaw).toFixed(1).padStart(5)} %  ${input}`,
    );
  }
  const eagerGzip = sum(eager, "gzip");
  const nobleGzip = chunks.get(nobleChunk)?.gzip ?? 0;
  return `entry ≤ ${TARGETS.entryGzipBytes / KB} KB gzipped: ${mark(eagerGzip <= TARGETS.entryGzipBytes)} (entry ${kb(eagerGzip)} = ${eagerGzip} B gzipped, ${kb(eagerRaw)} minified; lazy noble ${kb(nobleGzip)}; total ${kb(sum(chunks.keys(), "gzip"))})`;
}

// ── main ────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  if (!globalThis.gc)
    console.warn("warning: run with --expose-gc (npm run bench:attest) so collections happen between runs");
  console.log(
    `attestation benchmark: ${FRAME_COUNT} frames, ${TIMED_ROUNDS} timed rounds after ${WARMUP_ROUNDS} warm-up, median; KB = 1,024 bytes; Node ${process.version}`,
  );

  const signer = await signerFromSeed("42".repeat(32), { keyId: "k1", attesterId: "bench" });
  const result = await signedResult(signer);
  const wire = Buffer.byteLength(JSON.stringify(result));
  const proofs = (result.frame_attestations ?? []).filter((entry) => entry.inclusion_proof).length;
  console.log(
    `\n== 1. signed result: ${result.frames.length} frames, ${proofs} inclusion proofs, 1 root signature, ${(wire / 1e6).toFixed(2)} MB as JSON`,
  );

  console.log(
    `\n== 2. verification (V) vs hashing the 1,024 frame commitments once (L), default engine (${(await defaultEngine()).name})`,
  );
  const verdicts = [await benchVerification(result, [signer.attesterKey])];

  console.log("\n== 3. Ed25519 verify, sequential awaits, same key / 32-byte message / signature");
  const root = result.result_attestation;
  const vector = root && {
    key: fromHex(signer.attesterKey.public_key, 32),
    message: parseDigestString(root.signed_commitment),
    signature: fromHex(root.signature, 64),
  };
  if (!vector?.key || !vector.message || !vector.signature)
    fail("the signed result has no well-formed result_attestation");
  verdicts.push(await benchEngines({ key: vector.key, message: vector.message, signature: vector.signature }));

  console.log("\n== 4. verifier browser bundle (esbuild: browser, esm, minify, splitting)");
  verdicts.push(await benchBundle());

  console.log("\ntargets:");
  for (const line of verdicts) console.log(`  ${line}`);
}

await main();

/**
 * Conformance benchmark: is the full stdio suite dominated by the provider's own work?
 *
 *   (S) suite: `runConformance` over stdio against `frameline serve --stdio` (the bundled CLI, signing,
 *       over the project's README.md + docs/), all 14 checks, as `frameline inspect stdio` runs them: three
 *       child processes (the host-driven checks, the malformed-input probe, the shared wire probes).
 *   (D) direct: the same exchanges sent straight to the same three children, with no checking: the lines
 *       the suite wrote and the replies it read, recorded from a run of S and replayed in the same order
 *       (the children started together, as the suite starts them), every reply read to its end.
 *
 * The ratio S / D is what the suite adds: its checks, its verification of every attestation, its
 * evidence. It prints, never asserts, except sanity: S must pass every check that runs, and D must get
 * exactly as many replies as the suite did. Runs alternate, after one warm-up each; medians are reported.
 *
 * Run: npm run bench:conformance  (node --import tsx bench/conformance.ts)
 */
import { type PeerEnd, runConformance, type StreamPeer, type StreamTarget } from "../src/conformance/index.ts";
import { fileSource } from "../src/node/file-source.ts";
import { spawnStdioChild } from "../src/node/stdio-child.ts";
import { bundleCli, TEST_SEED } from "../test/support/conformance/cli-bundle.ts";
import { median } from "./support/median.ts";
import { PROJECT_ROOT } from "../test/support/project-root.ts";

const ROUNDS = 7;
const env = { FRAMELINE_TEST_SEED: TEST_SEED };
/** One connection's exchange, in order: a line written, or a reply read. */
type Step = { readonly send: Uint8Array } | { readonly receive: true };

/** A target that records every connection's exchange while the suite drives it. */
function recording(target: StreamTarget): { target: StreamTarget; connections: Step[][] } {
  const connections: Step[][] = [];
  return {
    connections,
    target: {
      ...target,
      open: async (): Promise<StreamPeer> => {
        const peer = await target.open();
        const steps: Step[] = [];
        connections.push(steps);
        const writer = peer.writable.getWriter();
        const writable = new WritableStream<Uint8Array>({
          write: (chunk) => (steps.push({ send: chunk.slice() }), writer.write(chunk)),
          close: () => writer.close(),
          abort: (reason) => writer.abort(reason),
        });
        const count = new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            for (const byte of chunk) if (byte === 0x0a) steps.push({ receive: true });
            controller.enqueue(chunk);
          },
        });
        return { ...peer, writable, readable: peer.readable.pipeThrough(count) };
      },
    },
  };
}

/** Replays one recorded exchange on a started child: writes each line, reads each reply to its LF. */
async function replay(peer: StreamPeer & { ended: Promise<PeerEnd> }, steps: readonly Step[]): Promise<number> {
  const writer = peer.writable.getWriter();
  const reader = peer.readable.getReader();
  let pending = 0;
  let replies = 0;
  for (const step of steps) {
    if ("send" in step) {
      await writer.write(step.send);
      continue;
    }
    while (pending === 0) {
      const { done, value } = await reader.read();
      if (done) return replies;
      for (const byte of value) if (byte === 0x0a) pending += 1;
    }
    pending -= 1;
    replies += 1;
  }
  // The last line written was `shutdown`: the child ends on its own, as it did for the suite.
  await peer.ended;
  return replies;
}

const bundle = await bundleCli();
try {
  const files = fileSource({ root: PROJECT_ROOT });
  const target = bundle.target();
  const recorded = recording(target);
  const sample = await runConformance(recorded.target, { files });
  if (sample.checks.some((check) => check.status === "fail"))
    throw new Error("the well-behaved provider failed a check");
  const expectedReplies = recorded.connections.map((steps) => steps.filter((step) => "receive" in step).length);

  const suite = async () => {
    const started = performance.now();
    const report = await runConformance(target, { files });
    if (report.checks.some((check) => check.status === "fail")) throw new Error("a check failed");
    return performance.now() - started;
  };
  const direct = async () => {
    const started = performance.now();
    const children = recorded.connections.map(() =>
      spawnStdioChild(process.execPath, bundle.serveArgs(), { cwd: PROJECT_ROOT, env }),
    );
    const replies: number[] = [];
    for (const [i, steps] of recorded.connections.entries()) replies.push(await replay(children[i]!, steps));
    if (replies.join() !== expectedReplies.join()) throw new Error(`direct replies ${replies} ≠ ${expectedReplies}`);
    return performance.now() - started;
  };

  await suite();
  await direct();
  const times = { suite: [] as number[], direct: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    times.suite.push(await suite());
    times.direct.push(await direct());
  }
  const [s, d] = [median(times.suite), median(times.direct)];
  const lines = recorded.connections.map((steps) => steps.filter((step) => "send" in step).length);
  console.log(
    `connections: ${recorded.connections.length}; lines sent per connection: ${lines.join(", ")}; replies: ${expectedReplies.join(", ")}`,
  );
  console.log(`suite (S), median of ${ROUNDS}:  ${s.toFixed(0)} ms`);
  console.log(`direct (D), median of ${ROUNDS}: ${d.toFixed(0)} ms`);
  console.log(`S / D = ${(s / d).toFixed(2)}`);
} finally {
  await bundle.cleanup();
}

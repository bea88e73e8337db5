// The CLI as a child process, fast: src/node/cli.ts bundled once by esbuild into a temp dir (Node starts
// it in a tenth of the time tsx takes, which matters for a matrix of ~100 children), with a corpus file
// of the project's README.md + docs/ built once beside it. The children run the real `frameline serve`;
// the CLI's own behaviour (arguments, exit codes) is tested from the sources in test/conformance/cli.test.ts.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { indexCommand, stdioTarget } from "../node-lib.ts";
import type { StreamTarget } from "../lib.ts";
import { PROJECT_ROOT } from "../project-root.ts";

/** The seed the fixtures sign with; it reaches them through the environment, never an argument. */
export const TEST_SEED = "2a".repeat(32);

/** A bundled CLI and its corpus. */
export interface CliBundle {
  readonly cli: string;
  readonly corpus: string;
  /** `frameline serve --stdio` of this bundle, signing, in `mode` when given, as a conformance target. */
  target(mode?: string, extra?: readonly string[]): StreamTarget;
  /** The argument list of `node <cli> serve …` for `mode`. */
  serveArgs(mode?: string): string[];
  cleanup(): Promise<void>;
}

/** Bundles the CLI and indexes the corpus, in a temp dir. */
export async function bundleCli(): Promise<CliBundle> {
  const dir = await mkdtemp(join(tmpdir(), "frameline-cli-"));
  const cli = join(dir, "cli.mjs");
  const corpus = join(dir, "corpus.json");
  await build({
    entryPoints: [join(PROJECT_ROOT, "src", "node", "cli.ts")],
    outfile: cli,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "silent",
  });
  await indexCommand({ out: corpus, projectRoot: PROJECT_ROOT });
  const serveArgs = (mode?: string) => [
    cli,
    "serve",
    "--stdio",
    "--corpus",
    corpus,
    "--seed-env",
    "FRAMELINE_TEST_SEED",
    ...(mode === undefined ? [] : ["--misbehave", mode]),
  ];
  return {
    cli,
    corpus,
    serveArgs,
    target: (mode, extra = []) =>
      stdioTarget(process.execPath, [...serveArgs(mode), ...extra], {
        cwd: PROJECT_ROOT,
        env: { FRAMELINE_TEST_SEED: TEST_SEED },
      }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

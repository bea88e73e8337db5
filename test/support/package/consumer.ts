// The package as a user gets it: `npm pack` in this repo (its prepack step builds dist/), then a fresh
// project in a temp folder that installs the tarball from the registry's point of view: only the
// package's runtime dependencies (from the npm cache or the registry), plus TypeScript 5.9 for the
// consumer type-check. One pack and one install per run, shared by every case.
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./processes.ts";
import { withTurnLock } from "./turn-lock.ts";
import { PROJECT_ROOT } from "../project-root.ts";

/** The consumer's own files (scripts, a docs/ folder, TypeScript configs), copied into the fresh project. */
const CONSUMER_FILES = fileURLToPath(new URL("../../package/consumer/", import.meta.url));
/** The TypeScript a consumer type-checks with (not the repo's own, which is 7). */
export const CONSUMER_TYPESCRIPT = "typescript@5.9.3";
const NPM_TIMEOUT_MS = 240_000;

/** One file of `npm pack --json`. */
export interface PackedFile {
  readonly path: string;
  readonly size: number;
}

/** The packed tarball and the project that installed it. */
export interface Consumer {
  readonly root: string;
  readonly tarball: string;
  readonly files: readonly PackedFile[];
  /** The tarball's size in bytes. */
  readonly size: number;
  /** The fresh project with the tarball installed. */
  readonly dir: string;
  readonly packMs: number;
  readonly installMs: number;
  cleanup(): Promise<void>;
}

async function npm(args: readonly string[], cwd: string): Promise<string> {
  const result = await run("npm", ["--no-audit", "--no-fund", ...args], { cwd, timeoutMs: NPM_TIMEOUT_MS });
  if (result.code !== 0) throw new Error(`npm ${args.join(" ")} failed (${result.code}):\n${result.stderr}`);
  return result.stdout;
}

/**
 * `npm pack` rebuilds dist/ in place (prepack: the build removes dist/ first), so two test files packing at
 * once (test/package and test/ask run in parallel under `npm test`) could ship each other's half-built
 * dist/. Packs of this repo take turns on a lock in the temp folder (./turn-lock.ts); `frameline init` run
 * from this checkout packs it too (test/node/init).
 */
const PACK_LOCK = join(
  tmpdir(),
  `frameline-pack-${createHash("sha256").update(PROJECT_ROOT).digest("hex").slice(0, 12)}.sock`,
);

/** Runs `work` (a pack of this repo) while holding the lock. */
export function withPackLock<T>(work: () => Promise<T>): Promise<T> {
  return withTurnLock(PACK_LOCK, NPM_TIMEOUT_MS, work);
}

/** Packs the repo into a temp folder and installs the tarball into a fresh consumer project there. */
export async function packAndInstall(): Promise<Consumer> {
  const root = await mkdtemp(join(tmpdir(), "frameline-package-"));
  const cleanup = () => rm(root, { recursive: true, force: true });
  try {
    let started = performance.now();
    const [packed] = JSON.parse(
      await withPackLock(() => npm(["pack", "--json", "--pack-destination", root], PROJECT_ROOT)),
    ) as {
      filename: string;
      size: number;
      files: PackedFile[];
    }[];
    if (!packed) throw new Error("npm pack reported no tarball");
    const packMs = performance.now() - started;
    const dir = join(root, "consumer");
    await mkdir(dir);
    await cp(CONSUMER_FILES, dir, { recursive: true });
    await writeFile(
      join(dir, "package.json"),
      `${JSON.stringify({ name: "consumer", private: true, type: "module" })}\n`,
    );
    const tarball = join(root, packed.filename);
    started = performance.now();
    await npm(["install", "--prefer-offline", tarball, CONSUMER_TYPESCRIPT], dir);
    const installMs = performance.now() - started;
    return { root, tarball, files: packed.files, size: packed.size, dir, packMs, installMs, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * How a project made by `frameline init` depends on frameline, decided without the network:
 *
 * - `--frameline-spec SPEC`: as given (a version, a range, `file:…`, a git URL);
 * - `--from-registry`: this version, from the registry;
 * - a checkout (the running frameline has its `src/`): a copy of it, packed with `npm pack` (which
 *   builds it), whatever its version says, since its sources are not any published release;
 * - an installed package that `npm publish` built (it holds dist/registry-release.json, written by
 *   scripts/release-stamp.mjs only when npm runs prepack for `publish`, naming this version): this
 *   version, from the registry;
 * - any other installed package (from a tarball, a git URL or a link): a copy of it, packed as it is
 *   installed (`npm pack --ignore-scripts`).
 *
 * A copy is packed into the project folder, and the project depends on `file:` that tarball, so it
 * installs with no registry copy of frameline, on any machine the folder is copied to.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CommandFailure, UsageError } from "./command.ts";
import { printable } from "./failure.ts";
import { OWN_ROOT, ownManifest } from "./manifest.ts";
import { runTool, ToolFailure } from "./run-tool.ts";

/** The mark `npm publish` leaves in the build it publishes (scripts/release-stamp.mjs). */
const RELEASE_STAMP = "dist/registry-release.json";
/** How long `npm pack` may take (a checkout's pack builds it first). */
const PACK_TIMEOUT_MS = 5 * 60_000;

/** Where the project's frameline comes from, as `init --json` reports it. */
export interface FramelineDependency {
  /** The dependency spec written into the project's package.json. */
  readonly spec: string;
  /** `registry`: this version, published; `packed`: a copy packed into the project; `given`: --frameline-spec. */
  readonly source: "registry" | "packed" | "given";
  /** With `packed`: the tarball's file name in the project, and the folder it was packed from. */
  readonly tarball: string | null;
  readonly packed_from: string | null;
}

/** The choices `init` was given on its command line. */
export interface DependencyChoice {
  readonly spec?: string | undefined;
  readonly fromRegistry?: boolean;
}

/** Refuses contradictory or empty choices (a usage error), before anything is written. */
export function checkChoice(choice: DependencyChoice): void {
  if (choice.spec !== undefined && choice.fromRegistry)
    throw new UsageError("give --frameline-spec or --from-registry, not both");
  if (choice.spec !== undefined && choice.spec.trim() === "")
    throw new UsageError("--frameline-spec must not be empty");
}

/** Whether `root` is a checkout of frameline (its sources are there), not a built package. */
export function isCheckout(root: string): boolean {
  return existsSync(join(root, "src", "node", "cli.ts"));
}

/** Whether `root` is an installed package that `npm publish` built as `version` (and not a checkout). */
export function isRegistryRelease(root: string, version: string): boolean {
  if (isCheckout(root)) return false;
  try {
    const stamp = JSON.parse(readFileSync(join(root, RELEASE_STAMP), "utf8")) as { version?: unknown };
    return stamp.version === version;
  } catch {
    return false;
  }
}

/** Runs `npm pack` in `root` into `destination`; resolves with the tarball's file name. */
async function npmPack(root: string, destination: string, build: boolean): Promise<string> {
  const args = ["pack", "--json", "--pack-destination", destination, ...(build ? [] : ["--ignore-scripts"])];
  const failed = (why: string) =>
    new CommandFailure(
      `could not pack frameline from ${printable(root)} (${printable(why).slice(0, 300)}); give --frameline-spec SPEC or --from-registry`,
    );
  const options = { cwd: root, timeoutMs: PACK_TIMEOUT_MS, maxOutputBytes: 16 * 1024 * 1024, errorMarker: /error/i };
  const stdout = await runTool("npm", args, { ...options, shell: process.platform === "win32" }).catch((error) => {
    throw error instanceof ToolFailure ? failed(error.message) : error;
  });
  try {
    const [packed] = JSON.parse(stdout) as { filename?: unknown }[];
    if (typeof packed?.filename !== "string") throw new Error("npm pack named no tarball");
    return packed.filename;
  } catch (cause) {
    throw failed(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * Decides how the project in `projectDir` (existing, empty) depends on frameline, packing a copy of
 * the running frameline into it when that is the way; `log` hears what is being done. `choice` has
 * passed `checkChoice`, before the folder was made.
 */
export async function framelineDependency(
  choice: DependencyChoice,
  projectDir: string,
  log: (line: string) => void,
): Promise<FramelineDependency> {
  const none = { tarball: null, packed_from: null };
  if (choice.spec !== undefined) return { spec: choice.spec, source: "given", ...none };
  const { version } = ownManifest();
  if (choice.fromRegistry || isRegistryRelease(OWN_ROOT, version))
    return { spec: version, source: "registry", ...none };
  const checkout = isCheckout(OWN_ROOT);
  log(
    `frameline: packing frameline ${version} from ${printable(OWN_ROOT)} (npm pack${checkout ? ", which builds it" : ""}) …`,
  );
  const tarball = await npmPack(OWN_ROOT, projectDir, checkout);
  return { spec: `file:${tarball}`, source: "packed", tarball, packed_from: OWN_ROOT };
}

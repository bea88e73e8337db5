/**
 * A D1 database reached through the project's own wrangler (`wrangler d1
 * execute`): locally, the database `wrangler dev` serves (no account needed);
 * remotely, the deployed one, after `wrangler login`.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { CommandFailure } from "./command.ts";
import { printable } from "./failure.ts";
import { runTool, ToolFailure } from "./run-tool.ts";

/** How long one `wrangler d1 execute` may take: a large corpus is a large file to apply. */
const WRANGLER_TIMEOUT_MS = 15 * 60_000;
/** The most output read from one `wrangler d1 execute` (the stored documents' rows, as JSON). */
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

/** Where `wrangler d1 execute` runs, and against which database. */
export interface D1Target {
  /** The database's name or binding in wrangler.toml. */
  readonly database: string;
  /** The deployed database rather than the local one. */
  readonly remote: boolean;
  /** The folder wrangler runs in (its wrangler.toml and node_modules). */
  readonly projectRoot: string;
}

/** The project's wrangler CLI script, or a `CommandFailure` saying how to install it. */
function wranglerScript(projectRoot: string): string {
  try {
    const manifest = createRequire(join(projectRoot, "package.json")).resolve("wrangler/package.json");
    const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> };
    return join(dirname(manifest), bin.wrangler!);
  } catch {
    throw new CommandFailure("--d1 needs wrangler in this project: npm install --save-dev wrangler");
  }
}

/** Runs `wrangler d1 execute DATABASE --local|--remote ARGS`; resolves with stdout, rejects with wrangler's error line. */
async function execute(target: D1Target, args: readonly string[]): Promise<string> {
  const script = wranglerScript(target.projectRoot);
  const argv = [script, "d1", "execute", target.database, target.remote ? "--remote" : "--local", ...args];
  try {
    return await runTool(process.execPath, argv, {
      cwd: target.projectRoot,
      timeoutMs: WRANGLER_TIMEOUT_MS,
      maxOutputBytes: MAX_OUTPUT_BYTES,
      errorMarker: /ERROR/,
    });
  } catch (error) {
    if (!(error instanceof ToolFailure)) throw error;
    const reported = errorText(error.stdout) ?? error.message;
    throw new CommandFailure(`wrangler d1 execute ${target.database}: ${printable(reported).slice(0, 500)}`);
  }
}

/** The `error.text` wrangler prints as JSON with `--json`. */
function errorText(stdout: string): string | undefined {
  try {
    return (JSON.parse(stdout) as { error?: { text?: string } }).error?.text;
  } catch {
    return undefined;
  }
}

/** The rows of one query, or `[]` when the table it reads does not exist yet (a new database). */
export async function queryD1<T>(target: D1Target, sql: string): Promise<T[]> {
  try {
    const out = JSON.parse(await execute(target, ["--json", "--command", sql])) as { results: T[] }[];
    return out.flatMap((result) => result.results);
  } catch (error) {
    if (error instanceof CommandFailure && /no such table/.test(error.message)) return [];
    throw error;
  }
}

/** Applies an SQL file in one transaction (wrangler rolls it back when a statement fails). */
export async function executeD1File(target: D1Target, file: string): Promise<void> {
  await execute(target, ["--file", file, "--yes"]);
}

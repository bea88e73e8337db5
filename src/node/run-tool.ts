/**
 * Running one of the programs a command drives (wrangler for `index --d1`, npm for `init`) to its end,
 * bounded in time and in output read: its stdout when it succeeds; when it fails, the line of its
 * stderr that names the error, so the command can say it in one line.
 */
import { execFile } from "node:child_process";

/** A run that failed: its message is the line of stderr naming the error (else the process error's). */
export class ToolFailure extends Error {
  constructor(
    message: string,
    /** What the program wrote on stdout before it failed. */
    readonly stdout: string,
  ) {
    super(message);
    this.name = "ToolFailure";
  }
}

/** How `runTool` runs a program. */
interface ToolOptions {
  readonly cwd: string;
  readonly timeoutMs: number;
  /** The most stdout or stderr read; past it the program is ended and the run fails. */
  readonly maxOutputBytes: number;
  /** What marks the line of stderr that names the error (wrangler: `ERROR`; npm: `error`). */
  readonly errorMarker: RegExp;
  /** Run through a shell (npm is a .cmd script on Windows, which only a shell runs). */
  readonly shell?: boolean;
}

/** Colour escapes (ESC [ … m). */
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** The line of `stderr` that names the error (the first `marker` matches), else its last line. */
function errorLine(stderr: string, marker: RegExp): string | undefined {
  const lines = stderr
    .replace(COLOUR, "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.find((line) => marker.test(line)) ?? lines.at(-1);
}

/** Runs `file args`; resolves with its stdout, rejects with a `ToolFailure` when it fails or passes a bound. */
export function runTool(file: string, args: readonly string[], options: ToolOptions): Promise<string> {
  const { cwd, timeoutMs: timeout, maxOutputBytes: maxBuffer, shell = false } = options;
  return new Promise((resolve, reject) => {
    execFile(file, args, { cwd, timeout, maxBuffer, shell, encoding: "utf8" }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      reject(new ToolFailure(errorLine(stderr, options.errorMarker) ?? error.message, stdout));
    });
  });
}

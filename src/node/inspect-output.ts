/**
 * What `frameline inspect` prints (spec §5): one line per check as it
 * finishes (on a terminal, a progress line while it runs), coloured unless
 * the output is not a terminal or `NO_COLOR` is set; or, with `--json`, the
 * report in the reference inspector's JSON form and nothing else. frameline's
 * own extensions (host reports, and provider reports over HTTP) follow the reference's checks under a
 * heading of their own, in the JSON under `extensions`. The exit status is 0
 * when the target is conformant and no extension failed, 1 otherwise.
 */
import { resolve } from "node:path";
import {
  type ConformanceReport,
  type ConformanceTarget,
  extensionsPassed,
  type ProgressEvent,
  passed,
  runConformance,
} from "../conformance/index.ts";
import { count } from "../conformance/evidence.ts";
import { type CommandInput, flag, stringOption } from "./command.ts";
import { printable } from "./failure.ts";
import { fileSource } from "./file-source.ts";

/** Where and how the report goes. */
export interface InspectOutput {
  readonly json: boolean;
  /** Writes text as it is (no newline added). */
  readonly write: (text: string) => void;
  /** Whether the output is a terminal (progress lines are rewritten in place). */
  readonly tty: boolean;
  /** Whether to colour it. */
  readonly color: boolean;
}

/** The output of this process: stdout, coloured only on a terminal without `NO_COLOR` (https://no-color.org). */
export function stdoutOutput(json: boolean): InspectOutput {
  const tty = process.stdout.isTTY === true;
  return {
    json,
    write: (text) => void process.stdout.write(text),
    tty,
    color: tty && !process.env.NO_COLOR,
  };
}

const WIDTH = 31;
const paint = (on: boolean, code: string, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

/** One finished check's line. */
function checkLine(check: ConformanceReport["checks"][number], color: boolean): string {
  const mark =
    check.status === "pass"
      ? paint(color, "32", color ? "✓" : "pass")
      : check.status === "fail"
        ? paint(color, "31;1", color ? "✗" : "FAIL")
        : paint(color, "33", color ? "–" : "skip");
  return `  ${mark} ${check.name.padEnd(WIDTH)} ${printable(check.evidence)}\n`;
}

/** The line above frameline's own checks: they are not the reference's, and "CGP conformant" does not count them. */
const EXTENSIONS_HEADING = "frameline extensions (not reference checks; not counted in CGP conformant):\n";

/**
 * The progress callback: a transient line as a check starts (terminal only), its line as it finishes, and
 * before the first extension, the heading that sets them apart.
 */
export function progress(output: InspectOutput): ((event: ProgressEvent) => void) | undefined {
  if (output.json) return undefined;
  let headed = false;
  return (event) => {
    if (event.extension && !headed) {
      headed = true;
      output.write(EXTENSIONS_HEADING);
    }
    if (event.type === "started") {
      if (output.tty) output.write(`  ${paint(output.color, "2", `… ${event.name}`)}`);
      return;
    }
    output.write(`${output.tty ? "\r\u001b[2K" : ""}${checkLine(event.check, output.color)}`);
  };
}

/** The heading before the checks (human output only). */
export function heading(output: InspectOutput, what: string): void {
  if (!output.json) output.write(`frameline inspect ${printable(what)}\n`);
}

/** The verdict on frameline's extensions, when any ran: counted apart from the reference's checks. */
function extensionsLine(report: ConformanceReport, color: boolean): string {
  const extensions = report.extensions ?? [];
  if (extensions.length === 0) return "";
  const failed = extensions.filter((check) => check.status === "fail").map((check) => check.name);
  const passing = extensions.filter((check) => check.status === "pass").length;
  const counts = `${count(extensions.length, "check")}, ${passing} passed, ${failed.length} failed`;
  return failed.length === 0
    ? `frameline extensions: ${counts}\n`
    : `${paint(color, "31;1", "frameline extensions failed")} (${failed.join(", ")}): ${counts}\n`;
}

/**
 * Prints the verdict (or the whole report as JSON) and returns the exit status: 0 when conformant (spec §5,
 * `passed`) and no frameline extension failed (`extensionsPassed`), 1 otherwise.
 */
export function finish(output: InspectOutput, report: ConformanceReport): number {
  const ok = passed(report);
  const status = ok && extensionsPassed(report) ? 0 : 1;
  if (output.json) {
    output.write(`${JSON.stringify(report, null, 2)}\n`);
    return status;
  }
  const tally = (status: string) => report.checks.filter((check) => check.status === status).length;
  const counts = `${tally("pass")} passed, ${tally("fail")} failed, ${tally("skipped")} skipped`;
  const verdict = ok ? paint(output.color, "32;1", "CGP conformant") : paint(output.color, "31;1", "not conformant");
  output.write(
    `${verdict}: ${count(report.checks.length, "check")}, ${counts}\n${extensionsLine(report, output.color)}`,
  );
  return status;
}

/**
 * Runs the 14 provider checks (spec §5.1) against `target` and prints them under `what`, with the options
 * `inspect http` and `inspect stdio` share: `--json`, `--query GOAL`, `--file-root DIR` (default `/`).
 */
export async function inspectProvider(input: CommandInput, target: ConformanceTarget, what: string): Promise<number> {
  const output = stdoutOutput(flag(input, "json"));
  heading(output, what);
  const report = await runConformance(target, {
    query: stringOption(input, "query"),
    files: fileSource({ root: resolve(input.cwd, stringOption(input, "file-root") ?? "/") }),
    onProgress: progress(output),
  });
  return finish(output, report);
}

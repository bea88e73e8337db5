/**
 * How a `frameline` command ends other than by returning, the same for every command: when the
 * reader of its stdout goes away (`frameline decode … | head -1`), it ends at once, quietly, with
 * exit status 0, as a Unix filter ends on SIGPIPE; a closed stderr only drops the diagnostics that
 * follow, so the work (an index being written) still finishes; any other failure to write stdout (a
 * full disk) is one line on stderr and exit status 1; Ctrl-C or SIGTERM exits with 128 + the
 * signal's number. Each of these exits through `process.exit`, so the `exit` handlers run: every
 * stdio child still running is ended (stdio-child.ts), and temporary folders are removed.
 */
import { errorCode, failureLine } from "./failure.ts";

/** The write errors that mean the reader has gone (a pipe or socket closed at the other end). */
const READER_GONE = new Set(["EPIPE", "ECONNRESET"]);

const SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15 } as const;

/** The two line writers every command gets: stdout and stderr, one line each. */
interface LineWriters {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

/** Installs the endings above on this process; returns the line writers that go with them. */
export function endQuietly(cwd: string): LineWriters {
  let stderrOpen = true;
  const err = (line: string) => {
    if (stderrOpen) process.stderr.write(`${line}\n`);
  };
  process.stderr.on("error", () => {
    stderrOpen = false;
  });
  process.stdout.on("error", (error) => {
    const code = errorCode(error);
    if (code !== undefined && READER_GONE.has(code)) process.exit(0);
    err(`frameline: stdout: ${failureLine(error, cwd) ?? `the write failed (${code ?? "unknown error"})`}`);
    process.exit(1);
  });
  for (const [signal, number] of Object.entries(SIGNAL_NUMBERS)) process.once(signal, () => process.exit(128 + number));
  return { out: (line) => void process.stdout.write(`${line}\n`), err };
}

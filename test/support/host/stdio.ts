// The real stdio provider (`frameline serve --stdio`, from the sources) as a child process, through the
// host-side stdio child of src/node (stdioTransport: its own process group, environment cleared but for
// PATH and HOME, stderr kept for diagnostics, the group killed when the connection gives up on it).
import { stdioTransport } from "../node-lib.ts";
import type { StreamTransport } from "../lib.ts";
import { CLI_ARGS } from "../cli.ts";
import { PROJECT_ROOT } from "../project-root.ts";

/** A running stdio provider. */
export interface StdioProvider {
  readonly pid: number;
  readonly transport: StreamTransport;
  /** Settles when the child exits. */
  readonly exited: Promise<{ code: number | null; signal: string | null }>;
  /** What it wrote to stderr so far (the last 8 KiB). */
  stderr(): string;
  /** SIGKILLs the child's process group if it is still running (cleanup; idempotent). */
  kill(): void;
}

/** Starts `frameline serve --stdio` (from the sources) in the project root. */
export function spawnStdioProvider(args: readonly string[] = ["serve", "--stdio"]): StdioProvider {
  const transport = stdioTransport(process.execPath, [...CLI_ARGS, ...args], { cwd: PROJECT_ROOT });
  const child = transport.child;
  if (child.pid === undefined) throw new Error("the provider did not start");
  return {
    pid: child.pid,
    transport,
    exited: child.ended.then(({ code, signal }) => ({ code, signal })),
    stderr: child.stderr,
    kill: () => void child.terminate(),
  };
}

/** Resolves with `promise`, or rejects after `ms` (so a hang fails the test instead of stalling it). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

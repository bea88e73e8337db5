/**
 * A stdio provider as a child process, for hosts (spec §4.4): spawned in its
 * own process group with an environment cleared but for `PATH` and `HOME`
 * (plus what the caller passes on), NDJSON over its stdin and stdout, its
 * stderr inherited, ignored or kept (the last 8 KiB), and ended by SIGKILL to
 * the whole group. Every child still running when this process exits is ended.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import type { PeerEnd, StreamPeer, StreamTarget } from "../conformance/target.ts";
import { settlesWithin } from "../host/connection/exchange/end.ts";
import { type StreamTransportOptions, streamTransport } from "../host/transports/stream.ts";
import type { StreamTransport } from "../host/transports/transport.ts";

/** How to start a stdio provider. */
export interface StdioChildOptions {
  readonly cwd?: string;
  /** Variables passed on besides `PATH` and `HOME` (the reference host passes nothing else). */
  readonly env?: Readonly<Record<string, string>>;
  /** The child's stderr: inherited (the reference host's way), ignored, or kept to read with `stderr()` (default). */
  readonly stderr?: "inherit" | "ignore" | "keep";
}

/** A running stdio provider. */
export interface StdioChild extends StreamPeer {
  readonly pid: number | undefined;
  readonly ended: Promise<PeerEnd>;
  /** The last 8 KiB it wrote to stderr, when kept. */
  stderr(): string;
}

const STDERR_TAIL = 8 * 1024;
const running = new Set<ChildProcess>();
let reaping = false;

/** SIGKILL to the child's whole process group (spec §4.4); nothing if it has ended. */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}

function reapOnExit(child: ChildProcess): void {
  running.add(child);
  child.once("exit", () => running.delete(child));
  if (reaping) return;
  reaping = true;
  process.once("exit", () => {
    for (const left of running) killGroup(left);
  });
}

/** The child's end: its status, its signal, or why it never started. */
function endOf(child: ChildProcess): Promise<PeerEnd> {
  return new Promise((resolve) => {
    child.once("error", (error: NodeJS.ErrnoException) =>
      resolve({ code: null, signal: null, problem: `it could not be started (${error.code ?? error.message})` }),
    );
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
}

/** Starts `command args` as a stdio provider (spec §4.4). */
export function spawnStdioChild(command: string, args: readonly string[], options: StdioChildOptions = {}): StdioChild {
  const stderr = options.stderr ?? "keep";
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env },
    stdio: ["pipe", "pipe", stderr === "keep" ? "pipe" : stderr],
    detached: true,
  });
  const ended = endOf(child);
  reapOnExit(child);
  // A write to a child that has gone is EPIPE: the web stream reports it; this keeps it from being an uncaught error.
  child.stdin?.on("error", () => undefined);
  let tail = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    tail = (tail + chunk).slice(-STDERR_TAIL);
  });
  return {
    pid: child.pid,
    readable: Readable.toWeb(child.stdout!) as unknown as ReadableStream<Uint8Array>,
    writable: Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>,
    ended,
    terminate: () => killGroup(child),
    stderr: () => tail,
  };
}

/** A `streamTransport` to a stdio child, with the child it runs on (its pid, its end, its stderr). */
export interface StdioTransport extends StreamTransport {
  readonly child: StdioChild;
}

/**
 * A `streamTransport` to a new stdio child (spec §4.4), to pass to `connect`
 * or `host.add` as it is; the child is its `child`. Closing it closes the
 * child's input and waits for the child to exit, at most `closeGraceMs`
 * (default 2 s, the reference host's grace), then kills its process group;
 * a connection that gives up on the provider (`abort`) kills it at once. So
 * no child outlives its connection.
 *
 * @example await host.add("faq", stdioTransport("node", ["faq.mjs"]));
 */
export function stdioTransport(
  command: string,
  args: readonly string[],
  options: StdioChildOptions & Pick<StreamTransportOptions, "maxLineBytes"> & { readonly closeGraceMs?: number } = {},
): StdioTransport {
  const child = spawnStdioChild(command, args, options);
  const stream = streamTransport(child, { maxLineBytes: options.maxLineBytes, terminate: child.terminate });
  return {
    ...stream,
    child,
    async close() {
      await stream.close();
      if (!(await settlesWithin(child.ended, options.closeGraceMs ?? 2_000))) child.terminate();
    },
  };
}

/** A conformance target that starts `command args` afresh for every connection the suite makes (spec §5.1). */
export function stdioTarget(command: string, args: readonly string[], options: StdioChildOptions = {}): StreamTarget {
  return {
    kind: "stream",
    label: [command, ...args].join(" "),
    open: async () => spawnStdioChild(command, args, options),
  };
}

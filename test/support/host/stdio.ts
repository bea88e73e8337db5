// Spawns the real stdio provider (`frameline serve --stdio`, from the sources) and bridges its stdio to a
// streamTransport, as the reference host does (spec §4.4): its own process group, environment cleared
// but for PATH and HOME, stderr kept aside for diagnostics.
import { spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { type StreamTransport, streamTransport } from "../lib.ts";
import { CLI_ARGS } from "../cli.ts";

/** The project root (/work/main). */
const PROJECT_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** A running stdio provider. */
export interface StdioProvider {
  readonly pid: number;
  readonly transport: StreamTransport;
  /** Settles when the child exits. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** SIGKILLs the child's process group if it is still running (cleanup; idempotent). */
  kill(): void;
}

/** Starts `frameline serve --stdio` (from the sources) in the project root. */
export function spawnStdioProvider(args: readonly string[] = ["serve", "--stdio"]): StdioProvider {
  const child = spawn(process.execPath, [...CLI_ARGS, ...args], {
    cwd: PROJECT_ROOT,
    stdio: ["pipe", "pipe", "pipe"],
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
    detached: true,
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error("the provider did not start");
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => void (stderr += chunk));
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const transport = streamTransport({
    readable: Readable.toWeb(child.stdout) as unknown as ReadableStream<Uint8Array>,
    writable: Writable.toWeb(child.stdin) as unknown as WritableStream<Uint8Array>,
  });
  return {
    pid,
    transport,
    exited,
    stderr: () => stderr,
    kill() {
      if (!running) return;
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // already gone
      }
    },
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

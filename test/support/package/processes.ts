// Child processes for the package tests: each in its own process group, with a bound on its time; on
// timeout the whole group (npm and what it started, wrangler and its workerd) is ended by its id.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { performance } from "node:perf_hooks";

/** How a finished child ended, what it printed and how long it took. */
export interface Run {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
  readonly timedOut: boolean;
}

/** Options for a child: its folder, environment, stdin text and time bound. */
export interface RunOptions {
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly input?: string;
  readonly timeoutMs: number;
}

/**
 * The environment of a user's shell: this one without what `npm test`, node:test and tsx set for
 * this process (npm_* variables, NODE_OPTIONS), so a child sees no loader and no npm run context.
 */
export function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!/^npm_/i.test(name) && name !== "NODE_OPTIONS" && name !== "INIT_CWD" && name !== "NODE_TEST_CONTEXT")
      env[name] = value;
  return { ...env, ...extra };
}

function spawnGroup(file: string, args: readonly string[], options: RunOptions): ChildProcessWithoutNullStreams {
  return spawn(file, args, { cwd: options.cwd, env: options.env ?? userEnv(), detached: true, stdio: "pipe" });
}

/** Ends a child's process group (idempotent). */
export function endGroup(child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals = "SIGKILL"): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}

/** Runs `file args` to its end, or until `timeoutMs` (then its group is killed and `timedOut` is true). */
export function run(file: string, args: readonly string[], options: RunOptions): Promise<Run> {
  const started = performance.now();
  const child = spawnGroup(file, args, options);
  let stdout = "";
  let stderr = "";
  let timedOut = false;
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  child.stdin.on("error", () => undefined);
  child.stdin.end(options.input ?? "");
  const timer = setTimeout(() => ((timedOut = true), endGroup(child)), options.timeoutMs);
  return new Promise((resolve, reject) => {
    child.on("error", (error) => (clearTimeout(timer), reject(error)));
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started, timedOut });
    });
  });
}

/** A long-running child (a server) that printed what `ready` matches. */
export interface Started {
  readonly child: ChildProcessWithoutNullStreams;
  readonly match: RegExpExecArray;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves once what it prints from now on matches `pattern`; rejects if it exits or `timeoutMs` passes first. */
  printed(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  /** Ends its process group with SIGTERM and waits for the child to exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

/** Starts `file args` and resolves once its output matches `ready`; rejects if it exits or times out first. */
export function start(
  file: string,
  args: readonly string[],
  options: RunOptions & { ready: RegExp },
): Promise<Started> {
  const child = spawnGroup(file, args, options);
  let output = "";
  const readers = new Set<() => void>();
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const printed = (pattern: RegExp, timeoutMs: number) => {
    const from = output.length;
    return new Promise<RegExpExecArray>((resolve, reject) => {
      const fail = (why: string) => (
        done(), reject(new Error(`${why} before printing ${pattern}:\n${output.slice(from)}`))
      );
      const timer = setTimeout(() => fail(`${timeoutMs} ms passed`), timeoutMs);
      const read = () => {
        const match = pattern.exec(output.slice(from));
        if (match) done(), resolve(match);
      };
      const exit = () => fail("it exited");
      const done = () => (clearTimeout(timer), readers.delete(read), child.off("close", exit));
      readers.add(read);
      child.once("close", exit);
    });
  };
  const stop = async () => {
    endGroup(child, "SIGTERM");
    const killer = setTimeout(() => endGroup(child), 10_000);
    await exited;
    clearTimeout(killer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(async () => {
      await stop();
      reject(new Error(`not ready within ${options.timeoutMs} ms:\n${output}`));
    }, options.timeoutMs);
    const read = (chunk: string) => {
      output += chunk;
      for (const reader of readers) reader();
      const match = options.ready.exec(output);
      if (match) clearTimeout(timer), resolve({ child, match, output: () => output, printed, stop });
    };
    child.stdout.setEncoding("utf8").on("data", read);
    child.stderr.setEncoding("utf8").on("data", read);
    child.stdin.end();
    child.once(
      "close",
      (code) => (clearTimeout(timer), reject(new Error(`exited (${code}) before ready:\n${output}`))),
    );
  });
}

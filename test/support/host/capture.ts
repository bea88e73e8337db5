// Captures everything written through console.* while a function runs (and only then), for C8 tests.
import { format } from "node:util";

const METHODS = ["log", "info", "warn", "error", "debug", "trace", "dir"] as const;

/** Runs `run` with every console method recording its formatted line instead of printing it. */
export async function captureConsole<T>(run: () => Promise<T>): Promise<{ value: T; lines: string[] }> {
  const lines: string[] = [];
  const saved = METHODS.map((name) => [name, console[name]] as const);
  for (const name of METHODS) console[name] = (...args: unknown[]) => void lines.push(format(...args));
  try {
    return { value: await run(), lines };
  } finally {
    for (const [name, method] of saved) console[name] = method as never;
  }
}

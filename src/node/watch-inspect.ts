/**
 * `frameline inspect stdio --watch`: the conformance report (spec §5.1) again after every change to the
 * files under the folder it runs in (watch-tree.ts), so a provider's author can keep it open while
 * writing. Changes are debounced (a run starts 100 ms after the last event of a burst, so one save is
 * one run) and runs never overlap (a change during a run starts the next one when it ends); each run
 * after the first says on stderr what changed. Its own stdout and stderr, when they are files under the
 * folder, are not changes. On a terminal the screen is cleared before each run; otherwise runs are
 * separated by a blank line. It runs until Ctrl-C or until its stdout closes, and ends as every
 * command does then (process-end.ts).
 */
import { fstatSync, type Stats } from "node:fs";
import { stat } from "node:fs/promises";
import { count } from "../conformance/evidence.ts";
import type { CommandInput } from "./command.ts";
import { shownPath } from "./failure.ts";
import { stdoutOutput } from "./inspect-output.ts";
import { watchTree } from "./watch-tree.ts";

/** How long a burst of changes must be quiet before the next run starts. */
const DEBOUNCE_MS = 100;

/**
 * Changes, debounced: `changed(path)` on every event; `next()` gives the burst's last path (after an
 * editor's write-and-rename, the file's own name) once the burst has been quiet for `ms`.
 */
function debounced(ms: number): { changed(path: string): void; next(): Promise<string> } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: ((path: string) => void) | undefined;
  let settled: string | undefined;
  return {
    changed(path) {
      clearTimeout(timer);
      // Each event restarts the timer, so the one that fires holds the burst's last path.
      timer = setTimeout(() => {
        const resolve = waiting;
        waiting = undefined;
        if (resolve) resolve(path);
        else settled = path;
      }, ms);
    },
    next() {
      if (settled === undefined) return new Promise((resolve) => (waiting = resolve));
      const path = settled;
      settled = undefined;
      return Promise.resolve(path);
    },
  };
}

const identity = (found: Stats) => `${found.dev}:${found.ino}`;

/** This process's stdout and stderr, when they are files (`> report.txt`): writing them is no change. */
function ownOutputs(): Set<string> {
  return new Set([1, 2].map((fd) => fstatSync(fd)).flatMap((found) => (found.isFile() ? [identity(found)] : [])));
}

/** Runs `inspect` now and again after every change under `input.cwd`; never returns. */
export async function inspectOnChange(input: CommandInput, inspect: () => Promise<number>): Promise<never> {
  const changes = debounced(DEBOUNCE_MS);
  const own = ownOutputs();
  const tree = await watchTree(input.cwd, (path) => {
    if (own.size === 0) return changes.changed(path);
    void stat(path).then(
      (found) => own.has(identity(found)) || changes.changed(path),
      () => changes.changed(path),
    );
  });
  const output = stdoutOutput(false);
  const where = () => `${shownPath(input.cwd, process.cwd())} (${count(tree.folders(), "folder")})`;
  for (let changed: string | undefined; ; changed = await changes.next()) {
    if (changed !== undefined) {
      output.write(output.tty ? "\u001b[H\u001b[2J" : "\n");
      input.err(`frameline inspect: ${shownPath(changed, input.cwd)} changed; checking again`);
    }
    await inspect();
    input.err(`frameline inspect: watching the files under ${where()} for changes; Ctrl-C stops`);
  }
}

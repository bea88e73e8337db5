/**
 * Watching a folder tree for `frameline inspect stdio --watch`: the folder and every folder under it
 * except `node_modules` and hidden ones (`.git`…), one `fs.watch` each (inotify on Linux), at most
 * 1,000 folders; a folder created later is watched as it appears, one removed is let go. Hidden files
 * (an editor's swap files) changing are no change.
 *
 * Written here, not with `fs.watch(root, { recursive: true })`: on Linux, Node 20 implements that by
 * walking the tree and watching every file in it, `node_modules` included, with no way to leave a
 * folder out; and not with chokidar, which would be a new dependency for one option of the CLI.
 */
import { type FSWatcher, watch } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import { CommandFailure } from "./command.ts";
import { errorCode, shownPath } from "./failure.ts";
import { isWithin } from "./path-within.ts";

/** The most folders one tree watch holds. */
const MAX_WATCHED_FOLDERS = 1_000;

const skipped = (name: string) => name === "node_modules" || name.startsWith(".");

/** A watch on a folder tree; `onChange` is called with the path of every event in any of its folders. */
class TreeWatcher {
  readonly #watchers = new Map<string, FSWatcher>();

  constructor(
    readonly root: string,
    readonly onChange: (path: string) => void,
  ) {}

  /** How many folders it watches now. */
  get folders(): number {
    return this.#watchers.size;
  }

  /**
   * Watches `folder` and, walking down, the folders in it. Past the bound, or out of inotify watches
   * (ENOSPC) or file descriptors (EMFILE), the first walk fails with one line; a later one stops.
   */
  async add(folder: string, first: boolean): Promise<void> {
    if (this.#watchers.has(folder)) return;
    if (this.#watchers.size >= MAX_WATCHED_FOLDERS) {
      if (!first) return;
      throw new CommandFailure(
        `--watch: more than ${MAX_WATCHED_FOLDERS} folders under ${shownPath(this.root, process.cwd())}; run it from the provider's own folder`,
      );
    }
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => undefined);
    if (entries === undefined) return; // gone, or not readable: nothing to watch there
    try {
      const watcher = watch(folder, (_event, name) => {
        // A hidden file (an editor's swap file) or node_modules changing is no change to the provider.
        if (name && skipped(name.toString())) return;
        const path = name ? join(folder, name.toString()) : folder;
        this.onChange(path);
        if (name) void this.#changed(path);
      });
      watcher.on("error", () => this.forget(folder));
      this.#watchers.set(folder, watcher);
    } catch (error) {
      if (!first) return;
      throw new CommandFailure(
        `--watch: cannot watch ${shownPath(folder, process.cwd())} (${errorCode(error) ?? "unknown error"})`,
      );
    }
    for (const entry of entries)
      if (entry.isDirectory() && !skipped(entry.name)) await this.add(join(folder, entry.name), first);
  }

  /** A name that changed: a new folder is watched, a removed one let go. */
  async #changed(path: string): Promise<void> {
    const found = await stat(path).catch(() => undefined);
    if (found === undefined) this.forget(path);
    else if (found.isDirectory() && !skipped(basename(path))) await this.add(path, false);
  }

  /** Stops watching `folder` and every folder under it. */
  forget(folder: string): void {
    for (const [path, watcher] of this.#watchers)
      if (isWithin(folder, path)) {
        watcher.close();
        this.#watchers.delete(path);
      }
  }
}

/** A running tree watch. */
interface TreeWatch {
  /** How many folders it watches now. */
  readonly folders: () => number;
  close(): void;
}

/** Watches `root` and the folders under it; `onChange` is called with the path of every event in any of them. */
export async function watchTree(root: string, onChange: (path: string) => void): Promise<TreeWatch> {
  const tree = new TreeWatcher(root, onChange);
  try {
    await tree.add(root, true);
  } catch (error) {
    tree.forget(root);
    throw error;
  }
  return { folders: () => tree.folders, close: () => tree.forget(root) };
}

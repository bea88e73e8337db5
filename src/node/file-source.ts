/**
 * `fileSource`: local files as a `FileSource` for F5 re-verification (spec
 * §4.10): the path a `file://` URI names, read under a root folder. A path
 * that climbs out of the root (by `..` or through a symbolic link), a file
 * larger than the bound, and anything that cannot be read are unreadable,
 * never an error.
 */
import { readFile, realpath, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { isWithin } from "./path-within.ts";
import type { FileSource } from "../host/sessions/file-provenance.ts";

/** Options for `fileSource`. */
export interface FileSourceOptions {
  /** The folder `file:///` names (default `/`: a URI's path is an absolute path, as spec §4.10 reads it). */
  readonly root?: string;
  /** Largest file read, in bytes (default 64 MiB). */
  readonly maxBytes?: number;
}

/**
 * A `FileSource` over the files under `root`. `file:///docs/a.md` reads
 * `<root>/docs/a.md`; with the default root, `/docs/a.md`.
 *
 * @example
 * await runConformance(target, { files: fileSource({ root: process.cwd() }) });
 */
export function fileSource(options: FileSourceOptions = {}): FileSource {
  const root = resolve(options.root ?? "/");
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  let realRoot: Promise<string> | undefined;
  return async (path) => {
    const file = resolve(root, `.${path.startsWith("/") ? path : `/${path}`}`);
    if (!isWithin(root, file) || path.includes("\0")) return undefined;
    try {
      realRoot ??= realpath(root);
      if (!isWithin(await realRoot, await realpath(file))) return undefined;
      if ((await stat(file)).size > maxBytes) return undefined;
      return new Uint8Array(await readFile(file));
    } catch {
      return undefined;
    }
  };
}

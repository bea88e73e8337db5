/**
 * The one stderr line an expected failure of a `frameline` command prints (a missing folder, an
 * unreadable file, a file that is not a corpus), instead of a stack trace; paths as the user would
 * write them, control characters escaped so a file name cannot drive the terminal.
 */
import { isAbsolute, relative } from "node:path";
import { DocsCorpusError } from "../docs-provider/index.ts";
import { CommandFailure } from "./command.ts";

const ERRNO_TEXT: Readonly<Record<string, string>> = {
  ENOENT: "no such file or directory",
  ENOTDIR: "not a directory",
  EISDIR: "is a directory, not a file",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ELOOP: "too many levels of symbolic links",
  EROFS: "read-only file system",
  ENOSPC: "no space left on device",
  ENAMETOOLONG: "file name too long",
};

/** `text` with C0 and C1 control characters written as `\u00XX`. */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A path relative to `cwd` when it is inside it, absolute otherwise; printable. */
export function shownPath(path: string, cwd: string): string {
  const inside = relative(cwd, path);
  return printable(inside === "" ? "." : inside.startsWith("..") || isAbsolute(inside) ? path : inside);
}

/** The `code` of a Node system error (`ENOENT`, `EPIPE`…), or undefined for anything else. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

function errnoOf(error: unknown): { code: string; path?: string } | undefined {
  const code = errorCode(error);
  if (code === undefined) return undefined;
  const { path } = error as { path?: unknown };
  return { code, ...(typeof path === "string" ? { path } : {}) };
}

/** The line for an expected failure, or undefined for anything else (a bug, reported with its stack). */
export function failureLine(error: unknown, cwd: string): string | undefined {
  if (error instanceof CommandFailure || error instanceof DocsCorpusError) return printable(error.message);
  const errno = errnoOf(error);
  const text = errno && ERRNO_TEXT[errno.code];
  if (!errno || !text) return undefined;
  return errno.path === undefined ? text : `${shownPath(errno.path, cwd)}: ${text}`;
}

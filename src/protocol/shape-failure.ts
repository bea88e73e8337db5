/** `ShapeFailure`: how a decoder reports that a value does not fit its shape (spec §1.2). */
import { pathStep } from "./schema-walk.ts";
import type { ShapeIssue } from "./shape-issues.ts";

/** Where a value did not fit and what was expected, never the value itself. */
export class ShapeFailure extends Error {
  override readonly name = "ShapeFailure";
  constructor(
    public path: string,
    readonly expected: string,
  ) {
    super(expected);
  }

  /** The failure as a value-free issue under `root`. */
  issue(root: string): ShapeIssue {
    return { path: this.path ? pathStep(root, this.path) : root, message: this.expected };
  }
}

/** Prefixes a failure's path with the member key or item index it happened under, on the way out. */
export function prefixed(error: unknown, key: string | number): unknown {
  if (error instanceof ShapeFailure) {
    const rest = error.path && error.path[0] !== "[" ? `.${error.path}` : error.path;
    error.path = typeof key === "number" ? `[${key}]${rest}` : `${key}${rest}`;
  }
  return error;
}

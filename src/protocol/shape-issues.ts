/**
 * Turning valibot issues into short, value-free descriptions: a path and what
 * was expected there. Received values are never echoed, since they may be frame
 * content or credentials (security rules; C8).
 */
import type * as v from "valibot";
import { pathStep } from "./schema-walk.ts";

/** One problem with a shape: where it is and what was expected. */
export interface ShapeIssue {
  readonly path: string;
  readonly message: string;
}

function issuePath(issue: v.BaseIssue<unknown>, root: string): string {
  let path = root;
  for (const item of issue.path ?? []) {
    const key = (item as { key?: unknown }).key;
    if (typeof key === "string" || typeof key === "number") path = pathStep(path, key);
  }
  return path;
}

function issueMessage(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === "schema" && issue.received === "undefined") return "missing required member";
  return `expected ${issue.expected ?? issue.type}`;
}

/** Describes valibot issues as paths plus expectations. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[], root: string): ShapeIssue[] {
  return issues.map((issue) => ({ path: issuePath(issue, root), message: issueMessage(issue) }));
}

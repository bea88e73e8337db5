/** Validating one shape that is not a whole envelope (a frame, a query…) with the interop rules of spec §1.2. */
import * as v from "valibot";
import { describeIssues, type ShapeIssue } from "./shape-issues.ts";

/** The outcome of `parseShape`: the typed value, or value-free issues. */
export type ParseResult<T> =
  | { readonly success: true; readonly output: T }
  | { readonly success: false; readonly issues: ShapeIssue[] };

/**
 * Parses `value` with one of the protocol schemas as a receiver would (U1:
 * unknown members ignored; `null` is absent; defaults filled in). `root` names
 * the top of each issue path, e.g. `frame`.
 *
 * @example parseShape(ContextFrameSchema, json, "frame")
 */
export function parseShape<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  root: string,
): ParseResult<v.InferOutput<S>> {
  const result = v.safeParse(schema, value);
  return result.success
    ? { success: true, output: result.output }
    : { success: false, issues: describeIssues(result.issues, root) };
}

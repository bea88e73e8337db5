/**
 * Strict mode: the authoring lint for our own fixtures and examples. It
 * accepts what the interop decoder accepts and additionally rejects unknown
 * members, naming each by path (`frame.provenance[0].future_field`). Never
 * apply it to a peer's live traffic: receivers ignore unknown members (U1).
 */
import * as v from "valibot";
import { EnvelopeSchema } from "./envelope.ts";
import { ContextFrameSchema } from "./frame.ts";
import { ContextQuerySchema } from "./query.ts";
import { type Entries, isRecord, node, pathStep, unwrap, variantOption } from "./schema-walk.ts";
import { describeIssues, type ShapeIssue } from "./shape-issues.ts";

function unknownMembers(schema: v.GenericSchema, value: unknown, path: string, found: ShapeIssue[]): void {
  const n = node(unwrap(schema));
  if (n.type === "array" && Array.isArray(value)) {
    for (const [i, item] of value.entries()) unknownMembers(n.item as v.GenericSchema, item, pathStep(path, i), found);
  } else if (n.type === "variant" && isRecord(value)) {
    const option = variantOption(unwrap(schema), value[n.key ?? ""]);
    if (option) unknownMembers(option, value, path, found);
  } else if (n.type === "object" && isRecord(value)) {
    const entries: Entries = n.entries ?? {};
    for (const key of Object.keys(value)) {
      const member = Object.hasOwn(entries, key) ? entries[key] : undefined;
      if (member) unknownMembers(member, value[key], pathStep(path, key), found);
      else found.push({ path: pathStep(path, key), message: "unknown member" });
    }
  }
}

/** Lints `value` against `schema` in strict mode; `root` names the top of each path. */
export function lintStrict(schema: v.GenericSchema, value: unknown, root: string): ShapeIssue[] {
  const result = v.safeParse(schema, value);
  const issues = result.success ? [] : describeIssues(result.issues, root);
  unknownMembers(schema, value, root, issues);
  return issues;
}

/** Strict lint of one envelope (root path `envelope`). */
export function lintEnvelope(value: unknown): ShapeIssue[] {
  return lintStrict(EnvelopeSchema, value, "envelope");
}

/** Strict lint of one ContextFrame (root path `frame`). */
export function lintFrame(value: unknown): ShapeIssue[] {
  return lintStrict(ContextFrameSchema, value, "frame");
}

/** Strict lint of one ContextQuery (root path `query`). */
export function lintQuery(value: unknown): ShapeIssue[] {
  return lintStrict(ContextQuerySchema, value, "query");
}

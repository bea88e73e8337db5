/** Naming the member a valibot issue is about, as a reader writes it: `kinds[2]`, `PROVIDERS[0].url`. */
import type * as v from "valibot";

/** The path of an issue as `root.a[0].b` (the root alone for the value itself). */
function memberOf(issue: v.BaseIssue<unknown>, root: string): string {
  let member = root;
  for (const item of issue.path ?? []) {
    const key = item.key;
    member += typeof key === "number" ? `[${key}]` : member === "" ? String(key) : `.${String(key)}`;
  }
  return member;
}

/**
 * The member and the sentence for an issue: `<member> <message>`, where a
 * missing member (valibot reports it against the object that lacks it) reads
 * `is required`. `fallback` names the whole value when the path is empty.
 */
export function refusalOf(issue: v.BaseIssue<unknown>, root: string, fallback = root) {
  const member = memberOf(issue, root) || fallback;
  const missing = issue.type === "object" && issue.input === undefined && (issue.path?.length ?? 0) > 0;
  return { member, message: `${member} ${missing ? "is required" : issue.message}` };
}

// Variations of the shared fixtures' envelopes for differential tests: every member of every seed replaced by
// each of a set of awkward values, or deleted. What the generated readers and the encoder are held to valibot on.
import { fixtureJson, referenceVectorLines } from "./fixtures.ts";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonPath = (string | number)[];

/** Every path to a member or item in a JSON tree. */
export function paths(value: Json, prefix: JsonPath = []): JsonPath[] {
  if (value === null || typeof value !== "object") return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => [
    [...prefix, key],
    ...paths((value as Record<string | number, Json>)[key] as Json, [...prefix, key]),
  ]);
}

/** A copy of `tree` with the member at `path` replaced, or deleted when `replacement` is undefined. */
export function replaced(tree: Json, path: JsonPath, replacement: Json | undefined): Json {
  const copy = structuredClone(tree);
  let parent = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path[path.length - 1] as string | number;
  if (replacement === undefined) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else parent[last] = replacement;
  return copy;
}

/** What each member is replaced by: absent, null, each JSON type, numbers at every kind's edges, known words. */
export const REPLACEMENTS: readonly (Json | undefined)[] = [
  undefined,
  null,
  "s",
  "",
  0,
  -0,
  1.5,
  4294967295,
  4294967296,
  -1,
  3.4028235e38,
  1e39,
  true,
  [],
  {},
  ["s"],
  [{}],
  "full",
  "valid",
];

/** The envelopes of the shared fixtures: every reference vector line and every reference message. */
export function seeds(): Json[] {
  const messages = fixtureJson<Json[]>("reference-messages.json");
  return [...referenceVectorLines().map((line) => JSON.parse(line) as Json), ...messages];
}

/** Every variation of every seed: the whole seed replaced by a few non-envelopes, and each member replaced or deleted. */
export function* variations(): Generator<{ value: Json; where: string }> {
  for (const seed of seeds()) {
    for (const path of [[], ...paths(seed)]) {
      for (const replacement of path.length === 0 ? [null, [], "x", {}] : REPLACEMENTS) {
        const value = path.length === 0 ? (replacement as Json) : replaced(seed, path, replacement);
        yield { value, where: `at ${path.join(".")} := ${JSON.stringify(replacement)}` };
      }
    }
  }
}

/**
 * Corpus paths and the `file://` URIs frames carry (spec §1.8 `uri`, `file`
 * provenance; §4.10: a host percent-decodes the path of an empty-authority
 * `file://` URI to re-read it).
 */

/**
 * Normalizes a corpus path (the path of a §1.8 `file:///` URI) to relative POSIX form: `\` becomes `/`, empty and
 * `.` segments go, `..` climbs. Undefined when the path climbs above the
 * corpus root or names nothing.
 *
 * @example normalizePath("./docs/../README.md") // "README.md"
 */
export function normalizePath(path: string): string | undefined {
  const out: string[] = [];
  for (const segment of path.replace(/\\/g, "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(segment);
  }
  return out.length === 0 ? undefined : out.join("/");
}

/** The directory part of a normalized path (`""` at the root), for resolving relative links (spec §1.8 Relation targets). */
export function directoryOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

/** Characters `encodeURIComponent` escapes that a URL path segment may carry as they are (`:` stays escaped: `c:` would read as a drive letter). */
const PATH_SAFE = /%(24|26|2B|2C|3B|3D|40)/g;

/**
 * The URI of a corpus document: `file:///` + its path relative to the corpus
 * root, each segment percent-encoded as UTF-8 (spaces, `#`, `?`, `%` and
 * non-ASCII included), so `new URL(uri)` parses it and percent-decoding its
 * path gives the corpus path back.
 *
 * @example fileUri("docs/my notes.md") // "file:///docs/my%20notes.md"
 */
export function fileUri(path: string): string {
  const encoded = path
    .split("/")
    .map((segment) => encodeURIComponent(segment).replace(PATH_SAFE, (escaped) => decodeURIComponent(escaped)))
    .join("/");
  return `file:///${encoded}`;
}

/**
 * Compares corpus paths by Unicode code point, which is UTF-8 byte order: the
 * order SQLite's BINARY collation gives, so both serving modes list documents
 * alike (spec §1.8 `uri`).
 */
export function comparePaths(a: string, b: string): number {
  if (a === b) return 0;
  const [x, y] = [[...a], [...b]];
  for (let i = 0; i < Math.min(x.length, y.length); i++)
    if (x[i] !== y[i]) return x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
  return x.length - y.length;
}

/** Heading slugs, the fragment part of a docs frame id (spec §1.8 `id`: stable across queries). */

/**
 * A heading's slug, as GitHub makes its anchors: lowercase, everything but
 * letters, marks, digits, spaces, `-` and `_` dropped, each space a `-`.
 * `section` when nothing is left.
 *
 * @example slugify("Verifying in a browser") // "verifying-in-a-browser"
 */
export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s/g, "-");
  return slug === "" ? "section" : slug;
}

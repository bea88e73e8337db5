/**
 * `isWithin`: the one path-containment rule of the Node adapters (file provenance re-reading, spec
 * §4.10; the corpus folder; the folders `inspect stdio --watch` lets go).
 */
import { isAbsolute, relative, sep } from "node:path";

/**
 * Whether `inner` is `outer` itself or a path under it, after resolving both:
 * `..` steps out, a name that only begins with `..` (`..notes`) does not, and a
 * path on another root (another drive) is outside.
 */
export function isWithin(outer: string, inner: string): boolean {
  const path = relative(outer, inner);
  return path === "" || (path !== ".." && !path.startsWith(`..${sep}`) && !isAbsolute(path));
}

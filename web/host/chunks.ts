/**
 * The host Worker's chunks, each a bundle of its own (scripts/build-web.ts
 * resolves the `playground:` names to their files): the conformance suites
 * and the tools (transcript import, composition). Each is imported once the
 * page has loaded (`warm`), or when first used, so the page's first load
 * carries neither and neither needs the network later. A chunk shares no
 * module instance with host.js: what crosses is plain data, and a `HostError`
 * it throws is known by its name (web/host/errors.ts).
 */
import type { Suite } from "./conformance.ts";
import type { HostTools } from "./tools.ts";

/** One chunk, imported once; a failed import is forgotten, so the next use tries again. */
function once<T>(load: () => Promise<{ default: unknown }>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().then(
      (module) => module.default as T,
      (error) => {
        loaded = undefined;
        throw error;
      },
    ));
}

/** The conformance suites (web/host/conformance-suite.ts). */
export const suiteChunk = once<Suite>(() => import("playground:conformance"));

/** The tools (web/host/tools.ts). */
export const toolsChunk = once<HostTools>(() => import("playground:host-tools"));

/** Loads both chunks ahead of their first use; a failure is left for that use to report. */
export async function warm(): Promise<null> {
  await Promise.allSettled([suiteChunk(), toolsChunk()]);
  return null;
}

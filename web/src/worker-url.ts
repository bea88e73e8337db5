/**
 * The page's only script-URL sink: starting its two Workers. The CSP requires
 * Trusted Types, so the URL goes through a policy that accepts exactly those
 * two files of this page's own origin and refuses anything else.
 */

const WORKERS = new Set(["host.js", "provider.js"]);

interface TrustedTypePolicyFactoryLike {
  createPolicy(
    name: string,
    rules: { createScriptURL(url: string): string },
  ): { createScriptURL(url: string): unknown };
}

const policy = (globalThis as { trustedTypes?: TrustedTypePolicyFactoryLike }).trustedTypes?.createPolicy("frameline", {
  createScriptURL(url) {
    const parsed = new URL(url);
    if (parsed.origin !== location.origin || !WORKERS.has(parsed.pathname.split("/").pop() ?? ""))
      throw new TypeError("refused a script URL that is not one of the playground's Workers");
    return url;
  },
});

/** Starts one of the playground's module Workers, by file name beside the page's script. */
export function startWorker(file: "host.js" | "provider.js", name: string): Worker {
  const url = new URL(`./${file}`, import.meta.url).href;
  return new Worker((policy ? policy.createScriptURL(url) : url) as string, { type: "module", name });
}

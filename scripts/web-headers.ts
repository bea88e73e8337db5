// The response headers every playground file is served with (web/dist/_headers; see docs/playground.md).
//
// The page lets a person type any provider URL, but a static page cannot widen its own policy at run time, so
// connect-src is fixed at build time: the page's own origin (the Worker's /contextgraph) and loopback (a
// provider on this machine: `frameline serve`, `wrangler dev`), plus whatever origins the deployer lists.
// A provider anywhere else is refused by the browser before any byte leaves, and the page says so.

/** Loopback sources: plaintext HTTP is allowed only there (C7), and only on these names. */
export const LOOPBACK_SOURCES = ["http://127.0.0.1:*", "http://localhost:*"] as const;

/** The headers of every file of the playground, by name. */
export function contentSecurityPolicy(connectSources: readonly string[]): Record<string, string> {
  for (const source of connectSources)
    if (!/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(source))
      throw new Error(`connect-src extras must be https origins, not ${JSON.stringify(source)}`);
  const policy = [
    "default-src 'none'",
    "script-src 'self'",
    "worker-src 'self'",
    `connect-src 'self' ${[...LOOPBACK_SOURCES, ...connectSources].join(" ")}`,
    "style-src 'self'",
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
    // The page's one script-URL sink (starting its Workers) goes through the policy "frameline"; no HTML sink exists.
    "trusted-types frameline",
  ];
  return {
    "Content-Security-Policy": policy.join("; "),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
}

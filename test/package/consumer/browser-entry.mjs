// The page's script, bundled by esbuild from the consumer folder: the web round trip, reported on window.
import { exportNames, roundTrip, WEB_SUBPATHS } from "./roundtrip-core.mjs";

// As every test page reports (test/support/browser/page-results.ts): `{ results }`, or `{ error }` when it threw.
roundTrip().then(
  (outcome) => (window.__frameline = { results: { exports: exportNames(WEB_SUBPATHS), ...outcome } }),
  (error) => (window.__frameline = { error: String(error?.stack ?? error) }),
);

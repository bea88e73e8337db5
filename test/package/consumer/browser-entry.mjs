// The page's script, bundled by esbuild from the consumer folder: the web round trip, reported on window.
import { exportNames, roundTrip, WEB_SUBPATHS } from "./roundtrip-core.mjs";

window.__consumer = roundTrip().then(
  (outcome) => ({ exports: exportNames(WEB_SUBPATHS), ...outcome }),
  (error) => ({ error: String(error?.stack ?? error) }),
);

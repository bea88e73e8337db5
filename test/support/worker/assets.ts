// The real Worker in workerd with the playground as its static assets, as `wrangler dev` runs it with
// wrangler.toml's [assets]: a request that names a file is answered by the assets (with web/dist/_headers),
// anything else reaches worker/index.ts. Listens on 127.0.0.1, on a free port.
import type { Miniflare } from "miniflare";
import type { WorkerBundle } from "./bundle.ts";
import { bundledWorker, startMiniflare } from "./http.ts";

/** Starts the bundled Worker with `assetsDir` as its assets; `url` is its origin. Dispose it in `after`. */
export function startWorkerWithAssets(
  bundle: WorkerBundle,
  assetsDir: string,
  bindings: Record<string, string>,
): Promise<{ mf: Miniflare; url: URL }> {
  return startMiniflare({
    ...bundledWorker(bundle),
    port: 0,
    bindings,
    assets: { directory: assetsDir, binding: "ASSETS", routerConfig: { has_user_worker: true } },
  });
}

// The playground as `npm start` serves it, for a file of browser tests: the real Worker (worker/index.ts) in
// workerd with the playground's build as its assets, on 127.0.0.1, signing with a fixed seed and allowing any
// origin; and Chromium. The Worker is bundled and the playground built once, side by side with the launch.
import type { Browser } from "playwright-core";
import { startWorkerWithAssets } from "../worker/assets.ts";
import { bundleWorker } from "../worker/bundle.ts";
import { launchChromium } from "./chromium.ts";
import { buildForTest } from "./playground.ts";

/** The seed the playground's Worker signs its answers with. */
export const WORKER_SEED = "6d".repeat(32);

/** A Worker started with the playground as its assets. */
export type AssetsWorker = Awaited<ReturnType<typeof startWorkerWithAssets>>;

/** What a file of tests against the Worker's playground shares (`workerPlayground`). */
export interface WorkerPlayground {
  readonly browser: Browser;
  /** The Worker's origin: the page at `/`, the provider at `/contextgraph`. */
  readonly origin: string;
  /** Starts another Worker of the same bundle and build, with these bindings; `close` disposes of it too. */
  startWorker(bindings: Record<string, string>): Promise<AssetsWorker>;
  /** Closes the browser, disposes of every Worker started, and removes the bundle and the build. */
  close(): Promise<void>;
}

/** Bundles the Worker, builds the playground and launches Chromium, then starts the Worker with its assets. */
export async function workerPlayground(): Promise<WorkerPlayground> {
  const [bundle, built, browser] = await Promise.all([bundleWorker(), buildForTest(), launchChromium()]);
  const workers: AssetsWorker[] = [];
  const startWorker = async (bindings: Record<string, string>) => {
    const worker = await startWorkerWithAssets(bundle, built.outDir, bindings);
    workers.push(worker);
    return worker;
  };
  const close = async () => {
    await browser.close();
    for (const worker of workers) await worker.mf.dispose();
    await bundle.cleanup();
    await built.cleanup();
  };
  try {
    const worker = await startWorker({ ATTESTATION_SEED: WORKER_SEED, ALLOWED_ORIGINS: "*" });
    return { browser, origin: worker.url.origin, startWorker, close };
  } catch (error) {
    await close();
    throw error;
  }
}

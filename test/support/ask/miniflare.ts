// The ask Worker and the docs Worker together in workerd (Miniflare, 127.0.0.1 only), joined by service
// bindings, with taps and a tamperer on some of the bindings: the setup of test/ask/worker.test.ts, the MCP
// test and bench/ask.ts.
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { Miniflare, WorkerOptions } from "miniflare";
import { bundleWorker, type WorkerBundle } from "../worker/bundle.ts";
import { bundledWorker, COMPATIBILITY_DATE, publicKeyOfSeed, startMiniflare } from "../worker/http.ts";
import { type AskBundle, bundleAskWorker } from "./bundle.ts";

/** The docs Worker's signing seed in these tests, its public key (node:crypto) and its key id (the Worker's default). */
export const DOCS_SEED = createHash("sha256").update("frameline ask worker test seed").digest("hex");
export const DOCS_PUBLIC_KEY = publicKeyOfSeed(DOCS_SEED);
export const DOCS_KEY_ID = `docs-${DOCS_PUBLIC_KEY.slice(0, 8)}`;
/** The docs Worker's key as a PROVIDERS entry pins it (`pinned_keys`). */
export const DOCS_PINNED_KEYS = [{ key_id: DOCS_KEY_ID, algorithm: "ed25519", public_key: DOCS_PUBLIC_KEY }];
/** A frame's attestation in an /ask answer when the docs Worker signed it under the pinned key. */
export const DOCS_PINNED_ATTESTATION = {
  state: "attested",
  key_id: DOCS_KEY_ID,
  unverified_attester_id: "docs",
  covers_content: true,
  anchor: "pinned",
};

const TAP = fileURLToPath(new URL("./tap-worker.mjs", import.meta.url));
const TAMPER = fileURLToPath(new URL("./tamper-worker.mjs", import.meta.url));

/** Both bundles, built once. */
export interface Bundles {
  readonly ask: AskBundle;
  readonly docs: WorkerBundle;
  cleanup(): Promise<void>;
}

export async function bundles(): Promise<Bundles> {
  const [ask, docs] = await Promise.all([bundleAskWorker(), bundleWorker()]);
  return { ask, docs, cleanup: async () => void (await Promise.all([ask.cleanup(), docs.cleanup()])) };
}

/**
 * An ask Worker named `name` with these bindings (PROVIDERS and the rest) and service bindings. Miniflare's
 * Workers share their caches as a zone's do, so each gets its own HANDSHAKE_CACHE_SCOPE unless it names one.
 */
export function askWorker(
  built: Bundles,
  name: string,
  bindings: Record<string, unknown>,
  serviceBindings: Record<string, string>,
  extra: Partial<WorkerOptions> = {},
): WorkerOptions {
  return {
    name,
    ...bundledWorker(built.ask),
    // The tests address the Worker as http://ask.test (and over 127.0.0.1): both are allowed hosts.
    bindings: {
      HANDSHAKE_CACHE_SCOPE: name,
      ALLOWED_HOSTS: "ask.test,127.0.0.1",
      ...bindings,
    } as WorkerOptions["bindings"],
    serviceBindings,
    ...extra,
  } as WorkerOptions;
}

/** The docs Worker, signing with DOCS_SEED, as `name` (default `docs`). */
export function docsWorker(built: Bundles, name = "docs"): WorkerOptions {
  return {
    name,
    ...bundledWorker(built.docs),
    bindings: { ATTESTATION_SEED: DOCS_SEED },
  };
}

/** A tap named `name` in front of `upstream`, holding each request `delayMs` first. */
export function tapWorker(name: string, upstream = "docs", delayMs = 0): WorkerOptions {
  return {
    name,
    modules: true,
    scriptPath: TAP,
    compatibilityDate: COMPATIBILITY_DATE,
    bindings: { DELAY_MS: String(delayMs) },
    serviceBindings: { UPSTREAM: upstream },
  };
}

/** The tamperer named `name` in front of `upstream`. */
export function tamperWorker(name: string, upstream = "docs"): WorkerOptions {
  return {
    name,
    modules: true,
    scriptPath: TAMPER,
    compatibilityDate: COMPATIBILITY_DATE,
    serviceBindings: { UPSTREAM: upstream },
  };
}

/** A provider entry of PROVIDERS reached through a service binding, with consent to egress unless `consent` is false. */
export function serviceProvider(name: string, binding: string, extra: Record<string, unknown> = {}) {
  return { name, service: binding, consent: { egress: true }, ...extra };
}

/** Starts the workers (the first is the entry); dispose it in `after`. */
export async function startWorkers(workers: WorkerOptions[]): Promise<Miniflare> {
  return (await startMiniflare({ workers })).mf;
}

/** POSTs a question to `/ask` of the ask Worker `name`; the status and the parsed body. */
export async function askOf(
  mf: Miniflare,
  name: string,
  body: unknown,
  headers = { "content-type": "application/json" },
) {
  const worker = await mf.getWorker(name);
  const response = await worker.fetch("http://ask.test/ask", {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as any };
}

/** What a tap has counted: envelopes by type. */
export async function tapCounts(mf: Miniflare, name: string): Promise<Record<string, number>> {
  const worker = await mf.getWorker(name);
  return ((await (await worker.fetch("http://tap.test/__tap")).json()) as { counts: Record<string, number> }).counts;
}

/** Takes a tap down (503 for everything) or back up. */
export async function setTap(mf: Miniflare, name: string, state: "down" | "up"): Promise<void> {
  const worker = await mf.getWorker(name);
  await (await worker.fetch(`http://tap.test/__${state}`, { method: "POST" })).arrayBuffer();
}

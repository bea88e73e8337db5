// Talking to the Worker in workerd through Miniflare, and independent re-computations the Worker
// tests compare its answers with (node:crypto and the files on disk, not the corpus code).
import { Buffer } from "node:buffer";
import { createHash, createPrivateKey, createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Miniflare, type MiniflareOptions } from "miniflare";
import type { WorkerBundle } from "./bundle.ts";

/** The endpoint the Worker serves CGP on. */
export const ENDPOINT = "http://localhost/contextgraph";

/** The compatibility date of every Worker started here (wrangler.toml's). */
export const COMPATIBILITY_DATE = "2026-05-01";

/** Miniflare's options for a bundled ES module Worker (`bundle.scriptPath` in `bundle.dir`). */
export function bundledWorker(bundle: Pick<WorkerBundle, "dir" | "scriptPath">) {
  return {
    modules: true,
    scriptPath: bundle.scriptPath,
    // Without it, workerd names the module by its path relative to the cwd (../../tmp/…) and refuses to start.
    modulesRoot: bundle.dir,
    compatibilityDate: COMPATIBILITY_DATE,
  } as const;
}

/** Starts Miniflare with `options` on 127.0.0.1 only, once ready (`url`: its origin); disposed if it fails to start. */
export async function startMiniflare(options: MiniflareOptions): Promise<{ mf: Miniflare; url: URL }> {
  const mf = new Miniflare({ ...options, host: "127.0.0.1" });
  try {
    return { mf, url: await mf.ready };
  } catch (error) {
    await mf.dispose();
    throw error;
  }
}

/** Starts the bundled Worker in workerd, listening on 127.0.0.1 only. Dispose it in `after`. */
export async function startWorker(
  bundle: Pick<WorkerBundle, "dir" | "scriptPath">,
  bindings: Record<string, string>,
): Promise<Miniflare> {
  return (await startMiniflare({ ...bundledWorker(bundle), bindings })).mf;
}

/** The answer to one POST: status, headers, raw body and the body parsed as JSON (undefined when empty). */
export interface Exchange {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly text: string;
  readonly json: any;
}

/** POSTs `body` (an object is sent as its JSON) to /contextgraph as application/json unless `headers` say otherwise. */
export async function post(
  mf: Miniflare,
  body: unknown,
  headers: Record<string, string> = { "content-type": "application/json" },
): Promise<Exchange> {
  const response = await mf.dispatchFetch(ENDPOINT, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text === "" ? undefined : JSON.parse(text) };
}

/** The lowercase hex SHA-256 of some bytes, as a `sha256:` digest. */
export function sha256Digest(bytes: Uint8Array | string): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}

/** B3 computed here: ceil(UTF-8 bytes / 4). */
export function expectedCost(content: string | undefined): number {
  return content === undefined ? 0 : Math.ceil(Buffer.byteLength(content, "utf8") / 4);
}

/** The raw Ed25519 public key (lowercase hex) of a 32-byte seed, by node:crypto (RFC 8410 PKCS#8). */
export function publicKeyOfSeed(seedHex: string): string {
  const der = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), Buffer.from(seedHex, "hex")]);
  const jwk = createPublicKey(createPrivateKey({ key: der, format: "der", type: "pkcs8" })).export({ format: "jwk" });
  return Buffer.from(jwk.x ?? "", "base64url").toString("hex");
}

/**
 * The bytes a `file` provenance link names (spec §1.8, §1.14): `file:///<path>` under `root`,
 * lines split on LF only (each with its LF), `L<a>` or `L<a>-<b>` 1-based inclusive, an end past
 * EOF clamped. Throws for anything else, so a malformed link fails the test that reads it.
 */
export function addressedBytes(root: string, uri: string, range: string | undefined): Buffer {
  if (!uri.startsWith("file:///")) throw new Error(`not a file:/// uri: ${uri}`);
  const bytes = readFileSync(join(root, ...decodeURIComponent(uri.slice("file:///".length)).split("/")));
  if (range === undefined) return bytes;
  const match = /^L([1-9][0-9]*)(?:-([1-9][0-9]*))?$/.exec(range);
  if (!match) throw new Error(`malformed range ${range}`);
  const start = Number(match[1]);
  const end = match[2] === undefined ? start : Number(match[2]);
  const lines: Buffer[] = [];
  let from = 0;
  while (from < bytes.length) {
    const lf = bytes.indexOf(0x0a, from);
    const to = lf === -1 ? bytes.length : lf + 1;
    lines.push(bytes.subarray(from, to));
    from = to;
  }
  if (end < start || start > lines.length)
    throw new Error(`unreadable range ${range} of ${uri} (${lines.length} lines)`);
  return Buffer.concat(lines.slice(start - 1, Math.min(end, lines.length)));
}

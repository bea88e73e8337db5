/**
 * How big a Worker bundling a corpus would be, gzipped, against the Workers plans' script size limits
 * (3 MiB gzipped on the free plan, 10 MiB on a paid one): the corpus module is gzipped as wrangler
 * measures an upload (zlib's default level), and the Worker's own code is counted as a fixed allowance.
 * Past a limit, `frameline index` warns and names `--d1`, which keeps the corpus in D1 instead (spec §1.8).
 */
import { gzipSync } from "node:zlib";

const MIB = 1024 * 1024;

/** The Workers plans' limits on a script's gzipped size: the free plan's, and a paid plan's. */
const FREE_PLAN_GZIP_BYTES = 3 * MIB;
const PAID_PLAN_GZIP_BYTES = 10 * MIB;

/**
 * What the Worker's own code (frameline's provider, hono, the template's few lines) adds, gzipped. The
 * init template's Worker measures 72 KiB with wrangler 4.86; test/package holds this estimate to
 * wrangler's own figure for the init project.
 */
const WORKER_CODE_GZIP_BYTES = 128 * 1024;

/** The corpus module's text gzipped as wrangler measures an upload (zlib's default level), in bytes. */
export function gzipBytes(text: string): number {
  return gzipSync(text).length;
}

/** The whole Worker gzipped, estimated from its corpus module's gzipped size and the code's allowance. */
export function workerGzipEstimate(corpusGzipBytes: number): number {
  return corpusGzipBytes + WORKER_CODE_GZIP_BYTES;
}

const mib = (bytes: number, digits: number) => `${(bytes / MIB).toFixed(digits)} MiB`;

/** The warning for a Worker past a plan's limit (naming `--d1`), or undefined when it fits the free plan. */
export function sizeWarning(workerGzipBytes: number): string | undefined {
  const about = `the Worker would be about ${mib(workerGzipBytes, 1)} gzipped with this corpus`;
  const instead = "keep the corpus in a D1 database instead: frameline index DIR --d1 DATABASE";
  if (workerGzipBytes > PAID_PLAN_GZIP_BYTES)
    return `${about}, past the ${mib(PAID_PLAN_GZIP_BYTES, 0)} limit of a paid Workers plan: ${instead}`;
  if (workerGzipBytes > FREE_PLAN_GZIP_BYTES)
    return `${about}, past the ${mib(FREE_PLAN_GZIP_BYTES, 0)} limit of the Workers free plan (${mib(PAID_PLAN_GZIP_BYTES, 0)} on a paid plan): ${instead}`;
  return undefined;
}

/** Options of `runConformance` (spec §5.1), with the reference host's bounds as defaults (spec §4.2–§4.4). */
import type { FileSource } from "../host/sessions/file-provenance.ts";
import type { LinkLimits } from "./link/link.ts";
import type { ProgressEvent } from "./report.ts";

/** How a run is driven. Every bound defaults to the reference host's. */
export interface ConformanceOptions {
  /** The probe query's goal (and query text); default the reference probe (spec §1.6). */
  readonly query?: string;
  /** Bound on each handshake (default 10 s). */
  readonly handshakeTimeoutMs?: number;
  /** Bound on each other request (default 30 s). */
  readonly requestTimeoutMs?: number;
  /** How long a provider gets to end after `shutdown` before it is ended (default 2 s). */
  readonly closeGraceMs?: number;
  /** Longest line accepted from a stream provider (default 16 MiB). */
  readonly maxLineBytes?: number;
  /** Stops the run: every connection is ended and `runConformance` rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Called once as each check starts and once as it finishes, in report order. */
  readonly onProgress?: (event: ProgressEvent) => void;
  /**
   * Where `file://` provenance can be re-read (spec §4.10), e.g. `frameline/node`'s
   * `fileSource()`; without one, `provenance-fixture-consistency` is skipped.
   */
  readonly files?: FileSource;
}

/** The options with every default filled in; the bounds every link works under among them. */
export interface ResolvedOptions extends LinkLimits {
  readonly goal: string | undefined;
  readonly handshakeTimeoutMs: number;
  readonly onProgress: ((event: ProgressEvent) => void) | undefined;
  readonly files: FileSource | undefined;
}

/** Fills in the defaults: 10 s handshake, 30 s per request, 2 s grace, 16 MiB lines (spec §4.2–§4.4). */
export function resolveOptions(options: ConformanceOptions): ResolvedOptions {
  return {
    goal: options.query,
    handshakeTimeoutMs: options.handshakeTimeoutMs ?? 10_000,
    requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
    closeGraceMs: options.closeGraceMs ?? 2_000,
    maxLineBytes: options.maxLineBytes ?? 16 * 1024 * 1024,
    signal: options.signal,
    onProgress: options.onProgress,
    files: options.files,
  };
}

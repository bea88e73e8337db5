/** What one host-side check is (spec §5.3, §5.4), and what it runs with. */
import type { FileSource } from "../../host/sessions/file-provenance.ts";
import type { Transport } from "../../host/transports/transport.ts";
import type { LegResult } from "../../host/multi-provider/leg.ts";
import type { Verdict } from "../checks/check.ts";
import type { HostSession, HostUnderTest } from "./host-under-test.ts";

/** What the host checks run with. */
export interface HostContext {
  readonly host: HostUnderTest;
  /** How long a scenario may take before it counts as a hang. */
  readonly timeoutMs: number;
  /** A provider that dies when it is queried (a stdio child in Node); default an in-memory one. */
  readonly crashingProvider: (() => Promise<Transport>) | undefined;
  /** The trusted local files of `host-provenance-bytes`, as a source (real files in Node); default in memory. */
  readonly fixtureFiles: ((files: Readonly<Record<string, Uint8Array>>) => Promise<FileSource>) | undefined;
}

/** One check of spec §5.3 or §5.4. */
export interface HostCheck {
  readonly name: string;
  /** The requirement it holds the host to. */
  readonly anchor: string;
  run(context: HostContext): Promise<Verdict>;
}

/** Runs `scenario` on a fresh session, always closing it. */
export async function inSession<T>(context: HostContext, scenario: (session: HostSession) => Promise<T>): Promise<T> {
  const session = context.host.open();
  try {
    return await scenario(session);
  } finally {
    await session.close();
  }
}

/** The leg of `provider` in a fan-out. */
export function legOf(legs: readonly LegResult[], provider: string): LegResult | undefined {
  return legs.find((leg) => leg.provider === provider);
}

/** A leg's outcome in a few words. */
export function legText(leg: LegResult | undefined): string {
  if (!leg) return "no leg at all";
  if (leg.outcome === "frames") return `frames (${leg.frames.length})`;
  if (leg.outcome === "failed") return `failed (${leg.error.kind})`;
  return leg.outcome;
}

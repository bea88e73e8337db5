/**
 * `host-crash-isolation` (spec §5.3): a provider dying mid-query makes its
 * leg `provider_crashed`, while a healthy provider queried at the same time
 * still returns its frames; nothing hangs.
 */
import type { Transport } from "../../../host/transports/transport.ts";
import { fail, pass } from "../../checks/check.ts";
import { within } from "../../link/link.ts";
import { type HostCheck, inSession, legOf, legText } from "../host-check.ts";
import { honestFrame, scriptedProvider } from "../scripted.ts";

const HUNG = Symbol("hung");

/** An in-memory provider that ends its output when queried, for runtimes without child processes. */
function dyingInMemory(): Promise<Transport> {
  return Promise.resolve(scriptedProvider({ name: "dying", answer: () => "crash" }).transport);
}

/** `host-crash-isolation` (spec §5.3). */
export const hostCrashIsolation: HostCheck = {
  name: "host-crash-isolation",
  anchor: "crash consistency",
  run: (context) =>
    inSession(context, async (session) => {
      const healthy = scriptedProvider({ name: "healthy", answer: () => [honestFrame("healthy-a", "still here")] });
      await session.add("dying", await (context.crashingProvider ?? dyingInMemory)());
      await session.add("healthy", healthy.transport);
      const legs = await within(
        session.queryAll({ goal: "crash", max_frames: 4, max_tokens: 400 }),
        context.timeoutMs,
        HUNG,
      );
      if (legs === HUNG) return fail(`the fan-out did not finish within ${context.timeoutMs} ms`);
      const [dying, kept] = [legOf(legs, "dying"), legOf(legs, "healthy")];
      const evidence = `dying provider: ${legText(dying)}; healthy provider: ${legText(kept)}`;
      const isolated = dying?.outcome === "failed" && dying.error.kind === "provider_crashed";
      return isolated && kept?.outcome === "frames" && kept.frames.length === 1
        ? pass(evidence)
        : fail(`${evidence} (expected failed (provider_crashed), and frames (1))`);
    }),
};

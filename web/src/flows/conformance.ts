/**
 * Running conformance (spec §5.1, §5.3, §5.4) from the panel: the provider
 * suite against the provider chosen in the connect form, connected or not (one
 * that fails its handshake can be inspected too), or the host suite.
 */
import { conformancePanel } from "../chunks.ts";
import { provider } from "../workers.ts";
import { handshakeTimeoutMs, readTarget } from "./connect.ts";

/** Runs the provider suite against the target in the connect form. */
export async function runProviderSuite(): Promise<void> {
  const target = readTarget();
  // Its sessions go over the host's link to the provider's Worker: one that cannot start fails the handshake check.
  if (target.kind === "in-page") await provider.start().catch(() => undefined);
  await (await conformancePanel()).run({ suite: "provider", target, handshakeTimeoutMs: handshakeTimeoutMs() });
}

/** Runs the host and composition suites against this page's own host. */
export async function runHostSuite(): Promise<void> {
  await (await conformancePanel()).run({ suite: "host" });
}

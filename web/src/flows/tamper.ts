/**
 * The tamper desk of the in-page provider: one frame of the next answer
 * corrupted after signing, then asked again, so exactly that frame fails its
 * check; and stopping the provider, as a crash would.
 */
import { announce } from "../announce.ts";
import { byId, fill } from "../dom.ts";
import { tamperChoice } from "../panels/tamper.ts";
import { provider } from "../workers.ts";
import { runQuery } from "./query.ts";

/** Arms the chosen corruption and runs the query again. */
export async function tamper(): Promise<void> {
  const { frameId, kind } = tamperChoice();
  provider.tamper(frameId, kind);
  await runQuery();
}

/** Stops the provider's Worker: the host is told, and every request fails at once. */
export function crash(): void {
  provider.crash();
  fill(byId("in-page-state"), "Stopped: connecting starts it again.");
  announce("The in-page provider was stopped.");
}

/**
 * The page's two Workers (docs/playground.md): the host (web/host), started
 * with the page, and the in-page provider (web/provider), started once the
 * page has loaded or when chosen. Each provider Worker's link goes to the host
 * as it starts, and the host hears when it dies; main.ts routes the host's
 * other events.
 */
import { isolated } from "../shared/visible.ts";
import { announce } from "./announce.ts";
import { InPageProvider } from "./in-page.ts";
import { HostClient } from "./rpc.ts";
import { page } from "./state.ts";

/** The host Worker: every connection, consent gate and signature check. */
export const host = new HostClient({ consent: page.consent });

/** The in-page provider's Worker. */
export const provider = new InPageProvider(
  (event) => {
    if (event.type === "tampered")
      announce(`The in-page provider corrupted frame ${isolated(event.frameId)} (${event.kind}) after signing.`);
  },
  () => void host.call("providerGone", {}),
  (port) => void host.call("link", { port }, [port]),
);

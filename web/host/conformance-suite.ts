/**
 * The conformance chunk (`chunks/conformance-*.js`): the provider suite
 * (spec §5.1, `frameline/conformance`) with the transports it needs, bundled
 * on its own by scripts/build-web.ts and imported by the host Worker on the
 * first run only, so the page's first load does not carry it. Self-contained:
 * it shares no module instance with host.js, so everything a run needs is
 * built here from plain data (a `Target`, a `MessagePort`).
 */
import { PROVIDER_CHECK_NAMES, runConformance, type StreamPeer } from "../../src/conformance/index.ts";
import { Credential, messagePortStreams } from "../../src/host/index.ts";
import type { ConformanceRequest, Suite } from "./conformance.ts";

/** The report's name for the in-page provider (a stream target: the wire-level probes run too). */
export const IN_PAGE_LABEL = "the in-page provider (a Web Worker of this page)";

/** A session of the in-page provider over `port`; terminating it ends the provider's input first. */
function inPagePeer(port: MessagePort, peers: Set<() => void>): StreamPeer {
  const streams = messagePortStreams(port);
  peers.add(streams.end);
  return {
    readable: streams.readable,
    writable: streams.writable,
    terminate: () => {
      // A closed port tells its peer nothing, so the provider's input is ended first: its session ends too.
      port.postMessage(null);
      streams.end();
      port.close();
      peers.delete(streams.end);
    },
  };
}

/** Runs the provider suite against the page's target (spec §5.1), as `ConformanceRequest` describes. */
function runSuite(request: ConformanceRequest) {
  const { target, handshakeTimeoutMs, signal, onProgress, openPort, peers } = request;
  return runConformance(
    target.kind === "http"
      ? { kind: "http", url: target.url, ...(target.token ? { credential: new Credential(target.token) } : {}) }
      : { kind: "stream", label: IN_PAGE_LABEL, open: async () => inPagePeer(openPort(), peers) },
    { handshakeTimeoutMs, signal, onProgress },
  );
}

/** The chunk's one export. */
export default { PROVIDER_CHECK_NAMES, runSuite } satisfies Suite;

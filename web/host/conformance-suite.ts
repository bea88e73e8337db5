/**
 * The conformance chunk (`chunks/conformance-suite-*.js`): the provider and
 * host suites (spec §5.1, §5.3, §5.4; `frameline/conformance`), bundled
 * on its own by scripts/build-web.ts and imported by the host Worker once the
 * page has loaded (web/host/chunks.ts), so the page's first load does not carry it. Self-contained:
 * it shares no module instance with host.js, so everything a run needs is
 * built here from plain data (a `Target`, a `MessagePort`).
 */
import {
  HOST_CHECK_NAMES,
  PROVIDER_CHECK_NAMES,
  runConformance,
  runHostConformance,
  type StreamPeer,
} from "../../src/conformance/index.ts";
import { Credential, messagePortStreams } from "../../src/host/index.ts";
import type { ConformanceRequest, Suite } from "./conformance.ts";

/** The report's name for the in-page provider (a stream target: the wire-level probes run too). */
export const IN_PAGE_LABEL = "the in-page provider (a Web Worker of this page)";

/**
 * A session of the in-page provider over `port`, held in `peers` until it ends: by the suite (which ends
 * the provider's input first), or because the provider's Worker died (the host calls each entry).
 */
function inPagePeer(port: MessagePort, peers: Set<() => void>): StreamPeer {
  const streams = messagePortStreams(port);
  const end = () => {
    streams.end();
    port.close();
    peers.delete(end);
  };
  peers.add(end);
  return {
    readable: streams.readable,
    writable: streams.writable,
    terminate: () => {
      // A closed port tells its peer nothing, so the provider's input is ended first: its session ends too.
      port.postMessage(null);
      end();
    },
  };
}

/**
 * Runs the suite `request` names: the provider checks against the page's target (spec §5.1), or the host
 * and composition checks against frameline's own host (spec §5.3, §5.4), then frameline's extensions
 * (reported under `extensions`, their progress events marked `extension`).
 */
function runSuite(request: ConformanceRequest) {
  const { signal, onProgress } = request;
  if (request.suite === "host") return runHostConformance(undefined, { signal, onProgress });
  const { target, handshakeTimeoutMs, openPort, peers } = request;
  return runConformance(
    target.kind === "http"
      ? { kind: "http", url: target.url, ...(target.token ? { credential: new Credential(target.token) } : {}) }
      : { kind: "stream", label: IN_PAGE_LABEL, open: async () => inPagePeer(openPort(), peers) },
    { handshakeTimeoutMs, signal, onProgress },
  );
}

/** What the host Worker uses of the chunk (`Suite`). */
export default { PROVIDER_CHECK_NAMES, HOST_CHECK_NAMES, runSuite } satisfies Suite;

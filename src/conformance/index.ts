/**
 * `frameline/conformance`: "CGP conformant" as a claim anyone can check (spec §5). `runConformance`
 * runs the 14 provider checks against an HTTP URL, a stream pair or an in-page provider, then over
 * HTTP frameline's own extension (`PROVIDER_EXTENSION_NAMES`: signatures and content binding);
 * `runHostConformance` the 9 host and 4 composition checks against a host, then frameline's own
 * extensions (`HOST_EXTENSION_NAMES`, reported apart under `extensions`). Both return the
 * reference inspector's JSON report, and run in Node, workerd and browsers.
 */
export type { CheckResult, CheckStatus, ConformanceReport, ProgressEvent } from "./report.ts";
export { extensionsPassed, passed } from "./report.ts";
export type { ConformanceOptions } from "./options.ts";
export type { ConformanceTarget, HttpTarget, InPageTarget, PeerEnd, StreamPeer, StreamTarget } from "./target.ts";
export { runConformance } from "./run.ts";
export { PROVIDER_CHECK_NAMES } from "./checks/index.ts";
export { PROVIDER_EXTENSION_NAMES } from "./provider-extensions.ts";
export { PROBE_QUERY } from "./probe.ts";
export { type HostSession, type HostUnderTest, framelineHost, offeredFrom } from "./host/host-under-test.ts";
export { HOST_CHECK_NAMES, type HostConformanceOptions, runHostConformance } from "./host/run-host.ts";
export { HOST_EXTENSION_NAMES } from "./host/extensions.ts";

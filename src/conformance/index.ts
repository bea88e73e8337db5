/**
 * `frameline/conformance`: "CGP conformant" as a claim anyone can check (spec §5). `runConformance`
 * runs the 14 provider checks against an HTTP URL, a stream pair or an in-page provider;
 * `runHostConformance` the 9 host and 4 composition checks against a host. Both return the
 * reference inspector's JSON report, and run in Node, workerd and browsers.
 */
export type { CheckResult, CheckStatus, ConformanceReport, ProgressEvent } from "./report.ts";
export { passed } from "./report.ts";
export type { ConformanceOptions } from "./options.ts";
export type { ConformanceTarget, HttpTarget, InPageTarget, PeerEnd, StreamPeer, StreamTarget } from "./target.ts";
export { runConformance } from "./run.ts";
export { PROVIDER_CHECK_NAMES } from "./checks/index.ts";
export { PROBE_QUERY } from "./probe.ts";
export { type HostSession, type HostUnderTest, framelineHost, offeredFrom } from "./host/host-under-test.ts";
export { HOST_CHECK_NAMES, type HostConformanceOptions, runHostConformance } from "./host/run-host.ts";

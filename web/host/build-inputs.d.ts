// The host Worker's conformance chunk (web/host/conformance-suite.ts, bundled on its own by scripts/build-web.ts,
// which resolves this name to the chunk's file): typed where it is used, as `Suite` (web/host/conformance.ts).
declare module "playground:conformance";
// The host Worker's tools chunk (web/host/tools.ts), the same way: typed where it is used, as `HostTools`.
declare module "playground:host-tools";

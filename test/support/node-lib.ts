// The Node part of the library for the repo's own tests: src/node's entry point, kept out of lib.ts
// because pages bundled for Chromium import lib.ts.
export * from "../../src/node/index.ts";
export { sizeWarning } from "../../src/node/bundle-size.ts";
export { isCheckout, isRegistryRelease } from "../../src/node/frameline-dependency.ts";
export { fetchListener } from "../../src/node/http-bridge.ts";
export { indexCommand } from "../../src/node/index-command.ts";
export { finish, type InspectOutput, progress } from "../../src/node/inspect-output.ts";
export { isWithin } from "../../src/node/path-within.ts";

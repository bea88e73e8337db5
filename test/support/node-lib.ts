// The Node part of the library for the repo's own tests: src/node's entry point, kept out of lib.ts
// because pages bundled for Chromium import lib.ts.
export * from "../../src/node/index.ts";

/**
 * frameline: the Context Graph Protocol (contextgraph/1) on web standards.
 * The package root re-exports the public API of every layer.
 */
export * from "./protocol/index.ts";
export * from "./wire/index.ts";
export * from "./attest/index.ts";
export * from "./provider/index.ts";
export * from "./host/index.ts";

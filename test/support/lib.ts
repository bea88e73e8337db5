// The whole library for the repo's own tests: every layer's public entry point, plus the internals
// that tests check directly (a consumer gets only the entry points; see etc/api.md).
export * from "../../src/protocol/index.ts";
export * from "../../src/wire/index.ts";
export * from "../../src/attest/index.ts";
export * from "../../src/provider/index.ts";
export * from "../../src/host/index.ts";
export { formatF32 } from "../../src/protocol/float.ts";
export { describeIssues, type ShapeIssue } from "../../src/protocol/shape-issues.ts";
export { type ParseResult, parseShape } from "../../src/protocol/parse.ts";
export { violation } from "../../src/protocol/checks/violation.ts";
export { utf8ByteLength } from "../../src/protocol/checks/budget.ts";
export { merkleTree, proofSides } from "../../src/attest/merkle.ts";
export { undecodableReply } from "../../src/provider/exchange.ts";
export { packFrames } from "../../src/provider/pack.ts";
export { matchesKinds, validAt } from "../../src/provider/filters.ts";
export { verdictsFor } from "../../src/provider/verify.ts";
export { prepareQuery } from "../../src/host/prepare-query.ts";
export { escapeAttribute, neutralizeFences } from "../../src/host/compose/fence.ts";
export { citeLabel } from "../../src/host/compose/block.ts";
export { byScoreDescending } from "../../src/host/compose/ranking.ts";
export { placeEdgesFirst } from "../../src/host/compose/placement.ts";

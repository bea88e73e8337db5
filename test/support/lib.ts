// The whole library for the repo's own tests: every layer's public entry point, plus the internals
// that tests check directly (a consumer gets only the entry points; see etc/api.md). Tests import from
// here, never from src/ directly, so a file moved in src/ changes one line here. It stays free of Node
// built-ins (pages bundled for Chromium import it): src/node is test/support/node-lib.ts.
export * from "../../src/protocol/index.ts";
export * from "../../src/wire/index.ts";
export * from "../../src/attest/index.ts";
export * from "../../src/provider/index.ts";
export * from "../../src/host/index.ts";
export * from "../../src/docs-provider/index.ts";
export * from "../../src/conformance/index.ts";
export * from "../../src/misbehave/index.ts";
export { formatF32 } from "../../src/protocol/float.ts";
export { describeIssues, type ShapeIssue } from "../../src/protocol/shape-issues.ts";
export { type ParseResult, parseShape } from "../../src/protocol/parse.ts";
export { violation } from "../../src/protocol/checks/violation.ts";
export { budgetSplit, checkFrameLimit, checkTokenLimit, utf8ByteLength } from "../../src/protocol/checks/budget.ts";
export { checkGoal } from "../../src/protocol/checks/goal.ts";
export { readContextQuery, readEnvelope } from "../../src/protocol/readers.generated.ts";
export { ShapeFailure } from "../../src/protocol/shape-failure.ts";
export { type LineSink, LineSplitter } from "../../src/wire/line-splitter.ts";
export { repeatsNoName } from "../../src/wire/member-count.ts";
export { isAcceptablePublicKey, isCanonicalSignature } from "../../src/attest/ed25519-strict.ts";
export { combineStates, evidenceState } from "../../src/attest/attestation-state.ts";
export { concatBytes, equalBytes } from "../../src/attest/bytes.ts";
export { merkleTree, proofSides } from "../../src/attest/merkle.ts";
export { encodeReply, receive, undecodableReply } from "../../src/provider/exchange.ts";
export { packFrames } from "../../src/provider/pack.ts";
export { matchesKinds, validAt } from "../../src/provider/filters.ts";
export { verdictsFor } from "../../src/provider/verify.ts";
export { prepareQuery } from "../../src/host/connection/prepare-query.ts";
export { escapeAttribute, neutralizeFences } from "../../src/host/compose/fence.ts";
export { citeLabel } from "../../src/host/compose/block.ts";
export { byScoreDescending } from "../../src/host/compose/ranking.ts";
export { placeEdgesFirst } from "../../src/host/compose/placement.ts";
export { reflectionScrubber } from "../../src/host/transports/scrub.ts";
export { scrubStrings } from "../../src/host/transports/scrub-strings.ts";
export { readLimited } from "../../src/host/transports/read-limited.ts";
export { joinRevalidations, partitionByVerdicts } from "../../src/host/multi-provider/revalidate.ts";
export { settlesWithin } from "../../src/host/connection/exchange/end.ts";
export { Lock } from "../../src/host/connection/lock.ts";
export { asHostError } from "../../src/host/host-error.ts";
export { PendingTable, type Waiter } from "../../src/host/connection/pending.ts";
export {
  d1Update,
  MAX_CHUNK_TEXT,
  type Statement,
  STORED_DOCUMENTS,
  TEXT_PIECE,
} from "../../src/docs-provider/d1/write.ts";
export { sqlLiteral, statementText } from "../../src/docs-provider/d1/sql-text.ts";
export { d1Store } from "../../src/docs-provider/d1/store.ts";
export { MAX_ANCHORS } from "../../src/docs-provider/select.ts";
export { resolveLink } from "../../src/docs-provider/links.ts";
export { fileUri } from "../../src/docs-provider/paths.ts";
export { splitLines } from "../../src/docs-provider/lines.ts";
export { loadSearchIndex, SEARCH_INDEX_FORMAT } from "../../src/docs-provider/search-index.ts";
export { phraseTerms, queryTerms, searchTerms } from "../../src/docs-provider/terms.ts";
export { absoluteScore, evidence, PREFIX_CREDIT, PROXIMITY_SHARE, termWeight } from "../../src/docs-provider/score.ts";
export { quote } from "../../src/conformance/evidence.ts";
// In src/node beside the CLI that serves it, but on web streams only: the Worker page in Chromium runs it.
export { serveMisbehaving } from "../../src/node/serve-misbehaving.ts";

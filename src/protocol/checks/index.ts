/** Requirement checks shared by provider, host and conformance (spec §2). */
export { type Violation, violation } from "./violation.ts";
export { checkFrame, type FrameContext } from "./frame.ts";
export {
  budgetTokens,
  canonicalTotalCost,
  checkBudget,
  checkTokenCost,
  dishonestCostFrameIds,
  respectsBudget,
  respectsFrameLimit,
  totalDeclaredCost,
  utf8ByteLength,
} from "./budget.ts";
export { checkKinds } from "./kinds.ts";
export { checkQuery } from "./query.ts";
export { checkHandshakeAck } from "./handshake.ts";

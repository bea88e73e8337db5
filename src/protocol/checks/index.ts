/** Requirement checks shared by provider, host and conformance (spec §2). */
export type { Violation } from "./violation.ts";
export { checkFrame, type FrameContext } from "./frame.ts";
export {
  budgetSplit,
  budgetTokens,
  canonicalTotalCost,
  checkBudget,
  checkFrameLimit,
  checkTokenCost,
  checkTokenLimit,
  dishonestCostFrameIds,
  respectsBudget,
  respectsFrameLimit,
  totalDeclaredCost,
} from "./budget.ts";
export { checkGoal } from "./goal.ts";
export { checkKinds } from "./kinds.ts";
export { checkQuery } from "./query.ts";
export { checkHandshakeAck } from "./handshake.ts";

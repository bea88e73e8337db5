/** Model tokens to budget tokens (spec §2.7, protocol §7.2). */

/** The reference's suggested safety factor between model tokens and budget tokens (spec §2.7). */
export const DEFAULT_SAFETY_FACTOR = 1.35;

/**
 * The budget-token budget for a model-token budget (spec §2.7, protocol §7.2):
 * `floor(modelTokens / safetyFactor)`; a factor ≤ 0 is the identity. A budget
 * token is an accounting unit (`ceil(bytes / 4)`), not a model token.
 *
 * @example budgetTokensForModel(1000) // 740
 */
export function budgetTokensForModel(modelTokens: number, safetyFactor: number = DEFAULT_SAFETY_FACTOR): number {
  return Math.floor(safetyFactor > 0 ? modelTokens / safetyFactor : modelTokens);
}

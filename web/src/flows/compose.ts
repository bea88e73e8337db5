/** Composing a prompt from the answer on the page within a budget (spec §4.8), with its audit. */
import { announce, busy } from "../announce.ts";
import { byId, input } from "../dom.ts";
import { renderCompose } from "../panels/compose.ts";
import { page } from "../state.ts";
import { host } from "../workers.ts";

/** Composes the answer on the page within the budget in the form. */
export async function compose(): Promise<void> {
  const answer = page.answer?.answer;
  if (answer === undefined) throw new RangeError("run a query first");
  const budgetTokens = Number(input("compose-budget").value);
  if (!Number.isInteger(budgetTokens) || budgetTokens < 0) throw new RangeError("the budget must be a whole number");
  const view = await busy(byId("compose"), "Composing…", () => host.call("compose", { answer, budgetTokens }));
  renderCompose(view);
  announce(`Composed: ${view.tokensUsed} of ${view.globalBudget} budget tokens.`);
}

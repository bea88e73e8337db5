/**
 * Opening a query link (web/src/fragment.ts): the forms filled from it, and,
 * when it names a goal, the provider connected (unless it is the one connected
 * now) and the query run.
 */
import { input } from "../dom.ts";
import type { SharedState } from "../fragment.ts";
import { writeQuery } from "../panels/query.ts";
import { page } from "../state.ts";
import { connect, providerParam, syncMode } from "./connect.ts";
import { runQuery } from "./query.ts";

/** Applies a link's state to the page. */
export async function apply(shared: SharedState): Promise<void> {
  if (shared.provider) {
    const inPage = shared.provider === "in-page";
    for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="mode"]'))
      radio.checked = radio.value === (inPage ? "in-page" : "url");
    if (!inPage) input("provider-url").value = shared.provider;
    syncMode();
  }
  if (!shared.query?.goal) return writeQuery(shared.query ?? {});
  const sameProvider = page.target && shared.provider && providerParam(page.target) === shared.provider;
  if (!sameProvider) await connect();
  writeQuery(shared.query);
  await runQuery();
}

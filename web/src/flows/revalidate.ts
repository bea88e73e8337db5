/** Revalidating the latest live answer with the provider (spec §4.7, V1–V4): a verdict per frame. */
import { announce, busy } from "../announce.ts";
import { byId } from "../dom.ts";
import { renderRevalidation } from "../panels/revalidate.ts";
import { host } from "../workers.ts";

/** Asks the provider about every frame of the latest live answer. */
export async function revalidate(): Promise<void> {
  const verdicts = await busy(byId("revalidate"), "Revalidating…", () => host.call("verify", {}));
  renderRevalidation(verdicts);
  announce(
    `Revalidated ${verdicts.length} frames; ${verdicts.filter((v) => v.status === "valid").length} still valid.`,
  );
}

/** Revalidation (spec §4.7, V1–V4): each frame's verdict in words, on the list and on its card. */
import type { RevalidationView } from "../../shared/messages.ts";
import { byId, el, fill } from "../dom.ts";

/** Renders the verdicts of a revalidation. */
export function renderRevalidation(verdicts: readonly RevalidationView[]): void {
  fill(
    byId("revalidation"),
    ...verdicts.map((v) =>
      el(
        "li",
        { "data-frame-id": v.frameId.frame_id, "data-status": v.status },
        el("strong", {}, v.status),
        ` ${v.frameId.frame_id}: ${v.detail}`,
      ),
    ),
  );
  for (const v of verdicts)
    for (const card of byId("frames").querySelectorAll(".frame"))
      if (card.getAttribute("data-frame-id") === v.frameId.frame_id) card.setAttribute("data-revalidation", v.status);
}

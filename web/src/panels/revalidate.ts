/** Revalidation (spec §4.7, V1–V4): each frame's verdict in words, on the list and on its card. */
import type { RevalidationView } from "../../shared/messages.ts";
import { byId, el, fill, quote } from "../dom.ts";

/** Renders the verdicts of a revalidation. */
export function renderRevalidation(verdicts: readonly RevalidationView[]): void {
  fill(
    byId("revalidation"),
    ...verdicts.map((v) =>
      el(
        "li",
        { "data-frame-id": v.frameId.frame_id, "data-status": v.status },
        el("strong", {}, v.status),
        " ",
        quote(v.frameId.frame_id),
        ": ",
        quote(v.detail, { class: "bare" }),
      ),
    ),
  );
  // A frame id's last verdict marks every card of it.
  const status = new Map(verdicts.map((v) => [v.frameId.frame_id, v.status]));
  for (const card of byId("frames").querySelectorAll(".frame")) {
    const verdict = status.get(card.getAttribute("data-frame-id") ?? "");
    if (verdict) card.setAttribute("data-revalidation", verdict);
  }
}

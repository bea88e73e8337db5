/** A frame's inclusion path (spec §3.7, §3.8), opened inside its card, and closed back to it. */
import { byId } from "../dom.ts";
import { renderPath } from "../panels/proof.ts";
import { page, show } from "../state.ts";
import { host } from "../workers.ts";

/** Opens the inclusion path of frame `index` of the answer on the page. */
export async function selectFrame(index: number): Promise<void> {
  if (!page.answer) return;
  renderPath(await host.call("path", { answer: page.answer.answer, frame: index }));
  show({ name: "path", index });
  byId("proof-h").focus();
}

/** "Back to the frame": closes the path, focus on the card's path button. */
export function closePath(): void {
  const button = byId("proof").closest(".frame")?.querySelector<HTMLElement>('[data-action="path"]');
  show({ name: "answered" });
  button?.focus();
}

/** The wire log: one line per envelope sent or received, newest last (the latest 40 are kept on screen). */
import { byId, el } from "../dom.ts";

const KEEP = 40;

/** Adds one envelope to the log. */
export function logEnvelope(direction: "sent" | "received", type: string, bytes: number): void {
  const list = byId("wire-log");
  list.append(
    el(
      "li",
      { "data-direction": direction },
      `${direction === "sent" ? "→ sent" : "← received"} ${type} (${bytes} bytes)`,
    ),
  );
  while (list.children.length > KEEP) list.firstElementChild?.remove();
}

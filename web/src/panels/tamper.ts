/** The tamper panel (shown for a live answer of the in-page provider, web/src/state.ts): the frames of that answer. */
import type { AnswerView, TamperKind } from "../../shared/messages.ts";
import { isolated } from "../../shared/visible.ts";
import { byId, el, fill } from "../dom.ts";

/** Fills the frame choice from an answer. */
export function renderTamper(answer: AnswerView): void {
  fill(
    byId("tamper-frame"),
    ...answer.frames.map((f) =>
      el("option", { value: f.frame.id }, `${f.index + 1}. ${isolated(f.frame.title)} (${isolated(f.frame.id)})`),
    ),
  );
}

/** The chosen frame and kind of corruption. */
export function tamperChoice(): { frameId: string; kind: TamperKind } {
  const kind = document.querySelector<HTMLInputElement>('input[name="tamper-kind"]:checked')?.value as TamperKind;
  return { frameId: byId<HTMLSelectElement>("tamper-frame").value, kind: kind ?? "content" };
}

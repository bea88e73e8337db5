/**
 * The transcript panel: a transcript read from a file picker or a drop (the
 * flow hands it to the host to re-verify offline, web/src/flows/transcript.ts),
 * and what the import found.
 */
import type { AnswerView, ImportView } from "../../shared/messages.ts";
import { byId, el, fill, quote } from "../dom.ts";

/** Calls `onFile` for a file chosen in the picker or dropped on the drop zone. */
export function watchImports(onFile: (file: File) => void): void {
  const picker = byId<HTMLInputElement>("import-file");
  picker.addEventListener("change", () => {
    const file = picker.files?.[0];
    if (file) onFile(file);
    picker.value = "";
  });
  const zone = byId("drop-zone");
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    zone.classList.add("over");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("over");
    const file = event.dataTransfer?.files[0];
    if (file) onFile(file);
  });
}

/** Renders what an import found, with a button to show each answer. */
export function renderImport(view: ImportView, show: (answer: AnswerView) => void): void {
  const answers = view.answers.map((a) => {
    const bad = a.frames.filter((f) => f.badge.tone === "invalid").length;
    const button = el("button", { type: "button", class: "quiet" }, `Show answer ${a.answer}`);
    button.addEventListener("click", () => show(a));
    return el(
      "li",
      { "data-answer": a.answer },
      quote(a.query.goal),
      " from ",
      quote(a.providerName),
      `: ${a.frames.length} frames, ${bad} invalid. `,
      button,
    );
  });
  fill(
    byId("import-summary"),
    el(
      "p",
      { "data-import": "summary" },
      `Re-verified ${view.answers.length} answers in ${view.conversations} conversations, offline.`,
    ),
    el("ul", {}, ...answers),
    ...[...view.failures, ...view.problems].map((text) =>
      el("p", { class: "violations" }, quote(text, { class: "bare" })),
    ),
  );
}

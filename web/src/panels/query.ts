/**
 * The query form (spec §1.6): goal, query text, kinds, anchors, `as_of`,
 * `max_frames`, `max_tokens`, read into a `QueryInput`, or a message naming
 * the field that is wrong. Filling it back from a shared link, too.
 */
import type { QueryInput } from "../../../src/host/index.ts";
import { FRAME_KINDS, isTimestamp, U32_MAX } from "../../../src/protocol/index.ts";
import { byId, el, fill, input, quote } from "../dom.ts";

/** Lists the seven base kinds as checkboxes, marking the ones the provider serves. */
export function renderKinds(served: readonly string[]): void {
  const legend = el("legend", {}, "Kinds (none ticked: any)");
  const kinds = [...new Set([...FRAME_KINDS, ...served])];
  fill(
    byId("kinds"),
    legend,
    ...kinds.map((kind) =>
      el(
        "label",
        { class: "choice" },
        el("input", { type: "checkbox", name: "kind", value: kind }),
        " ",
        quote(kind, { class: "bare" }),
        served.includes(kind) ? " (served)" : "",
      ),
    ),
  );
}

function lines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

function count(id: string, name: string, max: number): number {
  const value = Number(input(id).value);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new RangeError(`${name} must be a whole number from 1 to ${max}`);
  return value;
}

/** The query the form describes; throws a `RangeError` naming the field that is wrong. */
export function readQuery(): QueryInput {
  const goal = input("goal").value.trim();
  if (!goal) throw new RangeError("the goal is required");
  const text = byId<HTMLTextAreaElement>("query-text").value.trim();
  const asOf = input("as-of").value.trim();
  if (asOf && !isTimestamp(asOf)) throw new RangeError("as of must be a timestamp such as 2026-05-01T00:00:00Z");
  const kinds = [...document.querySelectorAll<HTMLInputElement>('#kinds input[name="kind"]:checked')].map(
    (i) => i.value,
  );
  const anchors = lines(byId<HTMLTextAreaElement>("anchors").value);
  return {
    goal,
    ...(text ? { query_text: text } : {}),
    ...(kinds.length > 0 ? { kinds } : {}),
    ...(anchors.length > 0 ? { anchors } : {}),
    ...(asOf ? { as_of: asOf } : {}),
    max_frames: count("max-frames", "max frames", 10_000),
    max_tokens: count("max-tokens", "max tokens", U32_MAX),
  };
}

/** Fills the form from a (shared) query. */
export function writeQuery(query: Partial<QueryInput>): void {
  if (query.goal !== undefined) input("goal").value = query.goal;
  byId<HTMLTextAreaElement>("query-text").value = query.query_text ?? "";
  byId<HTMLTextAreaElement>("anchors").value = (query.anchors ?? []).join("\n");
  input("as-of").value = query.as_of ?? "";
  if (query.max_frames !== undefined) input("max-frames").value = String(query.max_frames);
  if (query.max_tokens !== undefined) input("max-tokens").value = String(query.max_tokens);
  for (const box of document.querySelectorAll<HTMLInputElement>('#kinds input[name="kind"]'))
    box.checked = (query.kinds ?? []).includes(box.value);
}

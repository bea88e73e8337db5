/**
 * A frame's inclusion path (spec §3.7, §3.8), drawn leaf to root: the leaf
 * hash of its commitment at the bottom, one row per step with the sibling on
 * its side and the node they hash to, and the root at the top, compared with
 * the signed one. Every hash is also listed in full as text.
 */
import type { PathView } from "../../shared/messages.ts";
import { isolated, revealed } from "../../shared/visible.ts";
import { byId, el, fill, quote, short, svg } from "../dom.ts";

const ROW = 56;
const BOX = { w: 190, h: 30 };

function box(x: number, y: number, label: string, hash: string, css: string): SVGElement {
  return svg(
    "g",
    {},
    svg("title", {}, `${label}: ${revealed(hash)}`),
    svg("rect", { x, y, width: BOX.w, height: BOX.h, rx: 5, class: css }),
    svg("text", { x: x + 8, y: y + 19 }, `${label} ${revealed(short(hash))}`),
  );
}

function drawing(path: PathView): SVGElement {
  const rows = path.steps.length + 1;
  const height = rows * ROW;
  const mid = 230;
  const y = (row: number) => height - (row + 1) * ROW + 10;
  const parts: SVGElement[] = [box(mid, y(0), "leaf", path.leaf, "on-path")];
  path.steps.forEach((step, i) => {
    const sx = step.siblingIsLeft ? 10 : 450;
    parts.push(
      svg("line", { x1: mid + BOX.w / 2, y1: y(i), x2: mid + BOX.w / 2, y2: y(i + 1) + BOX.h }),
      svg("line", {
        x1: step.siblingIsLeft ? sx + BOX.w : sx,
        y1: y(i) + BOX.h / 2,
        x2: mid + BOX.w / 2,
        y2: y(i + 1) + BOX.h,
      }),
      box(sx, y(i), step.siblingIsLeft ? "left" : "right", step.sibling, ""),
      box(
        mid,
        y(i + 1),
        i === path.steps.length - 1 ? "root" : "node",
        step.node,
        i === path.steps.length - 1 ? rootClass(path) : "on-path",
      ),
    );
  });
  if (path.steps.length === 0) parts[0] = box(mid, y(0), "root = leaf", path.leaf, rootClass(path));
  return svg(
    "svg",
    {
      viewBox: `0 0 650 ${height}`,
      role: "img",
      "aria-label": `Inclusion path of ${isolated(path.frameId)}: ${path.steps.length} steps from leaf to root`,
    },
    ...parts,
  );
}

function rootClass(path: PathView): string {
  return path.signedRoot !== undefined && path.signedRoot === path.root ? "root-ok" : "root-bad";
}

/** What the path is, and whether it leads to the signed root. */
function summary(path: PathView): HTMLElement {
  const matches = path.signedRoot !== undefined && path.signedRoot === path.root;
  return el(
    "p",
    {},
    "Frame ",
    quote(path.frameId),
    `: leaf ${path.leafIndex} of ${path.leafCount}, ${path.source === "provider" ? "the proof the provider sent" : "a proof derived from the recomputed tree (the provider sent none)"}. `,
    el(
      "strong",
      { "data-path": matches ? "matches" : "differs" },
      path.signedRoot === undefined
        ? "No root is signed."
        : matches
          ? "The root this path leads to is the signed root."
          : "The root this path leads to is NOT the signed root.",
    ),
  );
}

/** Every hash of the path in full, as text: the commitment, the leaf, each step, the signed root. */
function hashList(path: PathView): HTMLElement {
  return el(
    "ol",
    { class: "hashes" },
    el("li", {}, "commitment ", el("span", { class: "hash" }, path.commitment)),
    el("li", {}, "leaf = H(0x00 ‖ commitment) ", el("span", { class: "hash" }, path.leaf)),
    ...path.steps.map((s) =>
      el(
        "li",
        {},
        `sibling on the ${s.siblingIsLeft ? "left" : "right"} `,
        el("span", { class: "hash" }, s.sibling),
        " → node ",
        el("span", { class: "hash" }, s.node),
      ),
    ),
    el(
      "li",
      {},
      "signed root ",
      el("span", { class: "hash" }, path.signedRoot === undefined ? "none" : quote(path.signedRoot)),
    ),
  );
}

/** Renders the path panel for a frame. */
export function renderPath(path: PathView): void {
  const body = byId("proof-body");
  if (path.problem) {
    fill(
      body,
      el("p", { class: "violations" }, "The proof for ", quote(path.frameId), ` is malformed: ${path.problem}.`),
    );
    return;
  }
  fill(body, summary(path), el("div", { class: "path" }, drawing(path)), hashList(path));
}

/** Edges-first placement, step 4 of composition (spec §4.8). */
import { byScoreDescending, type Ranked } from "./ranking.ts";

/**
 * Places included frames "edges first" (spec §4.8 step 4): by score
 * descending (ties by FrameId), dealt alternately to the front and the back —
 * 1st to the first slot, 2nd to the last, 3rd to the second, … — so the
 * strongest evidence sits at both ends and the weakest in the middle.
 *
 * @example
 * const ranked = (rank: number) => ({ frameId: { provider_id: "p", frame_id: `${rank}` }, frame: { score: 9 - rank } });
 * placeEdgesFirst([1, 2, 3, 4, 5].map(ranked)).map((item) => item.frameId.frame_id) // ["1", "3", "5", "4", "2"]
 */
export function placeEdgesFirst<T extends Ranked>(items: readonly T[]): T[] {
  const front: T[] = [];
  const back: T[] = [];
  for (const [i, item] of [...items].sort(byScoreDescending).entries()) (i % 2 === 0 ? front : back).push(item);
  return [...front, ...back.reverse()];
}

/** Ranking strategies, step 2 of composition (spec §4.8, F10). */
import type { FrameId } from "../../protocol/frame-id.ts";
import { compareFrameIds, compareUtf8 } from "../../protocol/frame-order.ts";

/**
 * How survivors are ordered before packing (spec §4.8 step 2). `score` is
 * provider-local and ordinal (F10), so comparing it across providers is a host
 * policy, named here: `score_descending` (the default: score desc, ties by
 * FrameId), `round_robin_by_rank` (every provider's best, then every provider's
 * second, …; providers by id) and `per_provider_quota` (blocks of `k` per
 * provider in the same rotation; `k = 0` counts as 1).
 */
export type RankingStrategy =
  | { readonly kind: "score_descending" }
  | { readonly kind: "round_robin_by_rank" }
  | { readonly kind: "per_provider_quota"; readonly k: number };

/** What ranking reads of a frame: its identity and its provider-local score. */
export interface Ranked {
  readonly frameId: FrameId;
  readonly frame: { readonly score: number };
}

/** `ScoreDescending` order (spec §4.8): score descending, ties by canonical FrameId order (§1.10). */
export function byScoreDescending(a: Ranked, b: Ranked): number {
  return b.frame.score - a.frame.score || compareFrameIds(a.frameId, b.frameId);
}

/** Providers by id (UTF-8 order), each provider's frames by score; then `k` from each provider per round. */
function dealByProvider<T extends Ranked>(items: readonly T[], k: number): T[] {
  const byProvider = new Map<string, T[]>();
  for (const item of [...items].sort(byScoreDescending)) {
    const list = byProvider.get(item.frameId.provider_id);
    if (list) list.push(item);
    else byProvider.set(item.frameId.provider_id, [item]);
  }
  const queues = [...byProvider.entries()].sort(([a], [b]) => compareUtf8(a, b)).map(([, list]) => list);
  const ranked: T[] = [];
  for (let round = 0; ranked.length < items.length; round += k) {
    for (const queue of queues) ranked.push(...queue.slice(round, round + k));
  }
  return ranked;
}

/** Orders frames by a ranking strategy (spec §4.8 step 2, F10); every strategy is a total, deterministic order. */
export function rankFrames<T extends Ranked>(items: readonly T[], strategy: RankingStrategy): T[] {
  switch (strategy.kind) {
    case "score_descending":
      return [...items].sort(byScoreDescending);
    case "round_robin_by_rank":
      return dealByProvider(items, 1);
    case "per_provider_quota":
      return dealByProvider(items, Math.max(1, Math.floor(strategy.k)));
  }
}

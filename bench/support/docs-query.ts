// The query the docs benchmarks time against the real Worker in workerd: one goal, POSTed from Node
// through Miniflare's dispatchFetch.
import type { Miniflare } from "miniflare";
import { post } from "../../test/support/worker/http.ts";

/** POSTs a query for `goal` (at most 8 frames, 4,096 tokens; spec §1.6) to /contextgraph; throws unless it answers frames. */
export async function queryFrames(mf: Miniflare, goal: string): Promise<void> {
  const { json } = await post(mf, { type: "query", query: { goal, max_frames: 8, max_tokens: 4096 } });
  if (json?.type !== "frames") throw new Error(`not frames: ${JSON.stringify(json).slice(0, 200)}`);
}

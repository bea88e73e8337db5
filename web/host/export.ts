/** The session's verdicts as JSON: for every answer kept, each frame's identity and what checking it found. */
import type { KeptAnswer } from "./kept-answer.ts";

/** The verdicts file (`frameline-playground-verdicts/1`): one entry per answer, one per frame, in words and by name. */
export function verdictsJson(answers: readonly KeptAnswer[], transcriptComplete: boolean, now = new Date()): string {
  return `${JSON.stringify(
    {
      format: "frameline-playground-verdicts/1",
      exported_at: now.toISOString(),
      transcript_complete: transcriptComplete,
      answers: answers.map(({ view }) => ({
        answer: view.answer,
        source: view.source,
        provider: view.providerName,
        query: view.query,
        merkle_root: {
          recomputed: view.root.recomputed,
          signed: view.root.signed ?? null,
          verdict: view.root.badge.verdict,
        },
        budget: view.budget,
        ...(view.dropped ? { dropped: view.dropped } : {}),
        frames: view.frames.map((f) => ({
          frame: f.frameId,
          verdict: f.badge.verdict,
          badge: f.badge.label,
          detail: f.badge.detail,
          ...(f.badge.keyId ? { key_id: f.badge.keyId } : {}),
          ...(f.badge.tier ? { trust: f.badge.tier } : {}),
          token_cost: f.cost,
        })),
      })),
    },
    null,
    2,
  )}\n`;
}

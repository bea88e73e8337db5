/**
 * The frame sets the composition scenarios offer (spec §5.3
 * `host-composition-audit`, §5.4): honest providers whose frames together
 * overflow a global budget and repeat one piece of evidence, and a clean set
 * that fits.
 */
import { contentDigestSync } from "../../attest/hash.ts";
import type { ComposedPrompt } from "../../host/compose/compose-for-prompt.ts";
import type { ContextFrame } from "../../protocol/frame.ts";
import { count } from "../evidence.ts";
import type { HostSession } from "./host-under-test.ts";
import { contentOf, costOf, honestFrame, scriptedProvider } from "./scripted.ts";

/** One provider of a set, and the frames it serves. */
export interface Served {
  readonly provider: string;
  readonly frames: readonly ContextFrame[];
}

const shared = contentOf("shared evidence", 200);
/** The shared frame's real digest: a host re-hashes content, and a placeholder would read as altered (§1.8 #5). */
const SHARED_DIGEST = contentDigestSync(shared);

/** Over a 500-token budget: 1000 tokens offered by two providers, one frame served by both (same content_digest). */
export const OVERFLOWING: readonly Served[] = [
  {
    provider: "north",
    frames: [
      honestFrame("north-1", contentOf("north one", 300), { score: 0.9 }),
      honestFrame("north-2", shared, { content_digest: SHARED_DIGEST, score: 0.6 }),
    ],
  },
  {
    provider: "south",
    frames: [
      honestFrame("south-1", shared, { content_digest: SHARED_DIGEST, score: 0.7 }),
      honestFrame("south-2", contentOf("south two", 300), { score: 0.8 }),
    ],
  },
];

/** Two distinct frames of 100 tokens each: they fit any budget of 200 or more. */
export const CLEAN: readonly Served[] = [
  { provider: "east", frames: [honestFrame("east-1", contentOf("east one", 100))] },
  { provider: "west", frames: [honestFrame("west-1", contentOf("west one", 100))] },
];

/** A query every scripted provider answers in full. */
const COMPOSE_QUERY = { goal: "compose", max_frames: 64, max_tokens: 100_000 };

/** Registers one scripted provider per entry of `set`. */
async function addSet(session: HostSession, set: readonly Served[]): Promise<void> {
  for (const { provider, frames } of set)
    await session.add(provider, scriptedProvider({ name: provider, answer: () => frames }).transport);
}

/** Registers `set` and composes everything within `budget`. */
export async function composeSet(
  session: HostSession,
  set: readonly Served[],
  budget: number,
): Promise<ComposedPrompt> {
  await addSet(session, set);
  return session.composeAll(COMPOSE_QUERY, budget);
}

/** The canonical cost of the frames a prompt cites, counted from the frames served (not from the host's audit). */
export function citedCost(composed: ComposedPrompt, set: readonly Served[]): number {
  const content = new Map(
    set.flatMap(({ provider, frames }) => frames.map((f) => [`${provider}\u0000${f.id}`, f.content ?? ""])),
  );
  return composed.citations.reduce(
    (sum, citation) => sum + costOf(content.get(`${citation.frame.provider_id}\u0000${citation.frame.frame_id}`) ?? ""),
    0,
  );
}

/**
 * Whether the audit partitions exactly the served frames (spec §4.8 step 6):
 * each appears in exactly one entry; the included ones are the cited ones;
 * each excluded one has a reason. Returns what is wrong, empty when nothing is.
 */
export function partitionProblems(composed: ComposedPrompt, set: readonly Served[]): string[] {
  const key = (provider: string, id: string) => `${provider}\u0000${id}`;
  const served = set.flatMap(({ provider, frames }) => frames.map((frame) => key(provider, frame.id)));
  const entries = composed.audit.entries.map((entry) => key(entry.frame.provider_id, entry.frame.frame_id));
  const cited = new Set(composed.citations.map((citation) => key(citation.frame.provider_id, citation.frame.frame_id)));
  const problems: string[] = [];
  for (const frame of served) {
    const times = entries.filter((entry) => entry === frame).length;
    if (times !== 1) problems.push(`frame ${frame.replace("\u0000", "/")} is in the audit ${times} times`);
  }
  for (const [i, entry] of composed.audit.entries.entries()) {
    const included = entry.disposition.kind === "included";
    if (included !== cited.has(entries[i]!))
      problems.push(
        `frame ${entries[i]!.replace("\u0000", "/")} is ${included ? "included but not cited" : "cited but excluded"}`,
      );
  }
  if (entries.length !== served.length)
    problems.push(
      `${count(entries.length, "audit entry", "audit entries")} for ${count(served.length, "frame")} served`,
    );
  return problems;
}

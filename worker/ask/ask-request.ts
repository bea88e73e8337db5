/**
 * `POST /ask`'s body (docs/ask.md): `{ goal, query_text?, kinds?, budget_tokens, max_frames? }`.
 * Every bound is explicit, and a body that breaks one is refused naming the member.
 */
import * as v from "valibot";
import { refusalOf } from "./members.ts";

/** The bounds of a question: what one /ask may make the host and its providers do. */
export const ASK_LIMITS = {
  goalChars: 2_000,
  queryTextChars: 4_000,
  kinds: 16,
  kindChars: 64,
  budgetTokens: 200_000,
  maxFrames: 100,
} as const;

/** `max_frames` asked of each provider when the question does not say. */
export const DEFAULT_MAX_FRAMES = 10;

/** The MCP tool's `budget_tokens` when a call leaves it out (`/ask` requires it): a modest context block. */
export const DEFAULT_BUDGET_TOKENS = 4_000;

const L = ASK_LIMITS;

const AskRequestSchema = v.object(
  {
    goal: v.pipe(
      v.string("must be a string"),
      v.check((goal) => goal.trim() !== "", "must not be blank (§1.6)"),
      v.maxLength(L.goalChars, `must be at most ${L.goalChars} characters`),
    ),
    query_text: v.optional(
      v.pipe(
        v.string("must be a string"),
        v.maxLength(L.queryTextChars, `must be at most ${L.queryTextChars} characters`),
      ),
    ),
    kinds: v.optional(
      v.pipe(
        v.array(
          v.pipe(
            v.string("must be a string"),
            v.minLength(1, "must not be empty"),
            v.maxLength(L.kindChars, `must be at most ${L.kindChars} characters`),
          ),
          "must be a list of frame kinds",
        ),
        v.maxLength(L.kinds, `must name at most ${L.kinds} kinds`),
      ),
    ),
    budget_tokens: v.pipe(
      v.number("must be a number"),
      v.integer("must be an integer"),
      v.minValue(1, "must be at least 1"),
      v.maxValue(L.budgetTokens, `must be at most ${L.budgetTokens}`),
    ),
    max_frames: v.optional(
      v.pipe(
        v.number("must be a number"),
        v.integer("must be an integer"),
        v.minValue(1, "must be at least 1"),
        v.maxValue(L.maxFrames, `must be at most ${L.maxFrames}`),
      ),
    ),
  },
  "must be a JSON object",
);

/** A question, as `/ask` and the MCP tool take it. */
export type AskRequest = v.InferOutput<typeof AskRequestSchema>;

/** Why a question was refused: the member (`body` for the whole) and a message naming it. */
interface AskRefusal {
  readonly member: string;
  readonly message: string;
}

/** Reads a question: the request, or the first refusal (unknown members are ignored, U1). */
export function parseAskRequest(
  value: unknown,
): { ok: true; request: AskRequest } | { ok: false; refusal: AskRefusal } {
  if (Array.isArray(value)) return { ok: false, refusal: { member: "body", message: "body must be a JSON object" } };
  const result = v.safeParse(AskRequestSchema, value);
  if (result.success) return { ok: true, request: result.output };
  return { ok: false, refusal: refusalOf(result.issues[0], "", "body") };
}

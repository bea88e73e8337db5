/** The verify modes (spec §5.2): every identity `valid` (V3), or every identity `unknown` (V2). */
import { isObject, type Misbehaviour } from "./misbehaviour.ts";

/** `rubber-stamp-verify` (V3): every verdict is `valid`, whatever digest was presented. */
export const rubberStampVerify: Misbehaviour = {
  reply: (reply) => {
    if (reply.type !== "verified" || !isObject(reply.response) || !Array.isArray(reply.response.verdicts)) return reply;
    const verdicts = (reply.response.verdicts as unknown[]).map((verdict) =>
      isObject(verdict) ? { frame: verdict.frame, status: "valid" } : verdict,
    );
    return { ...reply, response: { ...reply.response, verdicts } };
  },
};

/** `hollow-verify` (V2): still declares `verify`, but cannot say anything about any frame. */
export const hollowVerify: Misbehaviour = {
  definition: ({ verify: _ignored, ...definition }) => definition,
};

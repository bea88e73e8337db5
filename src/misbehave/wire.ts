/**
 * The wire modes (spec §5.2): crashing on a query (R1), on garbage, on a
 * query without payload ([later revision]), mislabelling garbage, and
 * dropping the correlation id (H4).
 */
import { receive } from "../provider/exchange.ts";
import { isObject, type Misbehaviour, type RequestAction, serveAsIs } from "./misbehaviour.ts";

const CRASH: RequestAction = { crash: true };

/** `crash-on-query` (R1): a query ends the provider. */
export const crashOnQuery: Misbehaviour = {
  request: (text, json) => (isObject(json) && json.type === "query" ? CRASH : serveAsIs(text)),
};

/** `crash-on-garbage` (R1): a line that is not JSON ends the provider. */
export const crashOnGarbage: Misbehaviour = {
  request: (text, json) => (json === undefined ? CRASH : serveAsIs(text)),
};

/** `crash-on-missing-payload` ([later revision] R1): a `query` without its `query` member ends the provider. */
export const crashOnMissingPayload: Misbehaviour = {
  request: (text, json) =>
    isObject(json) && json.type === "query" && (json.query === undefined || json.query === null)
      ? CRASH
      : serveAsIs(text),
};

/** `mislabel-malformed` (R1): a line that does not decode gets `internal` instead of `bad_request`. */
export const mislabelMalformed: Misbehaviour = {
  request: (text) => {
    const received = receive(text);
    if ("envelope" in received || received.unreadable === undefined) return serveAsIs(text);
    return { answer: { ...received.unreadable, code: "internal" } };
  },
};

/** `drop-correlation-id` (H4): replies carry no `id`. */
export const dropCorrelationId: Misbehaviour = {
  reply: ({ id: _dropped, ...reply }) => reply,
};

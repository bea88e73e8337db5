/**
 * A small CGP session written with `encodeLine`, plus the kinds of bad input a
 * peer may send, for `frameline demo`.
 */
import { budgetTokens, type ContextFrame, PROTOCOL_VERSION } from "../protocol/index.ts";
import { encodeLine } from "../wire/index.ts";

function frame(id: string, title: string, content: string, score: number): ContextFrame {
  return {
    id,
    kind: "doc",
    title,
    content,
    uri: "file:///docs/guide.md",
    score,
    token_cost: budgetTokens(content),
    citation_label: `guide.md — ${title}`,
  };
}

/** A well-formed session: handshake, ack, one query and its frames. */
function goodSession(): string[] {
  return [
    encodeLine({ type: "handshake", protocol_version: PROTOCOL_VERSION }),
    encodeLine({
      type: "handshake_ack",
      protocol_version: PROTOCOL_VERSION,
      provider: {
        name: "docs",
        version: "0.1.0",
        data_flow: { reads: true, egress: false, egress_scopes: ["local-only"] },
      },
      capabilities: { query: { kinds: ["doc", "snippet"] }, correlation: true, verify: true },
    }),
    encodeLine({
      type: "query",
      id: "q1",
      query: { goal: "how do retries work?", query_text: "retry backoff", max_frames: 4, max_tokens: 512 },
    }),
    encodeLine({
      type: "frames",
      id: "q1",
      result: {
        frames: [
          frame(
            "guide#retries",
            "Retries",
            "Retries back off exponentially — at most 3 attempts, café-grade patience.",
            1,
          ),
          frame("guide#timeouts", "Timeouts", "Each attempt has its own 10 s timeout.", 0.5),
        ],
        truncated: false,
      },
    }),
  ];
}

/** The demo transcript as one string of NDJSON lines, some of them deliberately broken. */
export function demoTranscript(): string {
  const lyingCost = JSON.stringify({
    type: "frames",
    result: {
      frames: [{ id: "x", kind: "doc", title: "", content: "short", score: 1.5, token_cost: 99 }],
      truncated: false,
    },
  });
  return [
    ...goodSession(),
    "this is not JSON\n",
    '{"type":"subscribe","topic":"everything"}\n',
    `${lyingCost}\r\n`,
    `{"type":"error","message":"${"x".repeat(2000)}"}\n`,
    '{"type":"error","code":"vendor:quota","message":"over quota"}\n',
    '{"type":"shutdown"}',
  ].join("");
}

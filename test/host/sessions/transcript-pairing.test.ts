// How readTranscript pairs replies with requests and bounds its lines (spec §4.3): an id-less reply takes the
// oldest unanswered id-less request, and a stray one takes nothing; correlated replies go to their id in order,
// even when an id repeats; a shutdown expects no reply; each problem says what it is; a line is measured in
// UTF-8 bytes, at the exact limit. Every expected value is written out.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { readTranscript } from "../../support/lib.ts";

const HANDSHAKE = '{"type":"handshake","protocol_version":"contextgraph/1.0"}';
const ACK =
  '{"type":"handshake_ack","protocol_version":"contextgraph/1.0","provider":{"name":"p","version":"1","data_flow":{"reads":true}},"capabilities":{"query":{"kinds":["doc"]},"correlation":true}}';
const VERIFY = '{"type":"verify","request":{"frames":[]}}';
const VERIFIED = '{"type":"verified","response":{"verdicts":[]}}';
const SHUTDOWN = '{"type":"shutdown"}';
const query = (id: string, goal: string) =>
  `{"type":"query","id":"${id}","query":{"goal":"${goal}","max_frames":1,"max_tokens":1}}`;
const frames = (id: string, truncated: boolean) =>
  `{"type":"frames","id":"${id}","result":{"frames":[],"truncated":${truncated}}}`;

/** Each exchange of the first conversation as `request→reply`, the query's goal or the reply's truncated flag shown. */
function pairs(text: string): string[] {
  const conversation = readTranscript(text).conversations[0];
  assert.ok(conversation, "a conversation");
  return conversation.exchanges.map(({ request, reply }) => {
    const asked = request.type === "query" ? `query(${request.query.goal})` : request.type;
    const answered =
      reply === undefined ? "none" : reply.type === "frames" ? `frames(${reply.result.truncated})` : reply.type;
    return `${asked}→${answered}`;
  });
}

describe("readTranscript pairing", () => {
  test("the handshake is the conversation's own request, answered by its ack", () => {
    const [conversation] = readTranscript(`${HANDSHAKE}\n${ACK}\n`).conversations;
    assert.deepEqual(conversation?.handshake, { type: "handshake", protocol_version: "contextgraph/1.0" });
    assert.equal(conversation?.ack?.type, "handshake_ack");
    assert.deepEqual(conversation?.exchanges, []);
  });

  test("a stray id-less reply takes nothing, so the next id-less request still gets the next reply", () => {
    const text = [HANDSHAKE, ACK, VERIFIED, VERIFY, VERIFIED].join("\n");
    assert.deepEqual(readTranscript(text).problems, [{ line: 3, message: "a verified that answers no request" }]);
    assert.deepEqual(pairs(text), ["verify→verified"]);
  });

  test("a reply naming an id nobody asked for is a problem, and does not stop the reading", () => {
    const text = [HANDSHAKE, ACK, frames("nobody", false), query("q1", "a"), frames("q1", true)].join("\n");
    assert.deepEqual(readTranscript(text).problems, [{ line: 3, message: "a frames that answers no request" }]);
    assert.deepEqual(pairs(text), ["query(a)→frames(true)"]);
  });

  test("two requests under one id are answered in the order they were sent", () => {
    const text = [HANDSHAKE, ACK, query("q1", "first"), query("q1", "second"), frames("q1", false), frames("q1", true)];
    assert.deepEqual(readTranscript(text.join("\n")).problems, []);
    assert.deepEqual(pairs(text.join("\n")), ["query(first)→frames(false)", "query(second)→frames(true)"]);
  });

  test("an id answered once is free again: a third reply under it answers nothing", () => {
    const text = [HANDSHAKE, ACK, query("q1", "a"), frames("q1", false), frames("q1", true)].join("\n");
    assert.deepEqual(readTranscript(text).problems, [{ line: 5, message: "a frames that answers no request" }]);
  });

  test("a shutdown expects no reply: a reply after it answers nothing", () => {
    const text = [HANDSHAKE, ACK, SHUTDOWN, VERIFIED].join("\n");
    assert.deepEqual(readTranscript(text).problems, [{ line: 4, message: "a verified that answers no request" }]);
    assert.deepEqual(pairs(text), ["shutdown→none"]);
  });

  test("a request before any handshake is a problem that names the request's type", () => {
    assert.deepEqual(readTranscript(`${VERIFY}\n`).problems, [{ line: 1, message: "a verify before any handshake" }]);
  });

  test("lines of spaces, tabs or a lone CR are blank, not problems", () => {
    const transcript = readTranscript(`${HANDSHAKE}\n   \n\t\n\r\n${ACK}\r\n`);
    assert.deepEqual(transcript.problems, []);
    assert.equal(transcript.conversations[0]?.ack?.type, "handshake_ack");
  });
});

describe("readTranscript line limit, in UTF-8 bytes", () => {
  /** A handshake line padded (in its protocol_version, after `contextgraph/1.0`) to exactly `bytes` UTF-8 bytes with `pad`. */
  function handshakeOf(bytes: number, pad: string): string {
    const bare = new TextEncoder().encode(HANDSHAKE).length;
    const padBytes = new TextEncoder().encode(pad).length;
    const count = (bytes - bare) / padBytes;
    assert.ok(Number.isInteger(count) && count > 0, "the pad divides the room left");
    const line = HANDSHAKE.replace("contextgraph/1.0", `contextgraph/1.0${pad.repeat(count)}`);
    assert.equal(new TextEncoder().encode(line).length, bytes);
    return line;
  }

  test("an ASCII line of exactly maxLineBytes is read", () => {
    const line = handshakeOf(120, "x");
    assert.deepEqual(readTranscript(`${line}\n`, { maxLineBytes: 120 }).problems, []);
  });

  test("a line of exactly maxLineBytes in two-byte characters is read; one byte more is refused", () => {
    // 58 bytes of handshake and 31 two-byte characters: 120 bytes in 89 UTF-16 units (3 × 89 > 120).
    const exact = handshakeOf(120, "é");
    assert.equal(exact.length, 89);
    assert.deepEqual(readTranscript(`${exact}\n`, { maxLineBytes: 120 }).problems, []);
    assert.deepEqual(readTranscript(`${exact}\n`, { maxLineBytes: 119 }).problems, [
      { line: 1, message: "the line is longer than 119 bytes" },
    ]);
  });

  test("a line under maxLineBytes in UTF-16 units but over it in UTF-8 bytes is refused", () => {
    const line = handshakeOf(121, "€"); // 58 bytes and 21 three-byte characters: 79 UTF-16 units
    assert.ok(line.length < 100);
    assert.deepEqual(readTranscript(`${line}\n`, { maxLineBytes: 100 }).problems, [
      { line: 1, message: "the line is longer than 100 bytes" },
    ]);
  });
});

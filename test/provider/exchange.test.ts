// The one path every binding takes (spec §1.1 "Reading", R1, U1, §4.13): what a line that does not decode
// earns (the refusal, the id echoed only when it is a string, no reply to an unknown notification), what a
// handler's malformed answer becomes, and replies to requests without an id carrying none.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  createSession,
  defineProvider,
  type Envelope,
  type EnvelopeInit,
  handleEnvelope,
  type Signer,
  signerFromSeed,
  encodeReply,
  receive,
} from "../support/lib.ts";
import { candidate } from "../support/providers.ts";

const unreadable = (line: string) => {
  const received = receive(line);
  assert.ok("unreadable" in received, line);
  return received.unreadable;
};

describe("a line that does not decode", () => {
  test("malformed JSON is bad_request naming the wire code, with no id", () => {
    assert.deepEqual(unreadable('{"id":"x"'), {
      type: "error",
      code: "bad_request",
      message: "malformed envelope (invalid_json)",
    });
  });

  test("an invalid envelope echoes its string id", () => {
    assert.deepEqual(unreadable('{"type":"query","id":"q9","query":{}}'), {
      type: "error",
      id: "q9",
      code: "bad_request",
      message: "malformed envelope (invalid_envelope)",
    });
  });

  test("an unknown type with an id is bad_request, unknown envelope type", () => {
    assert.deepEqual(unreadable('{"type":"subscribe","id":"7"}'), {
      type: "error",
      id: "7",
      code: "bad_request",
      message: "unknown envelope type",
    });
  });

  test("an unknown type whose id is not a string is a notification: no reply", () => {
    assert.equal(unreadable('{"type":"subscribe","id":7}'), undefined);
    assert.equal(unreadable('{"type":"subscribe"}'), undefined);
  });
});

describe("a handler's malformed answer", () => {
  const bad = { type: "frames", id: "q1", result: { frames: "not a list" } } as unknown as EnvelopeInit;

  test("is internal, with the query's id", () => {
    const query = { type: "query", id: "q1", query: { goal: "g", max_frames: 1, max_tokens: 1 } } as Envelope;
    assert.equal(
      encodeReply(bad, query),
      '{"type":"error","id":"q1","code":"internal","message":"the provider produced a malformed answer"}\n',
    );
  });

  test("is internal with no id when there is no request to take one from", () => {
    assert.equal(
      encodeReply(bad),
      '{"type":"error","code":"internal","message":"the provider produced a malformed answer"}\n',
    );
  });
});

describe("ids", () => {
  const FRAME = candidate("a", "abcd");
  const definition = {
    info: { name: "p", version: "1", data_flow: { reads: true } },
    capabilities: { verify: true },
    query: () => [FRAME],
  };

  test("a query without an id gets frames without one", async () => {
    const reply = await handleEnvelope(
      defineProvider(definition),
      { type: "query", query: { goal: "g", max_frames: 1, max_tokens: 10 } } as Envelope,
      createSession({ handshaken: true }),
    );
    assert.equal(reply?.type, "frames");
    assert.equal(reply && "id" in reply, false);
  });

  test("a signer that throws during a query is internal with the query's id; a throwing verify, without one", async () => {
    const real = await signerFromSeed("4c".repeat(32), { keyId: "k", attesterId: "p" });
    const signer: Signer = { ...real, sign: () => Promise.reject(new Error("hsm offline")) };
    const signing = defineProvider({ ...definition, signer });
    const session = createSession({ handshaken: true });
    const query = { type: "query", id: "q2", query: { goal: "g", max_frames: 1, max_tokens: 10 } } as Envelope;
    assert.deepEqual(await handleEnvelope(signing, query, session), {
      type: "error",
      id: "q2",
      code: "internal",
      message: "the provider failed to answer",
    });
    const verifying = defineProvider({
      ...definition,
      verify: () => {
        throw new Error("store offline");
      },
    });
    const verify = { type: "verify", request: { frames: [{ provider_id: "p", id: "a" }] } } as unknown as Envelope;
    assert.deepEqual(await handleEnvelope(verifying, verify, session), {
      type: "error",
      code: "internal",
      message: "the provider failed to answer",
    });
  });
});

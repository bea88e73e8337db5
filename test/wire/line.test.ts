// encodeLine / decodeLine and the envelope helpers (spec §1.1, §1.2, §4.1).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  correlationId,
  decodeLine,
  encodeLine,
  envelopeKind,
  errorCode,
  nextCorrelationId,
  PROTOCOL_VERSION,
  verifyCorrelation,
  versionsCompatible,
  WireError,
} from "../support/lib.ts";

function wireErrorOf(run: () => unknown): WireError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof WireError, `expected a WireError, got ${String(error)}`);
    return error;
  }
  assert.fail("expected a WireError");
}

const frame = (extra: Record<string, unknown> = {}) => ({
  id: "f1",
  kind: "doc",
  title: "T",
  content: "abcd",
  score: 0.5,
  token_cost: 1,
  citation_label: "c",
  ...extra,
});
const framesLine = (frameValue: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type: "frames", result: { frames: [frameValue], truncated: false, ...extra } });

describe("decodeLine", () => {
  test("ignores unknown members at every level (U1)", () => {
    const line = JSON.stringify({
      type: "frames",
      future: 1,
      attestations: [],
      result: {
        frames: [frame({ future: { x: 1 }, provenance: [{ type: "derivation", future: 2 }] })],
        truncated: false,
        future: 3,
      },
    });
    const envelope = decodeLine(line);
    assert.ok(envelope.type === "frames");
    assert.ok(!encodeLine(envelope).includes("future"));
    assert.ok(!encodeLine(envelope).includes("attestations"));
  });

  test("reads null as absent and fills the always-emitted defaults (spec §1.2)", () => {
    const envelope = decodeLine(
      JSON.stringify({
        type: "handshake_ack",
        protocol_version: "contextgraph/1.0",
        provider: { name: "p", version: "1", data_flow: { reads: null, egress_scopes: null } },
        capabilities: { query: null, correlation: null, embeddings_fingerprint: null },
        attester_keys: null,
      }),
    );
    assert.ok(envelope.type === "handshake_ack");
    assert.equal(envelope.provider.data_flow.reads, false);
    assert.equal(envelope.provider.data_flow.egress_scopes, undefined);
    assert.deepEqual(envelope.capabilities.query, { kinds: [] });
    assert.equal(envelope.capabilities.embeddings_fingerprint, undefined);
    assert.equal(envelope.attester_keys, undefined);
    assert.equal(
      encodeLine(envelope),
      '{"type":"handshake_ack","protocol_version":"contextgraph/1.0","provider":{"name":"p","version":"1","data_flow":{"reads":false,"writes":false,"egress":false}},"capabilities":{"query":{"kinds":[]},"correlation":false,"graph":false,"verify":false,"resolve":false}}\n',
    );
  });

  test("keeps an unknown frame kind verbatim and re-emits it (U2)", () => {
    const envelope = decodeLine(framesLine(frame({ kind: "vendor:diagram" })));
    assert.ok(envelope.type === "frames");
    assert.equal(envelope.result.frames[0]?.kind, "vendor:diagram");
    assert.ok(encodeLine(envelope).includes('"kind":"vendor:diagram"'));
  });

  test("tolerates a trailing CR and trailing whitespace", () => {
    assert.equal(decodeLine('{"type":"shutdown"}\r').type, "shutdown");
    assert.equal(decodeLine('{"type":"shutdown"}  \t').type, "shutdown");
  });

  test("ignores an id on verify (not in 2.0.0)", () => {
    const envelope = decodeLine('{"type":"verify","id":"q1","request":{"frames":[]}}');
    assert.equal(encodeLine(envelope), '{"type":"verify","request":{"frames":[]}}\n');
  });

  const failures: [string, string, WireError["code"]][] = [
    ["garbage", "not json at all", "invalid_json"],
    ["truncated JSON", '{"type":"handshake","protocol_', "invalid_json"],
    ["an array", "[1,2]", "not_an_envelope"],
    ["a string", '"handshake"', "not_an_envelope"],
    ["null", "null", "not_an_envelope"],
    ["no type", '{"protocol_version":"contextgraph/1.0"}', "not_an_envelope"],
    ["a numeric type", '{"type":7}', "not_an_envelope"],
    ["an unknown type", '{"type":"subscribe"}', "unknown_type"],
    ["an inherited name as type", '{"type":"constructor"}', "unknown_type"],
    ["a missing required member", '{"type":"frames","result":{"frames":[]}}', "invalid_envelope"],
    [
      "a missing data_flow",
      '{"type":"handshake_ack","protocol_version":"contextgraph/1.0","provider":{"name":"p","version":"1"},"capabilities":{}}',
      "invalid_envelope",
    ],
    ["a negative u32", '{"type":"query","query":{"goal":"g","max_frames":-1,"max_tokens":1}}', "invalid_envelope"],
    ["a fractional u32", '{"type":"query","query":{"goal":"g","max_frames":7.5,"max_tokens":1}}', "invalid_envelope"],
    [
      "a u32 overflow",
      '{"type":"query","query":{"goal":"g","max_frames":4294967296,"max_tokens":1}}',
      "invalid_envelope",
    ],
    ["a score beyond f32", framesLine(frame({ score: 1e39 })), "invalid_envelope"],
    ["an unknown representation", framesLine(frame({ representation: "thumbnail" })), "invalid_envelope"],
    [
      "an unknown verdict status",
      '{"type":"verified","response":{"verdicts":[{"frame":{"provider_id":"p","frame_id":"f"},"status":"maybe"}]}}',
      "invalid_envelope",
    ],
    ["an error without message", '{"type":"error","code":"internal"}', "invalid_envelope"],
  ];
  for (const [name, line, code] of failures) {
    test(`refuses ${name} with WireError ${code}`, () => {
      assert.equal(wireErrorOf(() => decodeLine(line)).code, code);
    });
  }

  test("accepts the largest u32", () => {
    const envelope = decodeLine('{"type":"query","query":{"goal":"g","max_frames":4294967295,"max_tokens":0}}');
    assert.ok(envelope.type === "query" && envelope.query.max_frames === 4294967295);
  });

  test("never echoes more than a short prefix of a bad line, nor a member's value", () => {
    const secret = "Bearer sk-live-0123456789abcdef0123456789abcdef";
    const garbage = wireErrorOf(() => decodeLine(`xx ${secret}`));
    assert.ok(garbage.message.length < 80);
    assert.ok(!garbage.message.includes("0123456789abcdef0123"));
    const mistyped = wireErrorOf(() => decodeLine(framesLine(frame({ title: 42, content: secret }))));
    assert.match(mistyped.message, /frames\.result\.frames\[0\]\.title/);
    assert.ok(!mistyped.message.includes("sk-live"));
  });
});

describe("encodeLine", () => {
  test("writes members in the reference order whatever the object order", () => {
    const line = encodeLine({ query: { max_tokens: 10, goal: "g", max_frames: 2 }, id: "q9", type: "query" });
    assert.equal(line, '{"type":"query","id":"q9","query":{"goal":"g","max_frames":2,"max_tokens":10}}\n');
  });

  test("writes integral floats as the reference does (1.0) and integers as integers", () => {
    const line = encodeLine({
      type: "frames",
      result: { frames: [frame({ score: 1, embedding: { fingerprint: "m/2", vector: [0, -2] } })], truncated: false },
    });
    assert.match(line, /"score":1\.0,"token_cost":1,/);
    assert.match(line, /"vector":\[0\.0,-2\.0\]/);
  });

  test("omits empty lists marked omit-when-empty but always writes kinds and verify lists", () => {
    assert.equal(
      encodeLine({ type: "query", query: { goal: "g", kinds: [], anchors: [], max_frames: 1, max_tokens: 1 } }),
      '{"type":"query","query":{"goal":"g","max_frames":1,"max_tokens":1}}\n',
    );
    assert.equal(encodeLine({ type: "verify", request: {} }), '{"type":"verify","request":{"frames":[]}}\n');
  });

  test("escapes content so one envelope is one line", () => {
    const line = encodeLine({ type: "error", message: 'a\nb\u2028c"' });
    assert.equal(line.indexOf("\n"), line.length - 1);
    const back = decodeLine(line);
    assert.ok(back.type === "error" && back.message === 'a\nb\u2028c"');
  });

  const unencodable: [string, unknown][] = [
    ["a fractional token_cost", { type: "frames", result: { frames: [frame({ token_cost: 7.5 })], truncated: false } }],
    ["a missing truncated", { type: "frames", result: { frames: [] } }],
    ["a NaN score", { type: "frames", result: { frames: [frame({ score: Number.NaN })], truncated: false } }],
    ["an unknown type", { type: "subscribe" }],
    ["a string where a list goes", { type: "query", query: { goal: "g", kinds: "doc", max_frames: 1, max_tokens: 1 } }],
  ];
  for (const [name, envelope] of unencodable) {
    test(`refuses ${name} with WireError unencodable`, () => {
      assert.equal(wireErrorOf(() => encodeLine(envelope as never)).code, "unencodable");
    });
  }

  test("refuses a list with a hole, naming the index, instead of writing [,x]", () => {
    const kinds = ["doc"];
    kinds[2] = "code";
    const error = wireErrorOf(() =>
      encodeLine({ type: "query", query: { goal: "g", kinds, max_frames: 1, max_tokens: 1 } } as never),
    );
    assert.equal(error.code, "unencodable");
    assert.equal(error.message, "cannot encode envelope: query.kinds[1]: expected string");
  });

  test("names the member that does not fit", () => {
    const error = wireErrorOf(() =>
      encodeLine({ type: "frames", result: { frames: [frame({ token_cost: 7.5 })], truncated: false } } as never),
    );
    assert.match(error.message, /result\.frames\[0\]\.token_cost/);
  });
});

describe("envelope helpers", () => {
  test("envelopeKind is the wire type", () => {
    assert.equal(envelopeKind({ type: "shutdown" }), "shutdown");
  });

  test("correlationId reads query, frames and error ids only", () => {
    assert.equal(
      correlationId(decodeLine('{"type":"query","id":"q1","query":{"goal":"g","max_frames":1,"max_tokens":1}}')),
      "q1",
    );
    assert.equal(correlationId(decodeLine('{"type":"error","id":"q2","message":"m"}')), "q2");
    assert.equal(correlationId(decodeLine('{"type":"frames","result":{"frames":[],"truncated":false}}')), undefined);
    assert.equal(correlationId(decodeLine('{"type":"verify","id":"q3","request":{"frames":[]}}')), undefined);
  });

  test("errorCode: known codes as sent, absent (X2) and unknown (X1) as internal", () => {
    assert.equal(errorCode(decodeLine('{"type":"error","code":"unavailable","message":"m"}')), "unavailable");
    assert.equal(errorCode(decodeLine('{"type":"error","message":"m"}')), "internal");
    const unknown = decodeLine('{"type":"error","code":"vendor:quota","message":"m"}');
    assert.equal(errorCode(unknown), "internal");
    assert.ok(unknown.type === "error" && unknown.code === "vendor:quota");
    assert.equal(errorCode({ type: "shutdown" }), undefined);
  });

  test("nextCorrelationId counts up q1, q2, … without repeats", () => {
    const ids = Array.from({ length: 5 }, () => nextCorrelationId());
    assert.equal(new Set(ids).size, 5);
    for (const id of ids) assert.match(id, /^q[1-9][0-9]*$/);
    const numbers = ids.map((id) => Number(id.slice(1)));
    assert.deepEqual(
      numbers,
      numbers.map((_, i) => (numbers[0] ?? 0) + i),
    );
  });

  test("verifyCorrelation: nothing sent, echoed, wrong and missing", () => {
    const reply = decodeLine('{"type":"frames","id":"q7","result":{"frames":[],"truncated":false}}');
    const bare = decodeLine('{"type":"frames","result":{"frames":[],"truncated":false}}');
    assert.deepEqual(verifyCorrelation(undefined, bare), { ok: true });
    assert.deepEqual(verifyCorrelation("q7", reply), { ok: true });
    assert.deepEqual(verifyCorrelation("q8", reply), {
      ok: false,
      kind: "correlation_mismatch",
      expected: "q8",
      got: "q7",
    });
    assert.deepEqual(verifyCorrelation("q8", bare), {
      ok: false,
      kind: "correlation_mismatch",
      expected: "q8",
      got: "<absent>",
    });
  });

  test("versionsCompatible compares major families (spec §1.14)", () => {
    assert.equal(PROTOCOL_VERSION, "contextgraph/1.0");
    assert.ok(versionsCompatible("contextgraph/1.0", "contextgraph/1.0-draft"));
    assert.ok(versionsCompatible("contextgraph/1.0", "contextgraph/1.9"));
    assert.ok(!versionsCompatible("contextgraph/1.0", "contextgraph/2.0"));
    assert.ok(!versionsCompatible("contextgraph/1.0", "mcp/1.0"));
    assert.ok(versionsCompatible("nodots", "nodots"));
  });
});

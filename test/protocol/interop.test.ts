// Interop against the reference's own bytes: ../shared/fixtures (spec §6).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  checkFrame,
  checkTokenCost,
  ContextFrameSchema,
  ContextQuerySchema,
  decodeLine,
  encodeLine,
  lintEnvelope,
  lintFrame,
  lintQuery,
  parseShape,
} from "../support/lib.ts";
import { fixtureJson, referenceVectorLines } from "../support/fixtures.ts";

describe("reference-vectors.ndjson", () => {
  const lines = referenceVectorLines();

  test("holds the 14 envelopes the spec describes", () => {
    assert.equal(lines.length, 14);
  });

  for (const [i, line] of lines.entries()) {
    test(`line ${i + 1} decodes and re-encodes byte for byte`, () => {
      assert.equal(encodeLine(decodeLine(line)), `${line}\n`);
    });

    test(`line ${i + 1} passes the strict authoring lint`, () => {
      assert.deepEqual(lintEnvelope(JSON.parse(line)), []);
    });
  }

  test("the unknown error code on line 14 is kept verbatim (X1)", () => {
    const error = decodeLine(lines[13] ?? "");
    assert.equal(error.type === "error" && error.code, "quota_exhausted");
  });
});

describe("reference-messages.json", () => {
  const messages = fixtureJson<unknown[]>("reference-messages.json");

  test("holds 13 messages", () => assert.equal(messages.length, 13));

  for (const [i, message] of messages.entries()) {
    test(`message ${i} (${(message as { type: string }).type}) decodes`, () => {
      const envelope = decodeLine(JSON.stringify(message));
      assert.equal(envelope.type, (message as { type: string }).type);
    });
  }

  test("null reads as absent: embeddings_fingerprint: null is omitted on re-encoding", () => {
    const ack = messages[1] as { capabilities: Record<string, unknown> };
    assert.equal(ack.capabilities.embeddings_fingerprint, null);
    const envelope = decodeLine(JSON.stringify(ack));
    assert.ok(envelope.type === "handshake_ack");
    assert.equal(envelope.capabilities.embeddings_fingerprint, undefined);
    assert.ok(!encodeLine(envelope).includes("embeddings_fingerprint"));
  });
});

type Frame = Record<string, unknown>;

function frameOf(value: unknown) {
  const parsed = parseShape(ContextFrameSchema, value, "frame");
  assert.ok(parsed.success, `frame should decode: ${JSON.stringify(!parsed.success && parsed.issues)}`);
  return parsed.output;
}

describe("frames/*.json", () => {
  const valid = fixtureJson<{ cases: { name: string; source: Frame }[] }>("frames/context-frame.valid.json");
  for (const { name, source } of valid.cases) {
    test(`context-frame.valid.json ${name}: decodes, is valid, and costs the canonical count`, () => {
      const frame = frameOf(source);
      assert.deepEqual(checkFrame(frame), []);
      assert.deepEqual(checkTokenCost(frame), []);
    });
  }

  test("context-frame.compact.valid.json passes frame validity including P2", () => {
    const frame = frameOf(fixtureJson("frames/context-frame.compact.valid.json"));
    assert.equal(frame.representation, "compact");
    assert.deepEqual(checkFrame(frame), []);
    assert.deepEqual(checkTokenCost(frame), []);
  });

  test("context-frame.reference.valid.json passes frame validity including P3 and P4", () => {
    const frame = frameOf(fixtureJson("frames/context-frame.reference.valid.json"));
    assert.equal(frame.representation, "reference");
    assert.equal(frame.content, undefined);
    assert.deepEqual(checkFrame(frame), []);
    assert.deepEqual(checkTokenCost(frame), []);
  });

  const invalid = fixtureJson<Record<string, Frame>>("frames/context-frame.missing-citation.invalid.json");
  for (const [name, source] of Object.entries(invalid)) {
    test(`context-frame.missing-citation.invalid.json ${name}: decodes, fails F3`, () => {
      const anchors = checkFrame(frameOf(source)).map((v) => v.anchor);
      assert.deepEqual(anchors, ["F3"]);
    });
  }

  test("context-query.valid.json: the source decodes as a ContextQuery and lints clean", () => {
    const fixture = fixtureJson<{ cases: { source: unknown }[] }>("frames/context-query.valid.json");
    const parsed = parseShape(ContextQuerySchema, fixture.cases[0]?.source, "query");
    assert.ok(parsed.success);
    assert.equal(parsed.output.max_tokens, 2048);
    assert.equal(parsed.output.kinds, undefined);
    assert.deepEqual(lintQuery(fixture.cases[0]?.source), []);
  });

  const strict = fixtureJson<{
    cases: { name: string; target: "frame" | "query"; input: unknown; unknown_path: string }[];
  }>("frames/strict-validation.invalid.json");
  for (const { name, target, input, unknown_path } of strict.cases) {
    test(`strict-validation.invalid.json ${name}: accepted by the interop decoder, rejected by the lint at ${unknown_path}`, () => {
      const schema = target === "frame" ? ContextFrameSchema : ContextQuerySchema;
      const parsed = parseShape(schema, input, target);
      assert.ok(parsed.success);
      assert.ok(!JSON.stringify(parsed.output).includes("future_field"), "the unknown member is dropped");
      const issues = (target === "frame" ? lintFrame : lintQuery)(input);
      assert.deepEqual(issues, [{ path: unknown_path, message: "unknown member" }]);
    });
  }
});

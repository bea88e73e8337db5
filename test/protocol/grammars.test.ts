// The grammars of spec §1.14 and the f32 writer (spec §1.2 "Numbers").
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  fingerprintDimensions,
  formatF32,
  isDigest,
  isEgressScope,
  isOffMachineScope,
  isProtocolVersion,
  isTimestamp,
  parseLineRange,
  versionFamily,
} from "../support/lib.ts";
import { seededRandom } from "../support/random.ts";

describe("timestamp profile (F4)", () => {
  const good = [
    "2026-07-21T12:34:56Z",
    "2026-07-21T12:34:56.5Z",
    "2024-02-29T00:00:00Z",
    "2000-02-29T23:59:59Z",
    "2016-12-31T23:59:60Z",
    "2026-01-01T00:00:00.000000001Z",
  ];
  const bad = [
    "2026-07-21t12:34:56Z",
    "2026-07-21T12:34:56z",
    "2026-07-21 12:34:56Z",
    "2026-07-21T12:34:56+00:00",
    "2026-07-21T12:34:56",
    "2026-07-21T12:34:56.Z",
    "2026-13-01T00:00:00Z",
    "2026-00-01T00:00:00Z",
    "2026-04-31T00:00:00Z",
    "2025-02-29T00:00:00Z",
    "1900-02-29T00:00:00Z",
    "2026-01-01T24:00:00Z",
    "2026-01-01T23:60:00Z",
    "2026-01-01T23:59:61Z",
    "26-01-01T00:00:00Z",
    "",
  ];
  for (const value of good) test(`accepts ${value}`, () => assert.ok(isTimestamp(value)));
  for (const value of bad) test(`refuses ${JSON.stringify(value)}`, () => assert.ok(!isTimestamp(value)));
});

describe("digest (D1, F5)", () => {
  test("accepts sha256 with 64 lowercase hex", () => assert.ok(isDigest(`sha256:${"ab".repeat(32)}`)));
  test("refuses uppercase, short, long, other algorithms and a missing prefix", () => {
    for (const value of [
      `sha256:${"AB".repeat(32)}`,
      `sha256:${"a".repeat(63)}`,
      `sha256:${"a".repeat(65)}`,
      `sha512:${"a".repeat(64)}`,
      "a".repeat(64),
      "sha256:9f2c3e7a1b",
    ]) {
      assert.ok(!isDigest(value), value);
    }
  });
});

describe("version grammar and family (spec §1.14)", () => {
  test("accepts the two interoperating spellings", () => {
    assert.ok(isProtocolVersion("contextgraph/1.0"));
    assert.ok(isProtocolVersion("contextgraph/1.0-draft"));
  });
  test("refuses other spellings", () => {
    for (const value of ["contextgraph/1", "contextgraph/1.0-beta", "Contextgraph/1.0", "mcp/1.0", "contextgraph/1.0 "])
      assert.ok(!isProtocolVersion(value), value);
  });
  test("the family is the part before the first dot", () => {
    assert.equal(versionFamily("contextgraph/1.0-draft"), "contextgraph/1");
    assert.equal(versionFamily("contextgraph/12.3.4"), "contextgraph/12");
    assert.equal(versionFamily("nodot"), "nodot");
  });
});

describe("egress scopes (spec §1.14)", () => {
  test("base scopes and ns:name are well-formed; only local-only stays on the machine", () => {
    for (const scope of ["local-only", "org-tenant", "third-party-index", "third-party-model", "acme:vector-store"])
      assert.ok(isEgressScope(scope), scope);
    assert.ok(!isOffMachineScope("local-only"));
    assert.ok(isOffMachineScope("acme:vector-store"));
    assert.ok(isOffMachineScope("org-tenant"));
  });
  test("a custom scope without a colon or with an empty side is malformed", () => {
    for (const scope of ["cloud", ":x", "x:", ""]) assert.ok(!isEgressScope(scope), scope);
  });
});

describe("fingerprint dimensions and line ranges", () => {
  test("the dimension is the second field as an unsigned integer", () => {
    assert.equal(fingerprintDimensions("bge-small-en-v1.5/384/l2"), 384);
    assert.equal(fingerprintDimensions("model/3"), 3);
    assert.equal(fingerprintDimensions("model"), undefined);
    assert.equal(fingerprintDimensions("model/x/l2"), undefined);
    assert.equal(fingerprintDimensions("model/-3"), undefined);
  });
  test("line ranges L<n> and L<a>-<b>", () => {
    assert.deepEqual(parseLineRange("L10-18"), { start: 10, end: 18 });
    assert.deepEqual(parseLineRange("L7"), { start: 7, end: undefined });
    for (const value of ["L0", "L01", "L5-3", "10-18", "L1-", "step:2", "l1"])
      assert.equal(parseLineRange(value), undefined, value);
  });
});

describe("formatF32 (as serde_json writes an f32)", () => {
  const cases: [number, string][] = [
    [1, "1.0"],
    [0, "0.0"],
    [-0, "-0.0"],
    [0.875, "0.875"],
    [0.1, "0.1"],
    [0.3, "0.3"],
    [-0.25, "-0.25"],
    [0.7, "0.7"],
    [1.5e-7, "1.5e-7"],
    [1e-7, "1e-7"],
    [0.000001, "0.000001"],
    [1234567, "1234567.0"],
    [16777217, "16777216.0"],
    [123456789, "123456790.0"],
    [1e13, "1e13"],
    [3.4028234663852886e38, "3.4028235e38"],
    [0.1 + 0.2, "0.3"],
  ];
  for (const [value, text] of cases) test(`${value} is written ${text}`, () => assert.equal(formatF32(value), text));
  test("refuses a value beyond f32", () => assert.throws(() => formatF32(1e39), RangeError));
});

test("formatF32 output reads back as the same f32, for random values across the range", () => {
  const random = seededRandom(0xf32);
  for (let i = 0; i < 20000; i++) {
    const value = (random() - 0.5) * 2 ** (Math.floor(random() * 250) - 140);
    if (!Number.isFinite(Math.fround(value))) continue;
    const text = formatF32(value);
    assert.match(text, /^-?(\d+\.\d+|\d(\.\d+)?e-?\d+)$/, text);
    assert.equal(Math.fround(Number(text)), Math.fround(value), `${value} written ${text}`);
    assert.equal(formatF32(Number(text)), text, `${value} written ${text} is not a fixed point`);
  }
});

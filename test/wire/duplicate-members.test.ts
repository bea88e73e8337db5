// decodeLine and member names given twice in one object (spec §1.2; issue: last-wins lets an intermediary reading
// the first name disagree with the receiver). Members the schemas read are refused as `duplicate_member`, at every
// level; repeated unknown members, and anything inside an unknown member's value, are ignored (U1).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decodeLine, lintEnvelope, WireError } from "../support/lib.ts";
import { fixtureJson, referenceVectorLines } from "../support/fixtures.ts";

type Json = null | boolean | number | string | Json[] | { [name: string]: Json };
type Path = (string | number)[];

/** Every envelope of the shared fixtures; each has only members the schemas read (checked below). */
const SEEDS: Json[] = [
  ...referenceVectorLines().map((line) => JSON.parse(line) as Json),
  ...fixtureJson<Json[]>("reference-messages.json"),
];

function isObject(value: Json): value is { [name: string]: Json } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Every object in `value` with its path. */
function objects(value: Json, path: Path = []): [Path, { [name: string]: Json }][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => objects(item, [...path, i]));
  if (!isObject(value)) return [];
  return [[path, value], ...Object.entries(value).flatMap(([name, member]) => objects(member, [...path, name]))];
}

/** `envelope.a.b[0].c`, written here independently of the decoder. */
function pathText(path: Path): string {
  return path.reduce<string>(
    (text, step) => (typeof step === "number" ? `${text}[${step}]` : `${text}.${step}`),
    "envelope",
  );
}

/** JSON text of `value`, with `extra` members (raw text) appended to each object `where` picks. */
function withExtra(
  value: Json,
  where: (path: Path, object: { [name: string]: Json }) => string[],
  path: Path = [],
): string {
  if (Array.isArray(value)) return `[${value.map((item, i) => withExtra(item, where, [...path, i])).join(",")}]`;
  if (!isObject(value)) return JSON.stringify(value);
  const members = Object.entries(value).map(
    ([name, member]) => `${JSON.stringify(name)}:${withExtra(member, where, [...path, name])}`,
  );
  return `{${[...members, ...where(path, value)].join(",")}}`;
}

const samePath = (a: Path, b: Path) => a.length === b.length && a.every((step, i) => step === b[i]);

function wireErrorOf(line: string): WireError {
  try {
    decodeLine(line);
  } catch (error) {
    assert.ok(error instanceof WireError, `expected a WireError, got ${String(error)}`);
    return error;
  }
  assert.fail(`decoded: ${line.slice(0, 80)}`);
}

function assertRefused(line: string, path: Path): void {
  const error = wireErrorOf(line);
  assert.equal(error.code, "duplicate_member", line.slice(0, 120));
  assert.equal(error.message, `${pathText(path)}: member given twice`);
}

describe("decodeLine and repeated member names", () => {
  test("the seeds carry only members the schemas read", () => {
    assert.ok(SEEDS.length >= 20);
    for (const seed of SEEDS) assert.deepEqual(lintEnvelope(seed), []);
  });

  test("refuses every member of every object of every seed given twice, as duplicate_member naming its path", () => {
    let refused = 0;
    for (const seed of SEEDS) {
      for (const [target, object] of objects(seed)) {
        for (const [name, member] of Object.entries(object)) {
          const twice = (path: Path) =>
            samePath(path, target) ? [`${JSON.stringify(name)}:${JSON.stringify(member)}`] : [];
          assertRefused(withExtra(seed, twice), [...target, name]);
          refused += 1;
        }
      }
    }
    assert.ok(refused > 500, `only ${refused} cases`);
  });

  test("refuses a second type that would turn a query into a handshake", () => {
    const line =
      '{"type":"query","query":{"goal":"g","max_frames":1,"max_tokens":1},"type":"handshake","protocol_version":"contextgraph/1.0"}';
    assertRefused(line, ["type"]);
    assertRefused('{"type":"subscribe","type":"shutdown"}', ["type"]);
    assertRefused('{"type":"shutdown","type":7}', ["type"]);
  });

  test("a name spelled with escapes, or with whitespace before its colon, is the same name", () => {
    assertRefused('{"type":"handshake","protocol_version":"a","\\u0070rotocol_version":"b"}', ["protocol_version"]);
    assertRefused('{"type":"handshake","protocol_version":"a","protocol_version" :"b"}', ["protocol_version"]);
    assertRefused('{"type":"handshake","protocol_version" :"a","protocol_version"\t\r\n: "b"}', ["protocol_version"]);
    assertRefused('{ "type" : "handshake" , "protocol_version" : "a" , "type" : "handshake" }', ["type"]);
  });

  test("ignores a repeated unknown member, and known names repeated inside an unknown member's value (U1)", () => {
    const unknown = ['"x-ext":1', '"x-ext":{"type":1,"type":2,"id":[{"id":1,"id":2}]}'];
    for (const seed of SEEDS) {
      const line = withExtra(seed, () => unknown);
      assert.deepEqual(decodeLine(line), decodeLine(JSON.stringify(seed)), line.slice(0, 120));
    }
  });

  test("text that only looks like a repeated name is not one: names inside strings, strings starting with a colon", () => {
    const lines = [
      '{"type":"error","message":"\\"message\\":\\"x\\", \\"type\\" : 1","code":"internal"}',
      '{"type":"error","message":":","code":":"}',
      '{"type":"error","message":"\\\\","code":"internal"}',
      '{"type":"error","message":"a\\\\\\":b"}',
    ];
    for (const line of lines) assert.equal(decodeLine(line).type, "error", line);
  });

  test("still finds a repeat when Object.prototype carries an enumerable member", () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.polluted = 1;
    try {
      assertRefused('{"type":"handshake","protocol_version":"a","protocol_version":"b"}', ["protocol_version"]);
    } finally {
      delete prototype.polluted;
    }
  });

  test("never echoes a member's value in the message", () => {
    const secret = "Bearer sk-live-0123456789abcdef";
    const error = wireErrorOf(`{"type":"error","message":"${secret}","message":"${secret}"}`);
    assert.equal(error.code, "duplicate_member");
    assert.ok(!error.message.includes("sk-live"), error.message);
  });
});

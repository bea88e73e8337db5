// The corpus: systematic cases, then RANDOM_CASES lines from weighted generators, all from SEED.
import assert from "node:assert/strict";
import {
  BAD_UTF8,
  deleteBytes,
  flipBytes,
  insertAt,
  insertBadUtf8,
  insertBytes,
  splice,
  truncate,
} from "./byte-mutations.ts";
import { concat, LF, utf8 } from "./bytes.ts";
import { type JsonObject, setSlot, slotsOf, slotValue } from "./json-tree.ts";
import { Rng } from "./rng.ts";
import { parseSeed, type Seed, SEEDS } from "./seeds.ts";
import { RANDOM_CASES, SEED, STREAM_SHARE } from "./settings.ts";
import { BLANKS, deepNesting, NEST_CONTEXTS, nested, randomGarbage, SCALARS } from "./synthetic-lines.ts";
import {
  dropMember,
  HUGE_NUMBERS,
  hugeNumber,
  longString,
  NON_STRING_TYPES,
  NUMBER_SENTINEL,
  NUMBER_SENTINEL_JSON,
  protoKeys,
  UNKNOWN_TYPES,
  withLongString,
  withType,
  wrongType,
} from "./tree-mutations.ts";

/** One line to decode; its kind and index name it in reports, never its content. */
export interface FuzzCase {
  readonly index: number;
  readonly kind: string;
  readonly bytes: Uint8Array;
}

type Make = (rng: Rng) => Uint8Array | string;

const anySeed = (rng: Rng): Seed => rng.pick(SEEDS);
const anyTree = (rng: Rng): JsonObject => parseSeed(anySeed(rng));
const BYTE_MUTATIONS: readonly ((rng: Rng, bytes: Uint8Array) => Uint8Array)[] = [
  truncate,
  flipBytes,
  insertBytes,
  deleteBytes,
  insertBadUtf8,
  (rng, bytes) => splice(rng, bytes, anySeed(rng).bytes),
];

/** Each kind of random case with its weight. */
export const GENERATORS: readonly (readonly [readonly [string, Make], number])[] = [
  [["seed", (rng) => anySeed(rng).text + rng.pick(["", "", "\r", " ", "\t \r"])], 2],
  [["truncate", (rng) => truncate(rng, anySeed(rng).bytes)], 10],
  [["byte-flip", (rng) => flipBytes(rng, anySeed(rng).bytes)], 10],
  [["byte-insert", (rng) => insertBytes(rng, anySeed(rng).bytes)], 8],
  [["byte-delete", (rng) => deleteBytes(rng, anySeed(rng).bytes)], 8],
  [["splice", (rng) => splice(rng, anySeed(rng).bytes, anySeed(rng).bytes)], 8],
  [["wrong-type", (rng) => JSON.stringify(wrongType(rng, anyTree(rng)))], 14],
  [["drop-member", (rng) => JSON.stringify(dropMember(rng, anyTree(rng)))], 5],
  [["huge-number", (rng) => hugeNumber(rng, anyTree(rng))], 8],
  [["deep-nesting", deepNesting], 0.4],
  [["invalid-utf8", (rng) => insertBadUtf8(rng, anySeed(rng).bytes)], 6],
  [["proto-keys", (rng) => JSON.stringify(protoKeys(rng, anyTree(rng), rng.chance(0.3)))], 6],
  [["long-string", (rng) => JSON.stringify(withLongString(rng, anyTree(rng)))], 1],
  [["garbage", randomGarbage], 4],
  [["blank", (rng) => rng.pick(BLANKS)], 1],
  [["scalar", (rng) => rng.pick(SCALARS)], 1],
  [["unknown-type", (rng) => JSON.stringify(withType(anyTree(rng), rng.pick(UNKNOWN_TYPES)))], 3],
  [["type-non-string", (rng) => JSON.stringify(withType(anyTree(rng), rng.pick(NON_STRING_TYPES)))], 2],
  [
    [
      "stacked",
      (rng) => {
        let bytes: Uint8Array = utf8.encode(
          JSON.stringify(rng.chance(0.5) ? wrongType(rng, anyTree(rng)) : protoKeys(rng, anyTree(rng), false)),
        );
        for (let n = rng.range(1, 3); n > 0; n--) bytes = rng.pick(BYTE_MUTATIONS)(rng, bytes);
        return bytes;
      },
    ],
    8,
  ],
];

/** Deterministic cases: every huge number at every numeric member, every level proto-keyed, 100,000-deep nesting, and so on. */
function* systematicCases(): Generator<readonly [string, Uint8Array | string]> {
  const rng = new Rng(SEED ^ 0x51);
  for (const text of BLANKS) yield ["sys:blank", text];
  for (const text of SCALARS) yield ["sys:scalar", text];
  for (const shape of ["array", "object"] as const) {
    for (const context of NEST_CONTEXTS) {
      yield ["sys:deep-nesting", context.replace("@", nested(shape, 100_000, true))];
      yield ["sys:deep-nesting-unclosed", context.replace("@", nested(shape, 100_000, false))];
    }
  }
  for (const seed of SEEDS) {
    const slots = slotsOf(parseSeed(seed));
    for (const [i, slot] of slots.entries()) {
      if (typeof slotValue(slot) !== "number") continue;
      for (const token of HUGE_NUMBERS) {
        const copy = parseSeed(seed);
        const target = slotsOf(copy)[i];
        if (target === undefined) continue;
        setSlot(target, NUMBER_SENTINEL);
        yield ["sys:huge-number", JSON.stringify(copy).replace(NUMBER_SENTINEL_JSON, token)];
      }
    }
    for (let n = 0; n < 4; n++) yield ["sys:proto-every-level", JSON.stringify(protoKeys(rng, parseSeed(seed), true))];
    for (const bad of BAD_UTF8) yield ["sys:invalid-utf8", concat(insertAt(rng, seed.bytes, Uint8Array.from(bad)))];
    for (const type of [...UNKNOWN_TYPES, ...NON_STRING_TYPES])
      yield ["sys:bad-type", JSON.stringify(withType(parseSeed(seed), type))];
  }
  yield ["sys:proto-text", '{"type":"frames","__proto__":{"polluted":1},"result":{"frames":[],"truncated":false}}'];
  yield ["sys:proto-text", '{"__proto__":{"polluted":1},"__proto__":[],"type":"shutdown"}'];
  yield ["sys:proto-text", '{"type":"shutdown","constructor":{"prototype":{"polluted":1}}}'];
  yield [
    "sys:proto-text",
    '{"type":"frames","result":{"__proto__":{"polluted":1},"frames":[{"__proto__":{"polluted":1},"id":"a","kind":"k","title":"t","score":1,"token_cost":1,"provenance":[{"__proto__":{"polluted":1},"type":"file","constructor":{"prototype":{"polluted":1}}}]}],"truncated":false}}',
  ];
  yield ["sys:long-string", `{"type":"error","message":"${"m".repeat(4_000_000)}"}`];
  yield ["sys:long-string", `{"type":"${"t".repeat(1_000_000)}"}`];
  yield ["sys:long-string", `${"x".repeat(1_000_000)}`];
  yield ["sys:long-string", JSON.stringify({ type: "error", message: longString(rng, 1_000_000) })];
  yield ["sys:long-string", JSON.stringify({ type: "error", message: "m", [longString(rng, 1_000_000)]: 1 })];
}

let streamShareCache: FuzzCase[] | undefined;

/** Every case, systematic ones first; a full pass also caches the stream's share. */
export function* corpus(): Generator<FuzzCase> {
  const share: FuzzCase[] = [];
  let index = 0;
  const toCase = (kind: string, made: Uint8Array | string): FuzzCase => {
    const fuzzCase = { index, kind, bytes: typeof made === "string" ? utf8.encode(made) : made };
    if (index++ % STREAM_SHARE === 0) share.push(fuzzCase);
    return fuzzCase;
  };
  for (const [kind, made] of systematicCases()) yield toCase(kind, made);
  const rng = new Rng(SEED);
  for (let i = 0; i < RANDOM_CASES; i++) {
    const [kind, make] = rng.weighted(GENERATORS);
    yield toCase(kind, make(rng));
  }
  streamShareCache = share;
}

/** The cases that also go through the stream: every STREAM_SHARE-th one. */
export function streamShare(): readonly FuzzCase[] {
  if (streamShareCache === undefined) for (const _ of corpus());
  assert.ok(streamShareCache !== undefined);
  return streamShareCache;
}

const SHORT_LINES = [
  '{"type":"shutdown"}',
  '{"type":"handshake","protocol_version":"contextgraph/1.0"}',
  '{"type":"error","message":"m"}',
];

/** An error envelope line of exactly `length` chars. */
const lineOfLength = (length: number) => `{"type":"error","message":"${"x".repeat(length - 29)}"}`;

/**
 * For a 64-byte line limit, 200 times: an oversized line (kind "oversized"),
 * a short envelope right after it ("short-after-oversized"), and a line of
 * 60–66 chars, sometimes ending in CR ("boundary").
 */
export function oversizedLineCases(rng: Rng): FuzzCase[] {
  let index = 0;
  const cases: FuzzCase[] = [];
  const longSeeds = SEEDS.filter((seed) => seed.bytes.length > 70);
  const noLf = (bytes: Uint8Array) => bytes.map((byte) => (byte === LF ? 0x20 : byte));
  const add = (kind: string, text: string | Uint8Array) =>
    cases.push({ index: index++, kind, bytes: typeof text === "string" ? utf8.encode(text) : text });
  for (let i = 0; i < 200; i++) {
    const oversized = rng.weighted<() => Uint8Array>([
      [() => rng.pick(longSeeds).bytes, 3],
      [() => noLf(flipBytes(rng, rng.pick(longSeeds).bytes)), 2],
      [() => utf8.encode(lineOfLength(rng.range(65, 70))), 2],
      [() => utf8.encode("x".repeat(rng.range(65, 100_000))), 1],
    ])();
    add("oversized", oversized);
    add("short-after-oversized", rng.pick(SHORT_LINES));
    add("boundary", lineOfLength(rng.range(60, 66)) + (rng.chance(0.3) ? "\r" : ""));
  }
  return cases;
}

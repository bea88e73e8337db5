// Mutations of a seed's JSON tree: wrong types, dropped members, huge numbers, prototype keys, long strings, odd types.
import {
  defineOwn,
  type Json,
  type JsonObject,
  objectsOf,
  removeSlot,
  setSlot,
  slotsOf,
  slotValue,
  typeName,
} from "./json-tree.ts";
import type { Rng } from "./rng.ts";

const TYPE_SAMPLES: readonly (readonly [string, Json])[] = [
  ["string", ""],
  ["string", "x"],
  ["string", "frames"],
  ["string", "12"],
  ["number", 0],
  ["number", 1],
  ["number", -1],
  ["number", 7.5],
  ["null", null],
  ["array", []],
  ["array", [1, "a", null]],
  ["array", [{}]],
  ["object", {}],
  ["object", { a: 1 }],
  ["object", { type: "shutdown" }],
  ["boolean", true],
  ["boolean", false],
];

export function wrongType(rng: Rng, tree: JsonObject): JsonObject {
  const slot = rng.pick(slotsOf(tree));
  const current = typeName(slotValue(slot));
  const candidates = TYPE_SAMPLES.filter(([type]) => type !== current);
  setSlot(slot, structuredClone(rng.pick(candidates)[1]));
  return tree;
}

export function dropMember(rng: Rng, tree: JsonObject): JsonObject {
  removeSlot(rng.pick(slotsOf(tree)));
  return tree;
}

/** Number tokens JSON.stringify cannot write, or that sit on a range boundary. */
export const HUGE_NUMBERS = [
  "1e400",
  "-1e400",
  "1e309",
  "123456789012345678901234567890",
  "-0",
  "-0.0",
  "4294967296",
  "4294967295",
  "7.5",
  "9007199254740993",
  "9007199254740991",
  "3.4028234663852886e38",
  "3.4028235e38",
  "-3.4028235e38",
  "3.5e38",
  "1e-46",
  "5e-324",
  "0.123456789",
  "16777217",
  "-1",
  "1E2",
  "0e0",
];

/** Put in a tree where a raw number token goes; its JSON is then replaced by the token. */
export const NUMBER_SENTINEL = "\u0001number\u0001";
export const NUMBER_SENTINEL_JSON = JSON.stringify(NUMBER_SENTINEL);

/** Puts a raw number token at a slot (numeric slots preferred), where JSON.stringify could not. */
export function hugeNumber(rng: Rng, tree: JsonObject, token: string = rng.pick(HUGE_NUMBERS)): string {
  const slots = slotsOf(tree);
  const numeric = slots.filter((slot) => typeof slotValue(slot) === "number");
  setSlot(numeric.length > 0 && rng.chance(0.85) ? rng.pick(numeric) : rng.pick(slots), NUMBER_SENTINEL);
  return JSON.stringify(tree).replace(NUMBER_SENTINEL_JSON, token);
}

const PROTO_KEYS = ["__proto__", "constructor", "prototype"] as const;
const PROTO_VALUES: readonly Json[] = [
  { polluted: 1 },
  { polluted: 1, type: "frames" },
  null,
  "x",
  1,
  [],
  [{ polluted: 1 }],
  { toString: 1, valueOf: "x" },
];

/** Adds a prototype key to an object at a random position, as an own member. */
function injectProtoKey(rng: Rng, target: JsonObject): void {
  const entries = Object.entries(target);
  entries.splice(rng.int(entries.length + 1), 0, [rng.pick(PROTO_KEYS), structuredClone(rng.pick(PROTO_VALUES))]);
  for (const key of Object.keys(target)) delete target[key];
  for (const [key, value] of entries) defineOwn(target, key, value);
}

/** Prototype keys in every object of the tree, or in about a third of them. */
export function protoKeys(rng: Rng, tree: JsonObject, everyLevel: boolean): JsonObject {
  for (const target of objectsOf(tree)) if (everyLevel || rng.chance(0.3)) injectProtoKey(rng, target);
  return tree;
}

const LONG_STRING_PIECES = [
  "a",
  "b",
  " ",
  '"',
  "\\",
  "\n",
  "\u0000",
  "\u001f",
  "\u2028",
  "é",
  "€",
  "😀",
  "\ud800",
  "\udfff",
  "\ufeff",
  "</script>",
];

export function longString(rng: Rng, length: number): string {
  const block = Array.from({ length: 256 }, () => rng.pick(LONG_STRING_PIECES)).join("");
  return block.repeat(Math.ceil(length / block.length)).slice(0, length);
}

/** A long string as the type, as a member name, or in place of a string value. */
export function withLongString(rng: Rng, tree: JsonObject): JsonObject {
  const length = rng.weighted<number>([
    [100, 30],
    [1_000, 30],
    [10_000, 20],
    [100_000, 3],
  ]);
  const text = longString(rng, length);
  const where = rng.int(4);
  if (where === 0) defineOwn(tree, "type", text);
  else if (where === 1) defineOwn(tree, text, 1);
  else {
    const strings = slotsOf(tree).filter((slot) => typeof slotValue(slot) === "string");
    setSlot(strings.length > 0 ? rng.pick(strings) : { parent: tree, key: "message" }, text);
  }
  return tree;
}

export const UNKNOWN_TYPES: readonly Json[] = [
  "",
  "Frames",
  "frames ",
  " frames",
  "FRAMES",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "frames\u0000",
  "frаmes",
  "handshake_ack2",
  "😀",
  "x".repeat(300),
];
export const NON_STRING_TYPES: readonly Json[] = [
  null,
  1,
  0,
  -0,
  true,
  false,
  [],
  ["frames"],
  {},
  { toString: "frames" },
  1e308,
];

export function withType(tree: JsonObject, type: Json): JsonObject {
  defineOwn(tree, "type", type);
  return tree;
}

// The fuzzer's seeds: the 14 reference vectors (shared fixtures), as text, bytes and fresh JSON trees.
import { fixtureText } from "../fixtures.ts";
import { utf8 } from "./bytes.ts";
import { isObject, type Json, type JsonObject } from "./json-tree.ts";

export interface Seed {
  readonly text: string;
  readonly bytes: Uint8Array;
}

function loadSeeds(): Seed[] {
  return fixtureText("reference-vectors.ndjson")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => ({ text: line, bytes: utf8.encode(line) }));
}

export const SEEDS: readonly Seed[] = loadSeeds();

/** A fresh tree of the seed, free to mutate. */
export function parseSeed(seed: Seed): JsonObject {
  const value = JSON.parse(seed.text) as Json;
  if (!isObject(value)) throw new Error("a reference vector is not an object");
  return value;
}

/**
 * Wire shapes as plain data (spec §1.2): what each member of each envelope
 * holds, in the reference's member order, and when it may be left out. The
 * table itself (`shapes.generated.ts`) is generated from the valibot schemas,
 * so it cannot drift from them; the encoder and the repeated-member check read
 * it at run time without loading a schema library.
 */
import type { NumberKindName } from "./number-kinds.ts";

/**
 * One of a fixed set of strings: a picklist (`representation`), or the one
 * literal an envelope's `type` must be.
 */
interface WireChoice {
  readonly oneOf: readonly string[];
}

/** A list, with the shape of its items. */
export interface WireList {
  readonly list: WireShape;
}

/** An object, with its members in declaration (= wire) order. */
export interface WireObject {
  readonly members: readonly WireMember[];
}

/**
 * When a member may be absent (`null` reads as absent, spec §1.2): a member
 * with no presence is required; `optional` is left out when absent;
 * `omitEmpty` (a list) is left out when absent or empty (the spec's "omit
 * when empty"); `default` reads and writes as its fallback when absent.
 */
type WirePresence = "optional" | "omitEmpty" | "default";

/** A member: its wire name, its shape, and when it may be absent (with the fallback of a `default`). */
export type WireMember = readonly [name: string, shape: WireShape, presence?: WirePresence, fallback?: unknown];

/** A JSON string or boolean, one of the wire's number kinds, a choice, a list or an object. */
export type WireShape = "string" | "boolean" | NumberKindName | WireChoice | WireList | WireObject;

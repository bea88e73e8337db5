// JSON trees: walking every member and element, and editing them in place without touching a prototype.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Sets an own, enumerable member, even `__proto__`, without touching any prototype. */
export function defineOwn(target: JsonObject, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A member of an object or an element of an array. */
export interface Slot {
  readonly parent: Json[] | JsonObject;
  readonly key: string | number;
}

export function slotValue(slot: Slot): Json | undefined {
  return Array.isArray(slot.parent) ? slot.parent[slot.key as number] : slot.parent[slot.key as string];
}

export function setSlot(slot: Slot, value: Json): void {
  if (Array.isArray(slot.parent)) slot.parent[slot.key as number] = value;
  else defineOwn(slot.parent, slot.key as string, value);
}

export function removeSlot(slot: Slot): void {
  if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
  else delete slot.parent[slot.key as string];
}

/** Every member and array element in the tree. */
export function slotsOf(value: Json, found: Slot[] = []): Slot[] {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      found.push({ parent: value, key: i });
      slotsOf(item, found);
    });
  } else if (isObject(value)) {
    for (const key of Object.keys(value)) {
      found.push({ parent: value, key });
      slotsOf(value[key] ?? null, found);
    }
  }
  return found;
}

/** Every object in the tree, the root included. */
export function objectsOf(value: Json, found: JsonObject[] = []): JsonObject[] {
  if (Array.isArray(value)) for (const item of value) objectsOf(item, found);
  else if (isObject(value)) {
    found.push(value);
    for (const key of Object.keys(value)) objectsOf(value[key] ?? null, found);
  }
  return found;
}

export function typeName(value: Json | undefined): string {
  if (value === null || value === undefined) return "null";
  return Array.isArray(value) ? "array" : typeof value;
}

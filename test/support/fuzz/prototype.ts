// Object.prototype as it was when this module was first imported, and the check that nothing changed it since.
import assert from "node:assert/strict";

const SNAPSHOT = new Map(
  Object.getOwnPropertyNames(Object.prototype).map((name) => [
    name,
    Object.getOwnPropertyDescriptor(Object.prototype, name),
  ]),
);

/** Fails when Object.prototype gained, lost or changed a member since the snapshot. */
export function assertPrototypeUntouched(): void {
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(([] as unknown as Record<string, unknown>).polluted, undefined);
  assert.equal(Object.keys(Object.prototype).length, 0);
  const names = Object.getOwnPropertyNames(Object.prototype);
  assert.deepEqual(names.sort(), [...SNAPSHOT.keys()].sort());
  for (const name of names)
    assert.deepEqual(
      Object.getOwnPropertyDescriptor(Object.prototype, name),
      SNAPSHOT.get(name),
      `Object.prototype.${name} changed`,
    );
}

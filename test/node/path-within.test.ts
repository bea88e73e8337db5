// The one containment rule the Node adapters use (file provenance re-reading, spec §4.10; the corpus folder):
// expected answers written out for POSIX paths.
import assert from "node:assert/strict";
import { test } from "node:test";
import { isWithin } from "../support/node-lib.ts";

test("a folder holds itself and what is under it, however spelled", () => {
  assert.equal(isWithin("/srv/docs", "/srv/docs"), true);
  assert.equal(isWithin("/srv/docs", "/srv/docs/a.md"), true);
  assert.equal(isWithin("/srv/docs", "/srv/docs/deep/er/b.md"), true);
  assert.equal(isWithin("/srv/docs", "/srv/docs/x/../a.md"), true);
  assert.equal(isWithin("/srv/docs", "/srv/docs/..notes/a.md"), true, "a name that begins with .. is a name");
  assert.equal(isWithin("/", "/etc/passwd"), true);
});

test("a folder does not hold its parent, a sibling, or a path that steps out", () => {
  assert.equal(isWithin("/srv/docs", "/srv"), false);
  assert.equal(isWithin("/srv/docs", "/srv/docs-old/a.md"), false);
  assert.equal(isWithin("/srv/docs", "/srv/docs/../secrets"), false);
  assert.equal(isWithin("/srv/docs", "/etc/passwd"), false);
});

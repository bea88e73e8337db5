// C7's loopback test on names the URL parser keeps as names (spec §4.4): four labels starting with 127 are a
// domain, not 127.0.0.0/8, unless every label is a number.
import assert from "node:assert/strict";
import { test } from "node:test";
import { isLoopbackUrl } from "../../support/lib.ts";

test("127.x.y.z and 127.0.0.z are names, not loopback; 127.1 is parsed as 127.0.0.1", () => {
  assert.equal(isLoopbackUrl(new URL("http://127.x.y.z/")), false);
  assert.equal(isLoopbackUrl(new URL("http://127.0.0.z/")), false);
  assert.equal(new URL("http://127.1/").hostname, "127.0.0.1");
  assert.equal(isLoopbackUrl(new URL("http://127.1/")), true);
});

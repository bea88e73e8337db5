// C7 (spec §4.4): https anywhere, http only to a loopback host, and what counts as loopback.
import assert from "node:assert/strict";
import { test } from "node:test";
import { isLoopbackUrl, isSecureEnough } from "../../support/lib.ts";

test("localhost in any case, 127.0.0.0/8 and [::1] are loopback", () => {
  for (const url of [
    "http://localhost/",
    "http://LocalHost:1/",
    "http://127.0.0.1/",
    "http://127.255.0.9/",
    "http://[::1]/",
  ])
    assert.equal(isLoopbackUrl(new URL(url)), true, url);
});

test("other hosts, and names that only start like a loopback address, are not loopback", () => {
  for (const url of [
    "http://128.0.0.1/",
    "http://10.0.0.1/",
    "http://127.0.0.1.example.com/",
    "http://localhost.example.com/",
    "http://[::2]/",
    "http://example.com/",
  ])
    assert.equal(isLoopbackUrl(new URL(url)), false, url);
});

test("https is secure enough anywhere, http only to loopback, anything else nowhere", () => {
  assert.equal(isSecureEnough(new URL("https://example.com/")), true);
  assert.equal(isSecureEnough(new URL("http://127.0.0.1:8787/")), true);
  assert.equal(isSecureEnough(new URL("http://example.com/")), false);
  assert.equal(isSecureEnough(new URL("ftp://127.0.0.1/")), false);
  assert.equal(isSecureEnough(new URL("ws://localhost/")), false);
});

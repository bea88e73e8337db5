// The query link (web/src/fragment.ts): the provider and the query in the URL fragment, so a link reproduces a
// query; read back member by member, anything unknown or malformed ignored. Opening such a link in the page is
// tested in Chromium (test/e2e/playground-offline.test.ts, playground-state.test.ts).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { fromFragment, toFragment } from "../../web/src/fragment.ts";

describe("the query link", () => {
  test("a query with every member goes into the fragment and comes back the same", () => {
    const query = {
      goal: "how do I pin a key?",
      query_text: "pin & trust = #3",
      kinds: ["doc", "code"],
      anchors: ["https://example.com/a?b=c#d", "repo://x"],
      as_of: "2026-05-01T00:00:00Z",
      max_frames: 20,
      max_tokens: 4_294_967_295,
    };
    const fragment = toFragment("https://docs.example.com/contextgraph", query);
    assert.equal(
      fragment,
      "#provider=https%3A%2F%2Fdocs.example.com%2Fcontextgraph&goal=how+do+I+pin+a+key%3F&text=pin+%26+trust+%3D+%233" +
        "&as_of=2026-05-01T00%3A00%3A00Z&kind=doc&kind=code&anchor=https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc%23d" +
        "&anchor=repo%3A%2F%2Fx&max_frames=20&max_tokens=4294967295",
    );
    assert.deepEqual(fromFragment(fragment), { provider: "https://docs.example.com/contextgraph", query });
  });

  test("members the query leaves out are left out of the link; the in-page provider is named as such", () => {
    assert.equal(toFragment("in-page", { goal: "g" }), "#provider=in-page&goal=g");
    assert.equal(toFragment("in-page", { goal: "", query_text: "", kinds: [] }), "#provider=in-page");
    assert.deepEqual(fromFragment("#provider=in-page&goal=g"), { provider: "in-page", query: { goal: "g" } });
  });

  test("text outside the Latin alphabet, and right-to-left text, survive the trip", () => {
    const query = { goal: "שלום עולם ✓ 👍🏽", query_text: "a\u202Eb" };
    assert.deepEqual(fromFragment(toFragment("in-page", query)).query, query);
  });

  test("an empty or foreign fragment reads as no provider and an empty query", () => {
    for (const hash of ["", "#", "#section-2", "#provider=", "#goal=&text="])
      assert.deepEqual(fromFragment(hash), { query: {} }, hash);
  });

  test("unknown members are ignored, and so is a token put in by hand: the page never reads one", () => {
    assert.deepEqual(fromFragment("#provider=in-page&token=secret&bearer=x&goal=g&kind_x=1"), {
      provider: "in-page",
      query: { goal: "g" },
    });
  });

  test("a count that is not a whole number from 0 to 2^32 − 1 is ignored", () => {
    for (const value of ["-1", "1.5", "1e3", "0x10", " 7", "", "4294967296", "12345678901", "NaN"])
      assert.deepEqual(fromFragment(`#max_frames=${encodeURIComponent(value)}&max_tokens=${value}`).query, {}, value);
    assert.deepEqual(fromFragment("#max_frames=0&max_tokens=4294967295").query, {
      max_frames: 0,
      max_tokens: 4_294_967_295,
    });
  });
});

// How the playground shows provider text (web/shared/visible.ts): every bidi control and invisible character
// as a ⟨U+XXXX⟩ marker, what draws an emoji left alone, and an isolate that nothing inside it can close.
// The page itself is tested in Chromium (test/e2e/playground-truth.test.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { isolated, revealed } from "../../web/shared/visible.ts";

test("bidi controls, zero-width and other invisible characters become markers", () => {
  const cases: [string, string][] = [
    ["invoice\u202Efdp.exe", "invoice⟨U+202E⟩fdp.exe"],
    ["a\u2066b\u2067c\u2068d\u2069e", "a⟨U+2066⟩b⟨U+2067⟩c⟨U+2068⟩d⟨U+2069⟩e"],
    ["\u200E\u200F\u061C", "⟨U+200E⟩⟨U+200F⟩⟨U+061C⟩"],
    ["pay\u200Bpal\uFEFF", "pay⟨U+200B⟩pal⟨U+FEFF⟩"],
    ["soft\u00ADhyphen", "soft⟨U+00AD⟩hyphen"],
    ["\u0000\u001B[31m\u0085", "⟨U+0000⟩⟨U+001B⟩[31m⟨U+0085⟩"],
    ["line\u2028paragraph\u2029", "line⟨U+2028⟩paragraph⟨U+2029⟩"],
    ["hidden\u{E0041}\u{E0042}", "hidden⟨U+E0041⟩⟨U+E0042⟩"],
    ["filler\u3164here", "filler⟨U+3164⟩here"],
    ["a\u200Db", "a⟨U+200D⟩b"],
  ];
  for (const [text, shown] of cases) assert.equal(revealed(text), shown, JSON.stringify(text));
});

test("tab, line feed and carriage return stay; so do right-to-left letters, and what draws an emoji", () => {
  for (const text of ["a\tb\nc\r\nd", "שלום עולם", "مرحبا", "👨\u200D👩\u200D👧", "❤\uFE0F\u200D🔥", "👍🏽"])
    assert.equal(revealed(text), text, JSON.stringify(text));
});

test("an isolated string is wrapped in FSI … PDI, and a PDI inside it is a marker, so it cannot close the isolate", () => {
  assert.equal(isolated("x\u2069y"), "\u2068x⟨U+2069⟩y\u2069");
  assert.equal(isolated(""), "\u2068\u2069");
});

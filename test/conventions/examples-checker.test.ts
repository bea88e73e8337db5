// The examples checker (test/support/examples/) finds what it must: a wrong stated value, a type error,
// a throw, each placed at its page or source line; markers with no reason; and stated values read as
// docs/architecture.md "Examples" says. It runs on examples written here, not on the project's own.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { blockExamples, type Example } from "../support/examples/collect.ts";
import { type ExampleProject, runStated, typeCheck, writeProject } from "../support/examples/project.ts";
import { Scope } from "../support/examples/scope.ts";
import { differs, readStated } from "../support/examples/values.ts";

const PAGE = [
  "# A page", // 1
  "", // 2
  "```ts", // 3
  'import { encodeLine } from "frameline/wire";', // 4
  'const line = encodeLine({ type: "shutdown" }); // \'{"type":"shutdown"}\\n\'', // 5
  "line.length // 21", // 6
  "```", // 7
  "", // 8
  "```ts", // 9
  'import { encodeLine } from "frameline/wire";', // 10
  'encodeLine({ type: "shutdwn" });', // 11
  "```", // 12
  "", // 13
  "```ts", // 14
  'JSON.parse("{"); // 1', // 15
  "```", // 16
  "", // 17
  "```ts", // 18
  'JSON.parse("{"); // prose: never run', // 19
  "```", // 20
  "", // 21
  "```js walk.mjs", // 22
  'import { encodeLine } from "frameline/wire";', // 23
  "export const twice = (value) => [value, value];", // 24
  "encodeLine(42);", // 25
  "```", // 26
  "", // 27
  "<!-- not checked: shows a shape -->", // 28
  "```ts", // 29
  "{ kind: …", // 30
  "```", // 31
  "",
].join("\n");

/** `@example`s as if written in source files; the second's value stands alone on its own line. */
const comment = (path: string, line: number, code: string): Example => ({
  kind: "doc-comment",
  path,
  line,
  lang: "ts",
  code,
});
const COMMENTS = [
  comment("src/attest/commitment.ts", 100, 'digestString(frameCommitment("repo-graph", frame)) // "sha256:cba5…"\n'),
  comment("src/docs-provider/paths.ts", 100, 'normalizePath("./a/../b.md")\n// "a.md"\n'),
  comment("src/docs-provider/paths.ts", 200, 'fileUri("my notes.md") // "file:///my%20notes.md"\n'),
];

describe("the examples checker, on examples written to fail", () => {
  const page = blockExamples("docs/fake.md", PAGE);
  let project: ExampleProject;
  before(async () => {
    project = await writeProject([...page.examples, ...COMMENTS], new Scope());
  });
  after(() => project?.cleanup());

  test("a marker with a reason is read; one without, or a stray one, is a problem", () => {
    assert.deepEqual(
      page.examples.map((example) => [example.line, example.file, example.notChecked]),
      [
        [4, undefined, undefined],
        [10, undefined, undefined],
        [15, undefined, undefined],
        [19, undefined, undefined],
        [23, "walk.mjs", undefined],
        [30, undefined, "shows a shape"],
      ],
    );
    const bad = blockExamples(
      "docs/bad.md",
      "<!-- not checked -->\n```ts\nx\n```\n\n<!-- not checked: no -->\n```sh\nls\n```\n",
    );
    assert.deepEqual(bad.problems, [
      "docs/bad.md:2: `<!-- not checked -->` before a ts block: the one marker is `<!-- not checked: reason -->`",
      "docs/bad.md:7: a marker before a `sh` block, which is never checked",
    ]);
  });

  test("type errors are placed at the page's line and column; a js block's own untyped parameter is none", async () => {
    const { errors } = await typeCheck(project);
    assert.deepEqual(
      errors.map((error) => error.replace(/ TS\d+ [\s\S]*/, "")),
      ["docs/fake.md:11:14:", "docs/fake.md:25:12:"],
      errors.join("\n"),
    );
  });

  test("stated values are compared, a throw is placed at its example, and prose comments never run", async () => {
    const { ran, failures } = await runStated(project);
    assert.equal(ran, 5, "the page's first and third blocks, and the three @examples");
    assert.deepEqual(
      failures.map((failure) => failure.replace(/(SyntaxError): .*/, "$1")),
      [
        "docs/fake.md:6: value is 20, stated 21",
        "docs/fake.md:15: SyntaxError",
        "src/docs-provider/paths.ts:101: value is 'b.md', stated 'a.md'",
      ],
    );
  });
});

describe("stated values", () => {
  test("literals in either quote, with escapes; numbers; keywords", () => {
    assert.deepEqual(readStated(`'a\\n"b"\\u{1F600}'`), { kind: "exact", value: 'a\n"b"😀' });
    assert.deepEqual(readStated('"it\'s"'), { kind: "exact", value: "it's" });
    assert.deepEqual(readStated("-1.5e3"), { kind: "exact", value: -1500 });
    assert.deepEqual(readStated("undefined"), { kind: "exact", value: undefined });
    assert.deepEqual(readStated("NaN"), { kind: "exact", value: Number.NaN });
  });

  test("… ends a prefix, or leaves the rest of an array or object unstated", () => {
    const stated = readStated('{ id: "README.md#hello", "trail": "README…", lines: [1, …], … }');
    assert.equal(
      differs({ id: "README.md#hello", trail: "README › Hello", lines: [1, 3], start: 1 }, stated),
      undefined,
    );
    assert.equal(
      differs({ id: "README.md#hello", trail: "Hello", lines: [1] }, stated),
      "value.trail is 'Hello', stated 'README'…",
    );
    assert.equal(differs({ id: "x", trail: "README", lines: [] }, stated), "value.id is 'x', stated 'README.md#hello'");
    assert.equal(
      differs({ lines: [] }, readStated("{ lines: [1, …] }")),
      "value.lines has 0 elements, stated 1 or more",
    );
  });

  test("without …, every member and element is stated", () => {
    assert.equal(
      differs({ kind: "matches", extra: 1 }, readStated('{ kind: "matches" }')),
      "value has members not stated: extra",
    );
    assert.equal(differs([1, 2, 3], readStated("[1, 2]")), "value has 3 elements, stated 2");
    assert.equal(differs("20", readStated("20")), "value is '20', stated 20");
    assert.equal(differs(null, readStated("{}")), "value is null, stated an object");
  });

  test("what is not a literal is a SyntaxError naming where", () => {
    for (const text of ["global budget 3034", "{ keyId, attesterId }", '"open', "[1, 2", "1 2", "f(x)"])
      assert.throws(() => readStated(text), SyntaxError, text);
  });
});

// The examples the project shows compile, and the values they state are the values they give (issue 23.5):
// every ```ts and ```js block of the README, docs/*.md and the init template's README, and every
// `@example` under src/, type-checked as a consumer's code in one temporary project (one `tsc -p`), then
// each example that states a value run and compared. The rules: docs/architecture.md, "Examples".
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { docCommentExamples, type Example, examplePages, pageExamples } from "../support/examples/collect.ts";
import { type ExampleProject, runStated, typeCheck, writeProject } from "../support/examples/project.ts";
import { Scope } from "../support/examples/scope.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

const CODE_FENCE = /^\s*```(?:ts|typescript|js|javascript|mjs)\b/gm;
const read = (path: string) => readFileSync(join(PROJECT_ROOT, path), "utf8");

describe("the examples of the README, docs/ and src/ doc comments", () => {
  const pages = pageExamples();
  const comments = docCommentExamples();
  const examples: Example[] = [...pages.examples, ...comments];
  let project: ExampleProject;

  before(async () => {
    project = await writeProject(examples, new Scope());
  });
  after(() => project?.cleanup());

  test("every code block of every page is collected, and each marker is `<!-- not checked: reason -->`", () => {
    assert.deepEqual(pages.problems, []);
    for (const page of examplePages()) {
      const fences = read(page).match(CODE_FENCE)?.length ?? 0;
      assert.equal(pages.examples.filter((example) => example.path === page).length, fences, page);
    }
    assert.ok(pages.examples.length > 0);
  });

  test("every @example under src/ is collected", () => {
    const sources = readdirSync(join(PROJECT_ROOT, "src"), { recursive: true, encoding: "utf8" });
    const written = sources
      .filter((name) => name.endsWith(".ts"))
      .flatMap((name) => read(join("src", name)).match(/@example\b/g) ?? []);
    assert.equal(comments.length, written.length);
    assert.ok(comments.length > 0);
  });

  test("every example type-checks as a consumer's code, its frameline imports the package's entry points", async (t) => {
    const { errors, ms } = await typeCheck(project);
    const notChecked = examples.filter((example) => example.notChecked !== undefined);
    t.diagnostic(`${project.modules.length} examples type-checked in ${Math.round(ms)} ms`);
    t.diagnostic(`not checked: ${notChecked.map((example) => `${example.path}:${example.line}`).join(", ")}`);
    assert.deepEqual(errors, []);
  });

  test("every example that states a value runs, and gives that value", async (t) => {
    const { ran, failures, ms } = await runStated(project);
    t.diagnostic(`${ran} examples run in ${Math.round(ms)} ms`);
    assert.deepEqual(failures, []);
    assert.ok(ran > 0, "some examples state a value");
  });
});

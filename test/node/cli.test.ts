// The frameline CLI as a real child process: stdin in, report out, exit status.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { fixtureText } from "../support/fixtures.ts";

const bin = fileURLToPath(new URL("../../bin/frameline.mjs", import.meta.url));

function run(args: string[], input = "") {
  return spawnSync(process.execPath, [bin, ...args], { input, encoding: "utf8", timeout: 30_000 });
}

describe("frameline CLI", () => {
  test("decode reports every reference vector as ok and exits 0", () => {
    const result = run(["decode", "--strict"], fixtureText("reference-vectors.ndjson"));
    assert.equal(result.status, 0, result.stderr);
    const lines = result.stdout.trimEnd().split("\n");
    assert.equal(lines.length, 14);
    for (const line of lines) assert.match(line, /^\s+\d+ {2}ok /);
    assert.match(lines[7] ?? "", /frames id=req-2 2 frame\(s\), .* signed$/);
  });

  test("decode names the failing anchors and wire errors, never the content, and exits 1", () => {
    const input = [
      '{"type":"frames","result":{"frames":[{"id":"a","kind":"doc","title":"t","content":"TOP-SECRET-CONTENT","score":2,"token_cost":1,"citation_label":"c"}],"truncated":false}}',
      "garbage",
      '{"type":"shutdown","extra":1}',
    ].join("\n");
    const result = run(["decode", "--strict"], input);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /F1 \[a\] score/);
    assert.match(result.stdout, /B3 \[a\] token_cost/);
    assert.match(result.stdout, /error invalid_json/);
    assert.match(result.stdout, /strict envelope\.extra: unknown member/);
    assert.ok(!result.stdout.includes("TOP-SECRET"));
  });

  test("decode enforces --max-line-bytes", () => {
    const result = run(
      ["decode", "--max-line-bytes", "20"],
      '{"type":"error","message":"a long enough message"}\n{"type":"shutdown"}\n',
    );
    assert.equal(result.status, 1);
    assert.match(result.stdout, /1 {2}FAIL {2}error line_too_long/);
    assert.match(result.stdout, /2 {2}ok {4}shutdown/);
  });

  test("demo runs and shows both good and broken lines", () => {
    const result = run(["demo"]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /handshake_ack contextgraph\/1\.0 provider=docs/);
    assert.match(result.stdout, /error unknown_type/);
    assert.match(result.stdout, /error line_too_long/);
  });

  test("a bad option prints usage and exits 2", () => {
    const result = run(["decode", "--max-line-bytes", "zero"]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /usage:/);
  });
});

// The frameline CLI as a real child process: stdin in, report out, exit status.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CLI_ARGS } from "../support/cli.ts";
import { fixtureText } from "../support/fixtures.ts";

function run(args: string[], input = "", cwd = process.cwd()) {
  return spawnSync(process.execPath, [...CLI_ARGS, ...args], { input, encoding: "utf8", timeout: 30_000, cwd });
}

describe("frameline CLI", () => {
  test("decode reports every reference vector as ok and exits 0", () => {
    const result = run(["decode", "--strict"], fixtureText("reference-vectors.ndjson"));
    assert.equal(result.status, 0, result.stderr);
    const lines = result.stdout.trimEnd().split("\n");
    assert.equal(lines.length, 14);
    for (const line of lines) assert.match(line, /^\s+\d+ {2}ok /);
    assert.match(lines[7] ?? "", /frames id=req-2 2 frames, .* signed$/);
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

  test("a bad option value is one line naming the option and the value, exit 2", () => {
    const result = run(["decode", "--max-line-bytes", "zero"]);
    assert.equal(result.status, 2);
    assert.equal(
      result.stderr,
      'frameline decode: --max-line-bytes must be a positive integer, not "zero" (see frameline decode --help)\n',
    );
  });
});

describe("frameline CLI: help, usage errors and expected failures", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "frameline-cli-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test("-h, --help and help print every command's usage on stdout and exit 0", () => {
    for (const flag of ["-h", "--help", "help"]) {
      const result = run([flag]);
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stderr, "");
      assert.match(result.stdout, /^usage: frameline <command> \[arguments\]\n/);
      for (const command of ["init DIR", "serve --stdio", "index [DIR]", "dev-key", "decode", "demo"])
        assert.ok(result.stdout.includes(`  frameline ${command}`), command);
    }
  });

  test("a command's --help prints that command's usage only", () => {
    const result = run(["index", "--help"]);
    assert.equal(result.status, 0);
    assert.match(
      result.stdout,
      /^ {2}frameline index \[DIR\] \[--d1 DATABASE \[--remote\]\] \[--refresh\] \[--out FILE\] \[--json\]\n/,
    );
    assert.doesNotMatch(result.stdout, /frameline serve/);
  });

  test("--version prints the package's version", () => {
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    const result = run(["--version"]);
    assert.equal(result.status, 0);
    assert.equal(result.stdout, `frameline ${version}\n`);
  });

  test("usage errors are one line naming the bad argument, exit 2", () => {
    const cases: [string[], string][] = [
      [
        [],
        "frameline: missing command (commands: init, serve, index, dev-key, decode, demo, inspect; see frameline --help)",
      ],
      [
        ["serv"],
        'frameline: unknown command "serv" (commands: init, serve, index, dev-key, decode, demo, inspect; see frameline --help)',
      ],
      [["index", "--outfile", "x"], "frameline index: unknown option '--outfile' (see frameline index --help)"],
      [["index", "--\u001b[2J"], "frameline index: unknown option '--\\u001b[2J' (see frameline index --help)"],
      [["index", "a", "b"], 'frameline index: unexpected argument "b" (see frameline index --help)'],
      [
        ["serve", "--corpus"],
        "frameline serve: option '--corpus <value>' argument missing (see frameline serve --help)",
      ],
      [["serve"], "frameline serve: --stdio is required (stdio is the binding it serves) (see frameline serve --help)"],
      [
        ["init"],
        "frameline init: missing an argument: frameline init DIR [--from-registry | --frameline-spec SPEC] [--json] (see frameline init --help)",
      ],
    ];
    for (const [args, line] of cases) {
      const result = run(args, "", dir);
      assert.equal(result.status, 2, args.join(" "));
      assert.equal(result.stderr, `${line}\n`);
      assert.equal(result.stdout, "");
    }
  });

  test("a missing folder, a file given as a folder and a file that is no corpus are one line each, exit 1", async () => {
    await writeFile(join(dir, "notes.txt"), "not a corpus: TOP-SECRET-CONTENT\n");
    const cases: [string[], string][] = [
      [["index", "nowhere"], "frameline index: nowhere: no such file or directory"],
      [["index", "notes.txt"], "frameline index: notes.txt: not a directory"],
      [["serve", "--stdio", "--corpus", "nowhere"], "frameline serve: nowhere: no such file or directory"],
      [
        ["serve", "--stdio", "--corpus", "notes.txt"],
        "frameline serve: notes.txt: not a corpus written by `frameline index` (not JSON)",
      ],
    ];
    for (const [args, line] of cases) {
      const result = run(args, "", dir);
      assert.equal(result.status, 1, args.join(" "));
      assert.equal(result.stderr, `${line}\n`);
    }
  });

  test("indexing an empty folder warns and writes an empty corpus", async () => {
    await mkdir(join(dir, "empty"));
    const result = run(["index", "empty", "--out", "out/corpus.json"], "", dir);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, /^frameline: warning: no Markdown files in empty; the corpus is empty\n/);
    const corpus = JSON.parse(readFileSync(join(dir, "out", "corpus.json"), "utf8"));
    assert.deepEqual([corpus.documents.length, corpus.chunks.length], [0, 0]);
  });

  test("a file left out of the corpus (not UTF-8) is named in a warning, its control characters escaped", async () => {
    await mkdir(join(dir, "mixed"));
    await writeFile(join(dir, "mixed", "good.md"), "# Good\n");
    await writeFile(join(dir, "mixed", "bad\u001b[31m.md"), Buffer.from([0xff, 0xfe, 0x00]));
    const result = run(["index", "mixed", "--out", "mixed-out/corpus.json"], "", dir);
    assert.equal(result.status, 0, result.stderr);
    assert.ok(
      result.stderr.includes("frameline: warning: left out bad\\u001b[31m.md: not valid UTF-8\n"),
      result.stderr,
    );
    assert.ok(!result.stderr.includes("\u001b"));
  });

  test("dev-key writes a 32-byte seed to .dev.vars (mode 0600) once and keeps it", () => {
    const first = run(["dev-key"], "", dir);
    assert.equal(first.status, 0, first.stderr);
    assert.equal(first.stderr, "frameline: created a local signing key in .dev.vars (ATTESTATION_SEED)\n");
    const text = readFileSync(join(dir, ".dev.vars"), "utf8");
    assert.match(text, /^ATTESTATION_SEED=[0-9a-f]{64}\n$/);
    assert.equal(statSync(join(dir, ".dev.vars")).mode & 0o777, 0o600);
    const second = run(["dev-key"], "", dir);
    assert.equal(second.status, 0);
    assert.equal(second.stderr, "");
    assert.equal(readFileSync(join(dir, ".dev.vars"), "utf8"), text);
  });
});

describe("frameline CLI: help everywhere, decode from a file, JSON and counts (issue 21.8)", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "frameline-cli-8-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const INSPECT_SYNOPSES = ["frameline inspect http <url>", "frameline inspect stdio [", "frameline inspect host ["];

  test("inspect --help, inspect -h and help inspect print the three inspect commands' help, exit 0", () => {
    for (const args of [
      ["inspect", "--help"],
      ["inspect", "-h"],
      ["help", "inspect"],
      ["inspect", "nothing", "-h"],
    ]) {
      const result = run(args);
      assert.equal(result.status, 0, `${args.join(" ")}: ${result.stderr}`);
      assert.equal(result.stderr, "");
      for (const synopsis of INSPECT_SYNOPSES) assert.ok(result.stdout.includes(`  ${synopsis}`), synopsis);
      assert.doesNotMatch(result.stdout, /frameline (serve|decode)/);
    }
  });

  test("help <command> is <command> --help, and --help wins over an option the command does not know", () => {
    const asked = run(["decode", "--help"]);
    assert.equal(asked.status, 0);
    assert.match(asked.stdout, /^ {2}frameline decode \[FILE\] \[--strict\] \[--json\] \[--max-line-bytes N\]\n/);
    for (const args of [
      ["help", "decode"],
      ["decode", "--no-such-option", "--help"],
    ]) {
      const result = run(args);
      assert.equal(result.status, 0, args.join(" "));
      assert.equal(result.stdout, asked.stdout, args.join(" "));
    }
    assert.equal(run(["help", "inspect", "host"]).stdout, run(["inspect", "host", "--help"]).stdout);
  });

  test("help with a name that is no command is one usage line, exit 2", () => {
    const result = run(["help", "decoder"]);
    assert.equal(result.status, 2);
    assert.equal(
      result.stderr,
      'frameline help: unknown command "decoder" (commands: init, serve, index, dev-key, decode, demo, inspect; see frameline --help)\n',
    );
    assert.equal(result.stdout, "");
  });

  test("decode FILE reads the file, decode - reads stdin, and stdin that is not a terminal gets no notice", async () => {
    await writeFile(join(dir, "session.ndjson"), '{"type":"shutdown"}\n');
    const fromFile = run(["decode", "session.ndjson"], "garbage\n", dir);
    assert.equal(fromFile.status, 0, fromFile.stderr);
    assert.equal(fromFile.stdout, "   1  ok    shutdown\n");
    const fromStdin = run(["decode", "-"], '{"type":"shutdown"}\n', dir);
    assert.equal(fromStdin.stdout, "   1  ok    shutdown\n");
    assert.equal(fromStdin.stderr, "");
  });

  test("decode FILE: a missing file or a folder is one line, exit 1", async () => {
    await mkdir(join(dir, "folder"), { recursive: true });
    const cases: [string, string][] = [
      ["nowhere.ndjson", "frameline decode: nowhere.ndjson: no such file or directory\n"],
      ["folder", "frameline decode: folder: is a directory, not a file\n"],
    ];
    for (const [file, line] of cases) {
      const result = run(["decode", file], "", dir);
      assert.equal(result.status, 1, file);
      assert.equal(result.stderr, line);
      assert.equal(result.stdout, "");
    }
  });

  test("decode --json writes one JSON object per line: line, ok, type and id or error, violations", () => {
    const transcript = [
      '{"type":"query","id":"q1","query":{"goal":"g","max_frames":2,"max_tokens":100}}',
      "garbage",
      '{"type":"frames","id":"q1","result":{"frames":[{"id":"a","kind":"doc","title":"t","content":"abcd","score":2,"token_cost":1,"citation_label":"c"}],"truncated":false}}',
    ].join("\n");
    const result = run(["decode", "--json"], transcript);
    assert.equal(result.status, 1);
    const documented = /`frameline decode --json`.*?```json\n(.*?)```/s.exec(
      readFileSync(new URL("../../docs/codec.md", import.meta.url), "utf8"),
    );
    assert.equal(result.stdout, documented?.[1], "docs/codec.md shows exactly what decode --json writes");
    assert.deepEqual(
      result.stdout
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line)),
      [
        { line: 1, ok: true, type: "query", id: "q1", violations: [] },
        { line: 2, ok: false, error: { code: "invalid_json", message: 'line is not JSON: "garbage"' }, violations: [] },
        {
          line: 3,
          ok: false,
          type: "frames",
          id: "q1",
          violations: [{ anchor: "F1", message: "score must be within [0, 1]", path: "score", frame: "a" }],
        },
      ],
    );
  });

  test("decode counts in words: 1 frame, 1 identity, 2 frames", () => {
    const frame = (id: string) =>
      `{"id":"${id}","kind":"doc","title":"t","content":"abcd","score":0.5,"token_cost":1,"citation_label":"c"}`;
    const transcript = [
      `{"type":"frames","result":{"frames":[${frame("a")}],"truncated":false}}`,
      `{"type":"frames","result":{"frames":[${frame("a")},${frame("b")}],"truncated":false}}`,
      '{"type":"verify","request":{"frames":[{"provider_id":"p","frame_id":"a"}]}}',
    ].join("\n");
    const lines = run(["decode"], transcript).stdout.trimEnd().split("\n");
    assert.deepEqual(lines, [
      "   1  ok    frames 1 frame, 1 budget tokens, truncated=false",
      "   2  ok    frames 2 frames, 2 budget tokens, truncated=false",
      "   3  ok    verify 1 identity",
    ]);
  });

  test("decode on a terminal says on stderr that it reads stdin, then reads it to Ctrl-D (a real pty, script(1))", async () => {
    const quoted = [process.execPath, ...CLI_ARGS, "decode"].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`);
    const child = spawn("script", ["-qec", quoted.join(" "), "/dev/null"], { cwd: dir, timeout: 60_000 });
    let output = "";
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    await new Promise<void>((resolve) =>
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
        if (output.includes("\n")) resolve();
      }),
    );
    assert.equal(
      output,
      "frameline decode: reading a transcript from stdin (end it with Ctrl-D, or name a file: decode FILE)\r\n",
    );
    child.stdin.write('{"type":"shutdown"}\n\u0004');
    assert.equal(await exited, 0, output);
    assert.match(output, /\r\n {3}1 {2}ok {4}shutdown\r\n$/);
  });
});

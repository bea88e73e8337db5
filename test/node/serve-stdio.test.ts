// `frameline serve --stdio` as a real child process: NDJSON on stdin/stdout,
// diagnostics on stderr, exit 0 on `shutdown` or end of input (spec §1.1, R1, R2).
import assert from "node:assert/strict";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { after, before, describe, test } from "node:test";
import {
  buildCorpus,
  createSession,
  decodeLine,
  type DocsCorpus,
  docsProvider,
  encodeLine,
  type Envelope,
  handleEnvelope,
  type Provider,
} from "../support/lib.ts";
import { defaultCorpusFiles, indexDirectory, writeCorpusModule } from "../support/node-lib.ts";
import { CLI_ARGS } from "../support/cli.ts";
import { PROJECT_ROOT } from "../support/project-root.ts";

/**
 * Longest wait for any expected reply or exit: a hang guard, not a measurement (a hang fails the test
 * instead of stalling the run). Replies and exits take well under a second; 15 s covers a loaded machine.
 */
const REPLY_TIMEOUT_MS = 15_000;
/** How long the reference host waits after `shutdown` before it kills the provider (spec §4.4). */
const SHUTDOWN_GRACE_MS = 2_000;

type Of<T extends Envelope["type"]> = Extract<Envelope, { type: T }>;
type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };

/**
 * One `frameline serve --stdio` child. Every stdout line is kept raw and
 * decoded with `decodeLine`; lines that do not decode are kept apart, so a
 * test can check that stdout carried envelopes only.
 */
class StdioChild {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  readonly envelopes: Envelope[] = [];
  readonly undecodable: string[] = [];
  stderr = "";
  /** Bytes after the last LF on stdout (a partial line; must be empty at exit). */
  pending = "";
  readonly exited: Promise<Exit>;
  exit: Exit | undefined;
  private consumed = 0;
  private readonly wakers = new Set<() => void>();

  constructor(args: string[] = [], cwd: string = PROJECT_ROOT) {
    this.child = spawn(process.execPath, [...CLI_ARGS, "serve", "--stdio", ...args], {
      cwd,
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stdout.setEncoding("utf8");
    this.child.stderr.setEncoding("utf8");
    this.child.stdout.on("data", (text: string) => {
      const parts = (this.pending + text).split("\n");
      this.pending = parts.pop() ?? "";
      for (const line of parts) {
        this.lines.push(line);
        try {
          this.envelopes.push(decodeLine(line));
        } catch {
          this.undecodable.push(line);
        }
      }
      this.wake();
    });
    this.child.stderr.on("data", (text: string) => {
      this.stderr += text;
    });
    // A write after the child closed its stdin (EPIPE) must not crash the test runner.
    this.child.stdin.on("error", () => undefined);
    // `at` is when the process exited; the promise resolves once its stdout and stderr are read to the end too.
    let exitedAt = 0;
    this.child.on("exit", () => {
      exitedAt = performance.now();
    });
    this.exited = new Promise((resolve) => {
      this.child.on("close", (code, signal) => {
        this.exit = { code, signal, at: exitedAt || performance.now() };
        resolve(this.exit);
        this.wake();
      });
    });
  }

  private wake() {
    for (const waker of this.wakers) waker();
  }

  send(text: string) {
    this.child.stdin.write(text);
  }

  /** The next `count` envelopes not yet taken; fails on timeout, on undecodable stdout, or if the child exits first. */
  async take(count: number): Promise<Envelope[]> {
    const want = this.consumed + count;
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (this.undecodable.length > 0)
          return finish(
            new Error(`stdout carried a line that is not an envelope: ${this.undecodable[0]!.slice(0, 200)}`),
          );
        if (this.envelopes.length >= want) return finish();
        if (this.exit)
          return finish(
            new Error(
              `the child exited (${this.exit.code ?? this.exit.signal}) after ${this.envelopes.length - this.consumed} of ${count} replies; stderr: ${this.stderr}`,
            ),
          );
      };
      const timer = setTimeout(
        () =>
          finish(
            new Error(
              `timed out after ${REPLY_TIMEOUT_MS} ms waiting for ${count} replies (got ${this.envelopes.length - this.consumed}); stderr: ${this.stderr}`,
            ),
          ),
        REPLY_TIMEOUT_MS,
      );
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.wakers.delete(check);
        if (error) reject(error);
        else resolve();
      };
      this.wakers.add(check);
      check();
    });
    const taken = this.envelopes.slice(this.consumed, want);
    this.consumed = want;
    return taken;
  }

  /** Everything not yet taken, once the child has exited. */
  async rest(): Promise<Envelope[]> {
    await this.exitedWithin(REPLY_TIMEOUT_MS);
    const rest = this.envelopes.slice(this.consumed);
    this.consumed = this.envelopes.length;
    return rest;
  }

  /** The exit, failing if it does not come within `ms`. */
  async exitedWithin(ms: number): Promise<Exit> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the child did not exit within ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([this.exited, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stops the child if a failed test left it running (our own child, by its pid). */
  async stop() {
    if (this.exit) return;
    this.child.kill("SIGKILL");
    await this.exited;
  }
}

const HANDSHAKE = '{"type":"handshake","protocol_version":"contextgraph/1.0"}\n';
const SHUTDOWN = '{"type":"shutdown"}\n';

interface QuerySpec {
  readonly id: string;
  readonly goal: string;
  readonly query_text?: string;
  readonly max_frames: number;
}

function queryLine(spec: QuerySpec, id: string | undefined = spec.id): string {
  const { goal, query_text, max_frames } = spec;
  return `${JSON.stringify({ type: "query", ...(id === undefined ? {} : { id }), query: { goal, ...(query_text ? { query_text } : {}), max_frames, max_tokens: 4096 } })}\n`;
}

/** 25 topics of frameline's own docs. */
const TOPICS = [
  "merkle inclusion proof",
  "ed25519 signer",
  "attestation verdicts",
  "verifying in a browser webcrypto",
  "encodeLine decodeLine",
  "wire errors codes",
  "NdjsonDecoderStream streams",
  "line limits max bytes",
  "small helpers correlation id",
  "deploy again when documents change",
  "build the corpus index",
  "signing key ATTESTATION_SEED",
  "checking it curl",
  "envelopes types",
  "queries goal query_text",
  "frame fields kind title content",
  "budgets max_tokens",
  "verification of held frames",
  "defineProvider",
  "what the dispatcher does",
  "signing a provider",
  "the docs provider bm25",
  "layout of the repository",
  "checking a signed answer",
  "codec in a few lines",
] as const;

/**
 * 50 queries with distinct ids and distinct goals: each topic as a broad
 * query (3 frames) and as a narrow one (1 frame, goal reworded, the topic as
 * `query_text`), so replies differ in content and in length.
 */
const QUERIES: readonly QuerySpec[] = TOPICS.flatMap((goal, i): QuerySpec[] => [
  { id: `wide-${i}`, goal, max_frames: 3 },
  { id: `narrow-${i}`, goal: `${goal}, in short`, query_text: goal, max_frames: 1 },
]);

/**
 * The oracle: the docs provider in this process over the corpus the CLI
 * serves by default (README.md and docs/ of its working folder, indexed
 * now), so the expected frames follow the docs as they are edited instead of
 * being written down here.
 */
async function servedCorpus(): Promise<DocsCorpus> {
  return buildCorpus(await defaultCorpusFiles(PROJECT_ROOT));
}

/** What the CLI must answer to `spec` (under `id`), as it reads back from the wire. */
async function expectedFrames(provider: Provider, spec: QuerySpec, id: string = spec.id): Promise<Of<"frames">> {
  const query = decodeLine(queryLine(spec, id));
  const reply = await handleEnvelope(provider, query, createSession({ handshaken: true }));
  assert.ok(reply !== undefined);
  return frames(decodeLine(encodeLine(reply)));
}

/** A child and the oracle for the corpus it serves, read just before it starts. */
async function start(args: string[] = []): Promise<{ server: StdioChild; corpus: DocsCorpus; provider: Provider }> {
  const corpus = await servedCorpus();
  return { server: new StdioChild(args), corpus, provider: docsProvider(corpus) };
}

/** The corpus the child said it serves must be the oracle's (an edit of the docs in between would show here). */
function assertSameCorpus(server: StdioChild, corpus: DocsCorpus) {
  const said = /serving docs \((\d+) chunks\)/.exec(server.stderr)?.[1];
  assert.equal(
    Number(said),
    corpus.chunks.length,
    `the child serves ${said} chunks, the oracle ${corpus.chunks.length}: the corpus changed under the test`,
  );
}

function frames(envelope: Envelope | undefined): Of<"frames"> {
  assert.ok(envelope?.type === "frames", `expected frames, got ${JSON.stringify(envelope)?.slice(0, 300)}`);
  return envelope;
}

function errorOf(envelope: Envelope | undefined): Of<"error"> {
  assert.ok(envelope?.type === "error", `expected an error, got ${JSON.stringify(envelope)?.slice(0, 300)}`);
  return envelope;
}

describe("frameline serve --stdio: a full session", () => {
  let server: StdioChild;
  let corpus: DocsCorpus;
  let provider: Provider;
  const concurrent = new Map<string, Of<"frames">>();
  let served: Of<"frames">["result"]["frames"][number] | undefined;

  before(async () => {
    ({ server, corpus, provider } = await start());
  });
  after(async () => {
    await server.stop();
  });

  test("handshake ⇒ handshake_ack from the docs provider with correlation", async () => {
    server.send(HANDSHAKE);
    const [ack] = await server.take(1);
    assert.ok(ack?.type === "handshake_ack", JSON.stringify(ack));
    assert.equal(ack.protocol_version, "contextgraph/1.0");
    assert.equal(ack.provider.name, "docs");
    assert.equal(ack.capabilities.correlation, true);
    assert.equal(ack.capabilities.verify, true);
  });

  test("50 concurrent correlated queries written at once: each answered once, under its own id", async () => {
    assert.equal(new Set(QUERIES.map((q) => q.id)).size, 50);
    assert.equal(new Set(QUERIES.map((q) => q.goal)).size, 50);
    server.send(QUERIES.map((q) => queryLine(q)).join(""));
    const replies = await server.take(50);
    const sent = new Map(QUERIES.map((q) => [q.id, q]));
    for (const reply of replies) {
      const answer = frames(reply);
      assert.ok(answer.id !== undefined && sent.has(answer.id), `reply id ${answer.id} was not sent`);
      assert.ok(!concurrent.has(answer.id), `id ${answer.id} answered twice`);
      concurrent.set(answer.id, answer);
    }
    assert.deepEqual(new Set(concurrent.keys()), new Set(sent.keys()));
  });

  test("each concurrent reply carries the frames of its own query: as the provider ranks it in-process, and as the CLI answers it alone", async () => {
    assert.equal(concurrent.size, 50, "needs the replies of the previous test");
    for (const spec of QUERIES) {
      const answer = concurrent.get(spec.id)!;
      const ids = answer.result.frames.map((frame) => frame.id);
      assert.ok(
        ids.length >= 1 && ids.length <= spec.max_frames,
        `${spec.id}: ${ids.length} frames for max_frames ${spec.max_frames}`,
      );
      assert.deepEqual(
        answer,
        await expectedFrames(provider, spec),
        `${spec.id} (${spec.goal}): not the frames this query ranks`,
      );
    }
    // The answers must tell the queries apart, or the checks prove little.
    const distinctTops = new Set([...concurrent.values()].map((a) => a.result.frames[0]?.id)).size;
    assert.ok(distinctTops >= 20, `only ${distinctTops} distinct top frames among 50 replies`);
    // The same 50 queries again, one at a time: identical results (the provider is deterministic, no signer).
    for (const spec of QUERIES) {
      server.send(queryLine(spec, `alone-${spec.id}`));
      const [reply] = await server.take(1);
      const alone = frames(reply);
      assert.equal(alone.id, `alone-${spec.id}`);
      assert.deepEqual(
        concurrent.get(spec.id)!.result,
        alone.result,
        `${spec.id}: the concurrent reply differs from the query asked alone`,
      );
    }
    served = concurrent.get("wide-0")!.result.frames[0];
  });

  test("verify: a frame just served is valid, a made-up id is gone", async () => {
    assert.ok(served?.content_digest, "needs a served frame with a content_digest");
    const identities = [
      { provider_id: "docs", frame_id: served.id, content_digest: served.content_digest },
      { provider_id: "docs", frame_id: "docs/nowhere.md#no-such-section", content_digest: served.content_digest },
    ];
    server.send(`${JSON.stringify({ type: "verify", request: { frames: identities } })}\n`);
    const [reply] = await server.take(1);
    assert.ok(reply?.type === "verified", JSON.stringify(reply));
    assert.deepEqual(
      reply.response.verdicts.map((v) => [v.frame.frame_id, v.status]),
      [
        [served.id, "valid"],
        ["docs/nowhere.md#no-such-section", "gone"],
      ],
    );
    assert.deepEqual(reply.response.verdicts[0]?.frame, identities[0], "the identity is echoed verbatim");
  });

  test("a garbage line gets bad_request, and the query after it its frames", async () => {
    const spec = QUERIES[0]!;
    server.send(`this is not json {\n${queryLine(spec, "after-garbage")}`);
    const [first, second] = await server.take(2);
    assert.equal(errorOf(first).code, "bad_request");
    const answer = frames(second);
    assert.equal(answer.id, "after-garbage");
    assert.deepEqual(answer.result, concurrent.get(spec.id)?.result);
  });

  test("shutdown ⇒ the child ends on its own with exit code 0, within the reference host's grace; stdout carried only envelopes, stderr the diagnostics", async (t) => {
    const sentAt = performance.now();
    server.send(SHUTDOWN);
    const exit = await server.exitedWithin(REPLY_TIMEOUT_MS);
    const elapsed = exit.at - sentAt;
    assert.deepEqual({ code: exit.code, signal: exit.signal }, { code: 0, signal: null }, server.stderr);
    // What proves the exit came from shutdown rather than from the end of input: stdin was never closed.
    assert.equal(server.child.stdin.writableEnded, false, "the test never closed the child's stdin");
    t.diagnostic(`exited ${elapsed.toFixed(0)} ms after shutdown was written`);
    // "Promptly" (spec §5.5 item 9) as the reference host counts it: it waits 2 s, then kills the process
    // group (§4.4). The child exits in tens of milliseconds on an idle machine, so the guard leaves a margin of
    // more than 10x for a loaded one, and a provider slower than the grace would really be killed by that host.
    assert.ok(elapsed < SHUTDOWN_GRACE_MS, `exited ${elapsed.toFixed(0)} ms after shutdown`);
    assert.deepEqual(await server.rest(), [], "no reply to shutdown");
    assert.deepEqual(server.undecodable, []);
    assert.equal(server.pending, "", "stdout ends with a complete line");
    assert.equal(server.lines.length, 1 + 50 + 50 + 1 + 2);
    assert.match(server.stderr, /^frameline: serving docs \(\d+ chunks\) on stdio$/m);
    assert.ok(!server.stderr.includes('"type"'), "no envelope on stderr");
    assertSameCorpus(server, corpus);
  });
});

describe("frameline serve --stdio: other ways a session ends", () => {
  test("end of stdin ⇒ pending answers are written, then exit code 0", async () => {
    const { server, corpus, provider } = await start();
    try {
      server.send(HANDSHAKE);
      await server.take(1);
      server.send(queryLine(QUERIES[1]!));
      server.child.stdin.end();
      const exit = await server.exitedWithin(REPLY_TIMEOUT_MS);
      assert.equal(exit.code, 0, server.stderr);
      const [reply, ...more] = await server.rest();
      assert.deepEqual(frames(reply), await expectedFrames(provider, QUERIES[1]!));
      assert.deepEqual(more, []);
      assertSameCorpus(server, corpus);
      assert.deepEqual(server.undecodable, []);
    } finally {
      await server.stop();
    }
  });

  test("--max-line-bytes 4096: a 10 KB line gets bad_request (line_too_long), a valid query after it still works", async () => {
    const { server, corpus, provider } = await start(["--max-line-bytes", "4096"]);
    try {
      server.send(HANDSHAKE);
      await server.take(1);
      const long = queryLine({ id: "long", goal: "x".repeat(10 * 1024), max_frames: 1 });
      assert.ok(Buffer.byteLength(long) > 10 * 1024);
      server.send(long + queryLine(QUERIES[2]!));
      const [first, second] = await server.take(2);
      assert.equal(errorOf(first).code, "bad_request");
      assert.match(errorOf(first).message, /line_too_long/);
      assert.deepEqual(frames(second), await expectedFrames(provider, QUERIES[2]!));
      server.send(SHUTDOWN);
      assert.equal((await server.exitedWithin(REPLY_TIMEOUT_MS)).code, 0);
      assert.deepEqual(server.undecodable, []);
      assertSameCorpus(server, corpus);
    } finally {
      await server.stop();
    }
  });
});

describe("frameline serve --stdio: the host closes the provider's stdout", () => {
  test("writing to a closed stdout (EPIPE) ends the session: reading stops, exit code 0, no stack trace", async () => {
    const { server } = await start();
    try {
      server.send(HANDSHAKE);
      await server.take(1);
      // The host stops reading: its end of the pipe goes away, so the child's next write fails with EPIPE.
      server.child.stdout.destroy();
      server.send(QUERIES.map((q) => queryLine(q)).join(""));
      // stdin stays open: the child must end on its own, having seen that nobody reads its answers.
      const exit = await server.exitedWithin(REPLY_TIMEOUT_MS);
      assert.deepEqual({ code: exit.code, signal: exit.signal }, { code: 0, signal: null }, server.stderr);
      assert.equal(server.child.stdin.writableEnded, false, "the test never closed the child's stdin");
      assert.doesNotMatch(server.stderr, /EPIPE|Error|\n\s+at /);
      assert.match(server.stderr, /^frameline: serving docs \(\d+ chunks\) on stdio\n$/);
    } finally {
      await server.stop();
    }
  });
});

describe("frameline serve --stdio --corpus", () => {
  for (const form of ["a folder of Markdown", "a corpus file written by frameline index"] as const) {
    test(`serves ${form}, resolved against the working folder`, async () => {
      const dir = await mkdtemp(join(tmpdir(), "frameline-serve-"));
      try {
        await mkdir(join(dir, "handbook"));
        await writeFile(
          join(dir, "handbook", "tea.md"),
          "# Brewing tea\n\nSteep green tea at 80 degrees for two minutes.\n",
        );
        const corpus = await indexDirectory(join(dir, "handbook"));
        await writeCorpusModule(corpus, join(dir, "built.json"));
        const server = new StdioChild(["--corpus", form === "a folder of Markdown" ? "handbook" : "built.json"], dir);
        try {
          server.send(HANDSHAKE);
          await server.take(1);
          const spec: QuerySpec = { id: "tea", goal: "how long to steep green tea", max_frames: 1 };
          server.send(queryLine(spec));
          const [reply] = await server.take(1);
          assert.deepEqual(frames(reply), await expectedFrames(docsProvider(corpus), spec));
          assert.match(frames(reply).result.frames[0]?.citation_label ?? "", /^tea\.md /);
          assertSameCorpus(server, corpus);
        } finally {
          await server.stop();
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }
});

// docs/providers.md ("What the dispatcher does"): "A line that does not decode becomes
// `bad_request` (with its `id` when it had one) ... an unknown envelope type is
// `bad_request` when it carries an `id` and ignored as a notification when it does
// not", and "a provider behaves the same over stdio, a Web Worker port or HTTP"
// (the HTTP binding does both, through `undecodableReply`).
describe("frameline serve --stdio: undecodable lines follow the dispatcher's rules", () => {
  test("a malformed query carrying an id gets bad_request with that id", async () => {
    const server = new StdioChild();
    try {
      server.send(HANDSHAKE);
      await server.take(1);
      server.send('{"type":"query","id":"no-goal","query":{"max_frames":2,"max_tokens":100}}\n');
      const [reply] = await server.take(1);
      assert.equal(errorOf(reply).code, "bad_request");
      assert.equal(
        errorOf(reply).id,
        "no-goal",
        "a correlating host can only match the error to its request by the id",
      );
      server.send(SHUTDOWN);
      assert.equal((await server.exitedWithin(REPLY_TIMEOUT_MS)).code, 0);
    } finally {
      await server.stop();
    }
  });

  test("a line that is not valid UTF-8 gets bad_request (invalid_utf8), as the HTTP binding answers the same bytes", async () => {
    const server = new StdioChild();
    try {
      server.send(HANDSHAKE);
      await server.take(1);
      server.child.stdin.write(
        Buffer.concat([
          Buffer.from('{"type":"query","id":"u1","query":{"goal":"codec '),
          Buffer.from([0xc3, 0x28]),
          Buffer.from('","max_frames":1,"max_tokens":500}}\n'),
        ]),
      );
      const [reply] = await server.take(1);
      assert.equal(errorOf(reply).code, "bad_request");
      assert.match(errorOf(reply).message, /invalid_utf8/);
      server.send(SHUTDOWN);
      assert.equal((await server.exitedWithin(REPLY_TIMEOUT_MS)).code, 0);
    } finally {
      await server.stop();
    }
  });

  test("an unknown envelope type without an id is a notification: no reply", async () => {
    const server = new StdioChild();
    try {
      server.send(HANDSHAKE);
      await server.take(1);
      server.send(`{"type":"progress_from_the_future","note":"ignore me"}\n${queryLine(QUERIES[3]!)}`);
      server.child.stdin.end();
      assert.equal((await server.exitedWithin(REPLY_TIMEOUT_MS)).code, 0);
      const replies = await server.rest();
      assert.deepEqual(
        replies.map((r) => (r.type === "error" ? `error:${r.code}` : r.type === "frames" ? `frames:${r.id}` : r.type)),
        [`frames:${QUERIES[3]!.id}`],
      );
    } finally {
      await server.stop();
    }
  });
});

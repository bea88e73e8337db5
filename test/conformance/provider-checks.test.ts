// The provider checks themselves (spec §5.1): each shown able to fail and to pass on providers built to
// tell the two apart, and the run's own guarantees: progress events, bounded handshakes, abort, a program
// that will not start, and evidence that never carries frame content.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type CheckResult,
  type ConformanceReport,
  type ContextFrame,
  defineProvider,
  type ProgressEvent,
  PROVIDER_CHECK_NAMES,
  quote,
  runConformance,
  signerFromSeed,
} from "../support/lib.ts";
import { stdioTarget } from "../support/node-lib.ts";
import { contextFrame } from "../support/frame.ts";
import { ackLine, kitTarget, scriptedTarget } from "../support/conformance/peers.ts";
import { PROVIDER_CHECKS } from "../support/conformance/expected.ts";
import { candidate, echoProvider } from "../support/providers.ts";

/** Scripted peers mostly ignore `shutdown`: a short grace keeps each run from waiting out the default 2 s. */
const FAST = { closeGraceMs: 100 };

function check(report: ConformanceReport, name: string): CheckResult {
  const found = report.checks.find((c) => c.name === name);
  assert.ok(found, name);
  return found;
}

/** A frames line answering `envelope` (echoing its id) with `frames`. */
function framesLine(envelope: { id?: string } | undefined, frames: unknown[]): string {
  return JSON.stringify({
    type: "frames",
    ...(envelope?.id ? { id: envelope.id } : {}),
    result: { frames, truncated: false },
  });
}

const frame = (id: string, extra: Partial<ContextFrame> = {}) =>
  contextFrame({ id, title: id, citation_label: id, ...extra });

describe("the provider run", () => {
  test("the checks run in the reference's order, each with one started and one finished event", async () => {
    assert.deepEqual(PROVIDER_CHECK_NAMES, [...PROVIDER_CHECKS]);
    const events: ProgressEvent[] = [];
    const report = await runConformance(kitTarget(echoProvider()), { onProgress: (event) => events.push(event) });
    assert.deepEqual(
      events.map((e) => (e.type === "started" ? `+${e.name}` : `-${e.check.name}`)),
      PROVIDER_CHECKS.flatMap((name) => [`+${name}`, `-${name}`]),
    );
    assert.deepEqual(
      events.flatMap((e) => (e.type === "finished" ? [e.check] : [])),
      report.checks,
    );
  });

  test("a provider that never acks fails the handshake within its timeout, and every other check is skipped", async () => {
    const silent = scriptedTarget(() => undefined);
    const started = Date.now();
    const report = await runConformance(silent, { handshakeTimeoutMs: 100, closeGraceMs: 100 });
    assert.ok(Date.now() - started < 5_000, "bounded by the handshake timeout and the close grace");
    assert.equal(check(report, "handshake").status, "fail");
    assert.match(check(report, "handshake").evidence, /^the handshake failed: no reply within 100 ms/);
    assert.deepEqual(
      report.checks.slice(1).map((c) => c.status),
      Array(13).fill("skipped"),
    );
    assert.equal(silent.terminated(), 1, "the silent provider was ended");
  });

  test("a provider whose output has already ended is still terminated, so nothing of it is left running", async () => {
    const quitter = scriptedTarget(() => ({ exit: 1 }));
    const report = await runConformance(quitter, FAST);
    assert.equal(check(report, "handshake").status, "fail");
    assert.equal(quitter.terminated(), 1);
  });

  test("an aborted run ends its connections at once and rejects with the signal's reason", async () => {
    const controller = new AbortController();
    const reason = new Error("stop");
    // Aborted once the connection is open: the silent peer has the handshake and will never answer it.
    const silent = scriptedTarget((_, envelope) => {
      if (envelope?.type === "handshake") controller.abort(reason);
      return undefined;
    });
    await assert.rejects(runConformance(silent, { signal: controller.signal }), (error) => error === reason);
    assert.equal(silent.terminated(), 1);
  });

  test("a program that cannot be started fails the handshake, saying so", async () => {
    const report = await runConformance(stdioTarget("/nonexistent/frameline-provider", []));
    assert.equal(check(report, "handshake").status, "fail");
    assert.match(check(report, "handshake").evidence, /could not be started \(ENOENT\)/);
  });

  test("evidence names ids, anchors and members, never content, and escapes what could drive a terminal", async () => {
    const hostile = scriptedTarget((_, envelope) => {
      if (envelope?.type === "handshake") return ackLine();
      if (envelope?.type === "query")
        return framesLine(envelope as { id?: string }, [
          frame("evil\u001b[2J\u202eid", { content: "TOP-SECRET-CONTENT", score: 2, token_cost: 7, title: "  " }),
        ]);
      return undefined;
    });
    const report = await runConformance(hostile, FAST);
    const text = JSON.stringify(report);
    assert.ok(!text.includes("TOP-SECRET"), "no content in the report");
    assert.ok(!text.includes("\u001b") && !text.includes("\u202e"), "no raw escape or bidi character");
    assert.match(check(report, "frame-validity").evidence, /F1 frame "evil\\u001b\[2J\\u202eid" score/);
    assert.match(check(report, "frame-validity").evidence, /F2 frame .* title/);
    assert.match(check(report, "budget-honesty").evidence, /B3 frame .* token_cost is 7, canonical cost is 5/);
  });

  test("quote cuts long values and escapes C1 and direction controls", () => {
    assert.equal(quote("a\u0085b\u2066c"), '"a\\u0085b\\u2066c"');
    assert.equal(quote("x".repeat(100)), `"${"x".repeat(60)}…"`);
  });
});

describe("each check can fail and pass", () => {
  test("embedding-fingerprint passes a provider that refuses a wrong-length embedding, fails one that serves it", async () => {
    const refusing = echoProvider({ capabilities: { query: { kinds: ["doc"] }, embeddings_fingerprint: "m/4/l2" } });
    const refused = await runConformance(kitTarget(refusing));
    assert.equal(check(refused, "embedding-fingerprint").status, "pass");
    assert.match(
      check(refused, "embedding-fingerprint").evidence,
      /refused an embedding of length 1 against dimension 4 with bad_request/,
    );
    const serving = scriptedTarget((_, envelope) => {
      if (envelope?.type === "handshake") return ackLine({ embeddings_fingerprint: "m/1" });
      if (envelope?.type === "query") return framesLine(envelope as { id?: string }, []);
      return undefined;
    });
    const served = await runConformance(serving, FAST);
    assert.equal(check(served, "embedding-fingerprint").status, "fail");
    assert.match(check(served, "embedding-fingerprint").evidence, /an embedding of length 2 against dimension 1/);
  });

  test("shutdown-clean: exit 0 passes, another status fails, a provider ignoring shutdown is ended after the grace", async () => {
    const exiting = (code: number) =>
      scriptedTarget((_, envelope) => {
        if (envelope?.type === "handshake") return ackLine();
        if (envelope?.type === "query") return framesLine(envelope as { id?: string }, []);
        if (envelope?.type === "shutdown") return { exit: code };
        return undefined;
      });
    assert.equal(check(await runConformance(exiting(0), FAST), "shutdown-clean").status, "pass");
    const three = check(await runConformance(exiting(3), FAST), "shutdown-clean");
    assert.equal(three.status, "fail");
    assert.match(three.evidence, /^R2: the provider exited with status 3 after shutdown/);
    const deaf = scriptedTarget((_, envelope) => {
      if (envelope?.type === "handshake") return ackLine();
      if (envelope?.type === "query") return framesLine(envelope as { id?: string }, []);
      return undefined;
    });
    const ignored = check(await runConformance(deaf, { closeGraceMs: 100 }), "shutdown-clean");
    assert.equal(ignored.status, "pass");
    assert.match(ignored.evidence, /did not end within 100 ms of shutdown and was ended/);
  });

  test("shutdown-clean over an exchange: a provider that stops serving after shutdown fails (§1.11)", async () => {
    const provider = echoProvider();
    let down = false;
    const quitting = {
      handle: async (
        envelope: Parameters<typeof provider.handle>[0],
        session: Parameters<typeof provider.handle>[1],
      ) => {
        if (down) throw new Error("gone");
        if (envelope.type === "shutdown") down = true;
        return provider.handle(envelope, session);
      },
    };
    const report = await runConformance({ kind: "in-page", label: "quitting", provider: quitting });
    assert.equal(check(report, "shutdown-clean").status, "fail");
    assert.match(check(report, "shutdown-clean").evidence, /stopped serving after shutdown/);
  });

  test("correlation fails a reply that echoes another id, and names it", async () => {
    const wrong = scriptedTarget((_, envelope) => {
      if (envelope?.type === "handshake") return ackLine({ correlation: true });
      if (envelope?.type === "query") return framesLine({ id: "q-other" }, []);
      return undefined;
    });
    const result = check(await runConformance(wrong, FAST), "correlation");
    assert.equal(result.status, "fail");
    assert.match(result.evidence, /carried id "q-other" \(expected cgp-conformance-h4-7f3a\)/);
  });

  test("verify-honesty fails a provider that insists on its own provider_id (the 2.0.0 trap, spec §1.10)", async () => {
    const digest = `sha256:${"ab".repeat(32)}`;
    const strict = scriptedTarget((_, envelope) => {
      if (envelope?.type === "handshake") return ackLine({ verify: true });
      if (envelope?.type === "query")
        return framesLine(envelope as { id?: string }, [frame("a", { content_digest: digest })]);
      if (envelope?.type === "verify") {
        const asked = (envelope as { request: { frames: { provider_id: string }[] } }).request.frames;
        const verdicts = asked.map((id) => ({
          frame: id,
          status: id.provider_id === "scripted" ? "valid" : "unknown",
        }));
        return JSON.stringify({ type: "verified", response: { verdicts } });
      }
      return undefined;
    });
    const result = check(await runConformance(strict, FAST), "verify-honesty");
    assert.equal(result.status, "fail");
    assert.match(result.evidence, /V3 frame "a": unknown for its current digest/);
  });

  test("as-of-temporal leaves a malformed date to frame-validity", async () => {
    const undated = scriptedTarget((_, envelope) => {
      if (envelope?.type === "handshake") return ackLine();
      if (envelope?.type === "query")
        return framesLine(envelope as { id?: string }, [frame("a", { valid_from: "last tuesday" })]);
      return undefined;
    });
    const report = await runConformance(undated, FAST);
    assert.equal(check(report, "as-of-temporal").status, "pass");
    assert.equal(check(report, "frame-validity").status, "fail");
  });

  test("kinds-filter is skipped without declared kinds, or when the first is not a base kind", async () => {
    const kindless = echoProvider({ capabilities: { query: { kinds: [] } } });
    assert.match(
      check(await runConformance(kitTarget(kindless)), "kinds-filter").evidence,
      /^the provider declares no kinds/,
    );
    const vendor = echoProvider({ capabilities: { query: { kinds: ["acme:note", "doc"] } } });
    assert.match(
      check(await runConformance(kitTarget(vendor)), "kinds-filter").evidence,
      /"acme:note" is not a base kind/,
    );
  });

  test("malformed-input-tolerance: bad_request and then the query's frames pass; bad_request and then death fails", async () => {
    let garbage = 0;
    const dying = scriptedTarget((_, envelope) => {
      if (envelope?.type === "handshake") return ackLine();
      if (envelope === undefined || typeof envelope !== "object") {
        garbage += 1;
        return JSON.stringify({ type: "error", code: "bad_request", message: "no" });
      }
      if (envelope.type === "query") return garbage > 0 ? { exit: 1 } : framesLine(envelope as { id?: string }, []);
      return undefined;
    });
    const result = check(await runConformance(dying, FAST), "malformed-input-tolerance");
    assert.equal(result.status, "fail");
    assert.match(
      result.evidence,
      /answered bad_request, then the provider exited with status 1 instead of the query's frames/,
    );
  });

  test("attestation: a published key with nothing signed fails; a signed provider passes", async () => {
    const signer = await signerFromSeed("11".repeat(32), { keyId: "k", attesterId: "echo" });
    const claims = scriptedTarget((_, envelope) => {
      if (envelope?.type === "handshake")
        return ackLine(
          {},
          { attester_keys: [{ key_id: "k", algorithm: "ed25519", public_key: signer.attesterKey.public_key }] },
        );
      if (envelope?.type === "query") return framesLine(envelope as { id?: string }, [frame("a")]);
      return undefined;
    });
    const claimed = check(await runConformance(claims, FAST), "attestation");
    assert.equal(claimed.status, "fail");
    assert.match(claimed.evidence, /^1 key published, but the answer carries no detached attestation/);
    const signed = check(await runConformance(kitTarget(echoProvider({ signer }))), "attestation");
    assert.equal(signed.status, "pass");
    assert.match(signed.evidence, /1 inclusion proof valid under the published key; result_attestation valid/);
  });

  test("attestation: a root signed over more frames than served fails F12 (signing the candidate set)", async () => {
    const signer = await signerFromSeed("12".repeat(32), { keyId: "k", attesterId: "echo" });
    const two = defineProvider({
      info: { name: "echo", version: "1", data_flow: { reads: true } },
      capabilities: { query: { kinds: ["doc"] } },
      query: () => [candidate("a", "first"), candidate("b", "second")],
      signer,
    });
    const inner = kitTarget(two);
    const dropSecond = {
      ...inner,
      open: async () => {
        const peer = await inner.open();
        const rewrite = new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            const text = new TextDecoder().decode(chunk);
            const reply = JSON.parse(text);
            if (reply.type === "frames") {
              reply.result.frames = reply.result.frames.slice(0, 1);
              reply.result.frame_attestations = reply.result.frame_attestations.slice(0, 1);
            }
            controller.enqueue(new TextEncoder().encode(`${JSON.stringify(reply)}\n`));
          },
        });
        return { ...peer, readable: peer.readable.pipeThrough(rewrite) };
      },
    };
    const result = check(await runConformance(dropSecond), "attestation");
    assert.equal(result.status, "fail");
    assert.match(result.evidence, /F12 result_attestation: CommitmentMismatch/);
  });
});

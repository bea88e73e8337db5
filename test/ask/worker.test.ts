// The ask Worker (worker/ask) in workerd with the docs Worker behind service bindings (Miniflare, 127.0.0.1
// only): attested frames from the docs Worker, a warm second call without a handshake (counted at the
// provider by a tap on the binding), the async tiers (KV, the Cache API) across isolates, a provider that
// goes down failing only its leg, consent, C7, and a tampered provider's frames reported as invalid (F9).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { Miniflare } from "miniflare";
import { publicKeyOfSeed } from "../support/worker/http.ts";
import {
  askOf,
  askWorker,
  type Bundles,
  bundles,
  DOCS_PINNED_ATTESTATION,
  DOCS_PINNED_KEYS,
  docsWorker,
  serviceProvider,
  setTap,
  startWorkers,
  tamperWorker,
  tapCounts,
  tapWorker,
} from "../support/ask/miniflare.ts";
import { STORE_KEY } from "../support/ask/store-key.ts";

const QUESTION = {
  goal: "How do I check that an answer from the Worker is signed?",
  query_text: "verify signature attestation key",
  budget_tokens: 1200,
  max_frames: 6,
};
const OTHER_KEY = publicKeyOfSeed(createHash("sha256").update("not the docs key").digest("hex"));

type Frame = {
  provider: string;
  id: string;
  content_digest?: string;
  token_cost: number;
  attestation: any;
  violations: string[];
};

/** Every served frame appears exactly once in the composition audit (the total partition, spec §4.8). */
function assertAccounted(answer: any): void {
  const key = (provider: string, id: string, digest?: string) => JSON.stringify([provider, id, digest ?? null]);
  const audited = answer.composition.entries.map((e: any) =>
    key(e.frame.provider_id, e.frame.frame_id, e.frame.content_digest),
  );
  assert.equal(new Set(audited).size, audited.length, "no frame is audited twice");
  assert.deepEqual(
    [...audited].sort(),
    answer.frames.map((f: Frame) => key(f.provider, f.id, f.content_digest)).sort(),
  );
}

describe("the ask Worker in workerd", () => {
  let built: Bundles;
  let mf: Miniflare;

  before(async () => {
    built = await bundles();
    mf = await startWorkers([
      askWorker(
        built,
        "ask",
        { PROVIDERS: [serviceProvider("docs", "DOCS", { pinned_keys: DOCS_PINNED_KEYS })] },
        { DOCS: "docs" },
      ),
      askWorker(built, "ask-counted", { PROVIDERS: [serviceProvider("docs", "DOCS")] }, { DOCS: "tap-counted" }),
      ...["ask-kv-a", "ask-kv-b"].map((name) =>
        askWorker(
          built,
          name,
          { PROVIDERS: [serviceProvider("docs", "DOCS")], HANDSHAKE_CACHE_KEY: STORE_KEY },
          { DOCS: "tap-kv" },
          {
            kvNamespaces: { HANDSHAKE_KV: "handshakes" },
          },
        ),
      ),
      ...["ask-cache-a", "ask-cache-b"].map((name) =>
        askWorker(
          built,
          name,
          {
            PROVIDERS: [serviceProvider("docs", "DOCS")],
            HANDSHAKE_CACHE_SCOPE: "shared",
            HANDSHAKE_CACHE_KEY: STORE_KEY,
          },
          { DOCS: "tap-cache" },
        ),
      ),
      askWorker(
        built,
        "ask-wrong-pin",
        {
          PROVIDERS: [
            serviceProvider("docs", "DOCS", { pinned_keys: [{ ...DOCS_PINNED_KEYS[0], public_key: OTHER_KEY }] }),
          ],
        },
        { DOCS: "docs" },
      ),
      askWorker(
        built,
        "ask-mixed",
        {
          PROVIDERS: [
            serviceProvider("docs", "DOCS", { pinned_keys: DOCS_PINNED_KEYS }),
            serviceProvider("flaky", "FLAKY"),
            { name: "unconsented", service: "UNCONSENTED" },
            serviceProvider("tampered", "TAMPERED", { pinned_keys: DOCS_PINNED_KEYS }),
            { name: "plain", url: "http://provider.example/contextgraph", consent: { egress: true } },
          ],
        },
        { DOCS: "docs", FLAKY: "tap-flaky", UNCONSENTED: "tap-unconsented", TAMPERED: "tamper" },
      ),
      docsWorker(built),
      ...["tap-counted", "tap-kv", "tap-cache", "tap-flaky", "tap-unconsented"].map((name) => tapWorker(name)),
      tamperWorker("tamper"),
    ]);
  });

  after(async () => {
    await mf?.dispose();
    await built?.cleanup();
  });

  test("/ask returns the docs Worker's frames, every one attested under the operator's pinned key", async () => {
    const { status, json } = await askOf(mf, "ask", QUESTION);
    assert.equal(status, 200);
    assert.ok(json.frames.length > 0);
    for (const frame of json.frames as Frame[]) {
      assert.equal(frame.provider, "docs");
      assert.deepEqual(frame.attestation, DOCS_PINNED_ATTESTATION);
    }
    const [leg] = json.legs;
    assert.equal(leg.outcome, "frames");
    assert.equal(leg.frames, json.frames.length);
    assert.equal(leg.result_attestation.state, "attested");
    assertAccounted(json);
  });

  test("/ask composes the frames into one fenced block each, within the budget, cited, with the usage billed", async () => {
    const { json } = await askOf(mf, "ask", QUESTION);
    const included = json.composition.entries.filter((e: any) => e.disposition.kind === "included");
    assert.equal((json.prompt.match(/^<frame provider="docs" /gm) ?? []).length, included.length);
    assert.equal((json.prompt.match(/^<\/frame>$/gm) ?? []).length, included.length);
    assert.equal(json.citations.length, included.length);
    for (const citation of json.citations) assert.ok(json.prompt.includes(`cite="${citation.label}"`), citation.label);
    assert.ok(json.composition.tokens_used <= QUESTION.budget_tokens);
    assert.equal(json.composition.global_budget, QUESTION.budget_tokens);
    const billed = (json.frames as Frame[]).reduce((sum, f) => sum + f.token_cost, 0);
    assert.equal(json.usage.budget_requested, QUESTION.budget_tokens);
    assert.equal(json.usage.budget_consumed, billed);
    assert.equal(json.usage.providers[0].frames_served, json.frames.length);
    assert.ok(billed <= QUESTION.budget_tokens, "one provider gets the whole budget as its max_tokens");
  });

  test("a second /ask sends no handshake: the provider sees one handshake and two queries", async () => {
    const first = await askOf(mf, "ask-counted", QUESTION);
    const second = await askOf(mf, "ask-counted", QUESTION);
    assert.equal(first.json.legs[0].handshake, "handshake");
    assert.equal(second.json.legs[0].handshake, "memory");
    assert.deepEqual(await tapCounts(mf, "tap-counted"), { handshake: 1, query: 2 });
    assert.deepEqual(
      second.json.frames.map((f: Frame) => f.attestation.state),
      first.json.frames.map(() => "attested"),
    );
  });

  test("another isolate sharing the KV namespace resumes from it: still one handshake", async () => {
    const cold = await askOf(mf, "ask-kv-a", QUESTION);
    const elsewhere = await askOf(mf, "ask-kv-b", QUESTION);
    assert.equal(cold.json.legs[0].handshake, "handshake");
    assert.equal(elsewhere.json.legs[0].handshake, "store");
    assert.deepEqual(await tapCounts(mf, "tap-kv"), { handshake: 1, query: 2 });
    assert.ok(elsewhere.json.frames.every((f: Frame) => f.attestation.state === "attested"));
  });

  test("without KV, the Cache API is the shared tier: another isolate resumes from it", async () => {
    await askOf(mf, "ask-cache-a", QUESTION);
    const elsewhere = await askOf(mf, "ask-cache-b", QUESTION);
    assert.equal(elsewhere.json.legs[0].handshake, "store");
    assert.deepEqual(await tapCounts(mf, "tap-cache"), { handshake: 1, query: 2 });
  });

  test("a pinned key that is not the provider's makes its frames invalid, whatever the handshake publishes (§3.13)", async () => {
    const { json } = await askOf(mf, "ask-wrong-pin", QUESTION);
    assert.ok(json.frames.length > 0);
    for (const frame of json.frames as Frame[])
      assert.deepEqual(frame.attestation, { state: "invalid", verdict: "bad_signature" });
  });

  describe("with five providers: docs, flaky, unconsented, tampered and a plaintext URL", () => {
    let answer: any;
    let text: string;

    before(async () => {
      await askOf(mf, "ask-mixed", QUESTION); // all up: flaky's ack is cached
      await setTap(mf, "tap-flaky", "down");
      const second = await askOf(mf, "ask-mixed", QUESTION);
      assert.equal(second.status, 200, second.text);
      answer = second.json;
      text = second.text;
    });

    test("every configured provider has its leg, in configuration order", () => {
      assert.deepEqual(
        answer.legs.map((leg: any) => [leg.provider, leg.outcome]),
        [
          ["docs", "frames"],
          ["flaky", "failed"],
          ["unconsented", "consent_required"],
          ["tampered", "frames"],
          ["plain", "failed"],
        ],
      );
    });

    test("a provider that goes down fails only its leg, named by its HostError kind, leaking nothing", async () => {
      const flaky = answer.legs[1];
      assert.deepEqual(flaky, {
        provider: "flaky",
        outcome: "failed",
        handshake: "memory",
        stage: "query",
        error: { kind: "transport", code: "unavailable", status: 503, retryable: true },
      });
      assert.ok(answer.frames.some((f: Frame) => f.provider === "docs"));
      assert.doesNotMatch(text, /the tap is down|service-binding\.invalid|provider\.example/);
      assert.deepEqual(answer.usage.providers[1], {
        provider_id: "flaky",
        frames_served: 0,
        frames_rejected: 0,
        token_cost: 0,
      });
      assert.equal(
        (await tapCounts(mf, "tap-flaky")).query,
        2,
        "the second query reached the provider and was refused there",
      );
    });

    test("an egress provider without operator consent is handshaken but never sent a query (C1, C2)", async () => {
      assert.deepEqual(answer.legs[2].data_flow.egress, true, "HTTP is egress whatever the provider claims (C4)");
      assert.deepEqual(await tapCounts(mf, "tap-unconsented"), { handshake: 1 });
    });

    test("a tampered provider's frames come back with invalid states and are still reported, never dropped (F9)", () => {
      const tampered = (answer.frames as Frame[]).filter((f) => f.provider === "tampered");
      assert.equal(tampered.length, answer.legs[3].frames);
      assert.ok(tampered.length > 0);
      for (const frame of tampered) {
        assert.deepEqual(frame.attestation, { state: "invalid", verdict: "commitment_mismatch" });
        assert.ok(frame.violations.includes("B3"), "the forger kept the old token_cost: a cost lie, recorded");
      }
      assert.deepEqual(answer.legs[3].result_attestation, { state: "invalid", verdict: "commitment_mismatch" });
      const docs = (answer.frames as Frame[]).filter((f) => f.provider === "docs");
      assert.ok(docs.every((f) => f.attestation.state === "attested" && f.attestation.anchor === "pinned"));
      assertAccounted(answer);
      assert.ok(
        answer.composition.entries
          .filter((e: any) => e.frame.provider_id === "tampered")
          .every((e: any) => e.attestation.state === "invalid"),
      );
    });

    test("a plaintext URL to a non-loopback host is refused before anything is sent (C7)", () => {
      assert.deepEqual(answer.legs[4], {
        provider: "plain",
        outcome: "failed",
        stage: "connect",
        error: { kind: "insecure_transport", retryable: false },
      });
    });
  });

  test("a bad question is a 400 naming the member; a body over 16 KiB is a 413", async () => {
    const bad = await askOf(mf, "ask", { goal: "x", budget_tokens: 0 });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.json, {
      error: { kind: "invalid_request", member: "budget_tokens", message: "budget_tokens must be at least 1" },
    });
    const huge = await askOf(mf, "ask", { ...QUESTION, goal: "x".repeat(17 * 1024) });
    assert.equal(huge.status, 413);
    assert.equal(huge.json.error.kind, "body_too_large");
  });
});

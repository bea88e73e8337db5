// The ask Worker's configuration (worker/ask/config.ts, providers.ts, context.ts): PROVIDERS read from a JSON
// array or its text with defaults filled in; every mistake a ConfigError naming the member, and a secret's
// value never in a message; the cache shared by the isolate's questions unless HANDSHAKE_CACHE is "off".
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { HostError } from "../support/lib.ts";
import { ConfigError, readProviders } from "../../worker/ask/config.ts";
import { askContextFrom, handshakeCacheFor } from "../../worker/ask/context.ts";
import { askProviders } from "../../worker/ask/providers.ts";

const KEY = "ab".repeat(32);

/** The ConfigError `run` throws: its member and message. */
function configError(run: () => unknown): { member: string; message: string } {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return { member: error.member, message: error.message };
  }
  assert.fail("no ConfigError");
}

describe("PROVIDERS", () => {
  test("is read from a JSON array or from its text, with path, consent and pinned keys defaulted", () => {
    const entry = { name: "docs", service: "DOCS" };
    const expected = [
      { name: "docs", service: "DOCS", path: "/contextgraph", consent: { egress: false, scopes: [] }, pinned_keys: [] },
    ];
    assert.deepEqual(readProviders([entry]), expected);
    assert.deepEqual(readProviders(JSON.stringify([entry])), expected);
  });

  const mistakes: [string, unknown, string, string][] = [
    ["text that is not JSON", "[{", "PROVIDERS", "PROVIDERS is not JSON"],
    ["an object", { name: "docs" }, "PROVIDERS", "PROVIDERS must be a list of providers"],
    ["an entry that is not an object", ["docs"], "PROVIDERS[0]", "PROVIDERS[0] must be an object"],
    ["no name", [{ url: "https://a.example/cg" }], "PROVIDERS[0].name", "PROVIDERS[0].name is required"],
    [
      "a name with a space",
      [{ name: "my docs", url: "https://a.example/cg" }],
      "PROVIDERS[0].name",
      "PROVIDERS[0].name must be 1–64 letters, digits, '.', '_' or '-'",
    ],
    [
      "neither url nor service",
      [{ name: "docs" }],
      "PROVIDERS[0]",
      "PROVIDERS[0] must name exactly one of url and service",
    ],
    [
      "both url and service",
      [{ name: "docs", url: "https://a.example/cg", service: "DOCS" }],
      "PROVIDERS[0]",
      "PROVIDERS[0] must name exactly one of url and service",
    ],
    ["a relative url", [{ name: "docs", url: "/cg" }], "PROVIDERS[0].url", "PROVIDERS[0].url must be an absolute URL"],
    [
      "a path without a slash",
      [{ name: "docs", service: "DOCS", path: "cg" }],
      "PROVIDERS[0].path",
      "PROVIDERS[0].path must start with '/'",
    ],
    [
      "the same name twice",
      [
        { name: "a", service: "A" },
        { name: "a", service: "B" },
      ],
      "PROVIDERS",
      "PROVIDERS must name each provider once",
    ],
    [
      "consent.egress as text",
      [{ name: "a", service: "A", consent: { egress: "yes" } }],
      "PROVIDERS[0].consent.egress",
      "PROVIDERS[0].consent.egress must be true or false",
    ],
    [
      "a scope that is no scope",
      [{ name: "a", service: "A", consent: { scopes: ["cloud"] } }],
      "PROVIDERS[0].consent.scopes[0]",
      "PROVIDERS[0].consent.scopes[0] must be an egress scope (§1.14)",
    ],
    [
      "a pinned key in base64",
      [{ name: "a", service: "A", pinned_keys: [{ key_id: "k", algorithm: "ed25519", public_key: "q80=" }] }],
      "PROVIDERS[0].pinned_keys[0].public_key",
      "PROVIDERS[0].pinned_keys[0].public_key must be 64 lowercase hex characters",
    ],
    [
      "a pinned key of another algorithm",
      [{ name: "a", service: "A", pinned_keys: [{ key_id: "k", algorithm: "rsa", public_key: KEY }] }],
      "PROVIDERS[0].pinned_keys[0].algorithm",
      'PROVIDERS[0].pinned_keys[0].algorithm must be "ed25519"',
    ],
  ];
  for (const [name, value, member, message] of mistakes) {
    test(`${name} is a ConfigError naming ${member}`, () => {
      assert.deepEqual(
        configError(() => readProviders(value)),
        { member, message },
      );
    });
  }
});

describe("resolving providers against the bindings", () => {
  test("a service that names no binding is a ConfigError naming it", () => {
    const configs = readProviders([{ name: "docs", service: "DOCS" }]);
    assert.deepEqual(
      configError(() => askProviders(configs, { DOCS: "not a binding" })),
      { member: "PROVIDERS[0].service", message: "PROVIDERS[0].service names DOCS, which is not a service binding" },
    );
  });

  test("a token secret that is not set is a ConfigError naming the secret, never a value", () => {
    const configs = readProviders([{ name: "docs", url: "https://a.example/cg", token_secret: "DOCS_TOKEN" }]);
    assert.deepEqual(
      configError(() => askProviders(configs, { DOCS_TOKEN: "" })),
      { member: "PROVIDERS[0].token_secret", message: "PROVIDERS[0].token_secret names DOCS_TOKEN, which is not set" },
    );
  });

  test("a plaintext URL to another machine resolves, but its transport refuses before sending anything (C7)", () => {
    const [provider] = askProviders(readProviders([{ name: "plain", url: "http://docs.example/cg" }]), {});
    assert.throws(
      () => provider!.transport(),
      (error: unknown) => error instanceof HostError && error.kind === "insecure_transport",
    );
  });

  test("the cache key names the endpoint, not the local name: two names for one binding share one handshake", () => {
    const [a, b, c] = askProviders(
      readProviders([
        { name: "a", service: "DOCS" },
        { name: "b", service: "DOCS" },
        { name: "c", service: "DOCS", path: "/other" },
      ]),
      { DOCS: { fetch: async () => new Response() } },
    );
    assert.equal(a!.key, b!.key);
    assert.notEqual(a!.key, c!.key);
  });
});

describe("the Worker's settings", () => {
  test("the handshake cache is the isolate's, question after question; with HANDSHAKE_CACHE off, a fresh one each time", async () => {
    const on = { HANDSHAKE_MAX_AGE_SECONDS: "61" };
    assert.equal(await handshakeCacheFor(on), await handshakeCacheFor(on));
    const off = { HANDSHAKE_CACHE: "off" };
    assert.notEqual(await handshakeCacheFor(off), await handshakeCacheFor(off));
  });

  for (const [env, member] of [
    [{ HANDSHAKE_CACHE: "maybe" }, "HANDSHAKE_CACHE"],
    [{ HANDSHAKE_MAX_AGE_SECONDS: "0" }, "HANDSHAKE_MAX_AGE_SECONDS"],
    [{ HANDSHAKE_MAX_AGE_SECONDS: "1.5" }, "HANDSHAKE_MAX_AGE_SECONDS"],
    [{ HANDSHAKE_CACHE_SCOPE: "a/b" }, "HANDSHAKE_CACHE_SCOPE"],
    [{ HANDSHAKE_KV: "not a namespace" }, "HANDSHAKE_KV"],
    [{ HANDSHAKE_CACHE_KEY: "too short to seal with" }, "HANDSHAKE_CACHE_KEY"],
    [{ HANDSHAKE_KV: { get: async () => null, put: async () => {}, delete: async () => {} } }, "HANDSHAKE_CACHE_KEY"],
    [{ PROVIDERS: "[]", QUERY_TIMEOUT_MS: "-1" }, "QUERY_TIMEOUT_MS"],
    [{ PROVIDERS: undefined }, "PROVIDERS"],
  ] as const) {
    test(`${JSON.stringify(env)} is a ConfigError naming ${member}`, async () => {
      await assert.rejects(
        askContextFrom({ PROVIDERS: "[]", ...env }),
        (error: unknown) => error instanceof ConfigError && error.member === member,
      );
    });
  }
});

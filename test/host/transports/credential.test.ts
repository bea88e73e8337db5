// C7 and C8 on the HTTP transport (spec §2.2, §4.4): plaintext to a non-loopback host is refused before a
// single fetch; a credential never shows in an error, a log line, or any rendering of the objects a session
// produces. Providers run in-process (a hono app behind a counting `fetch`): no network.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { format, inspect } from "node:util";
import { connect, createProviderApp, Credential, Host, HostError, httpTransport } from "../../support/lib.ts";
import { rejectsWith } from "../../support/host/adversaries.ts";
import { captureConsole } from "../../support/host/capture.ts";
import { echoProvider } from "../../support/providers.ts";

const SECRET = "cgp-tok-7f3a9c2e5b1d8064";
const ENDPOINT = "http://localhost/contextgraph";
const Q = { goal: "g", max_frames: 4, max_tokens: 100 };

/** The secret's spellings the host promises to scrub, written here with Node's own encoders, and each one's window. */
const FORMS: [string, number][] = [
  [SECRET, 8],
  [[...SECRET].reverse().join(""), 8],
  [encodeURIComponent(SECRET), 8],
  [[...Buffer.from(SECRET)].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join(""), 24],
  ...[0, 1, 2].flatMap((skip): [string, number][] => [
    [Buffer.from(SECRET).subarray(skip).toString("base64"), 10],
    [Buffer.from(SECRET).subarray(skip).toString("base64url"), 10],
  ]),
];

/** Every window of every form, lower-cased: a fragment that long is a leak too (8 characters of the secret narrow a guess). */
const FRAGMENTS = FORMS.flatMap(([form, width]) =>
  Array.from({ length: form.length - width + 1 }, (_, i) => form.slice(i, i + width).toLowerCase()),
);

/** Which of `texts` (by label) show the secret or a fragment of one of its forms, in any case. */
function leaks(texts: Record<string, string>): string[] {
  return Object.entries(texts)
    .filter(([, text]) => FRAGMENTS.some((fragment) => text.toLowerCase().includes(fragment)))
    .map(([label]) => label);
}

/** Every way an object can end up as text: String, template, JSON, util.inspect (deep, hidden), util.format. */
function renderings(label: string, value: unknown): Record<string, string> {
  const safe = (render: () => string) => {
    try {
      return render();
    } catch (error) {
      return `<threw ${String(error)}>`;
    }
  };
  return {
    [`String(${label})`]: safe(() => String(value)),
    [`JSON.stringify(${label})`]: safe(() => JSON.stringify(value) ?? ""),
    [`inspect(${label})`]: safe(() => inspect(value, { depth: Infinity, showHidden: true, getters: true })),
    [`format(%s %o %j, ${label})`]: safe(() => format("%s %o %j", value, value, value)),
    ...(value instanceof Error ? { [`${label}.message`]: value.message, [`${label}.stack`]: value.stack ?? "" } : {}),
  };
}

/** A `fetch` serving a hono app in-process, counting calls and recording what each request carried. */
function appFetch(
  app: ReturnType<typeof createProviderApp>,
  intercept?: (body: { type: string }) => Response | undefined,
) {
  const seen: { authorization: string | null; type: string }[] = [];
  const fetch = (async (url: URL | string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const body = JSON.parse(String(init.body)) as { type: string };
    seen.push({ authorization: headers.get("authorization"), type: body.type });
    return intercept?.(body) ?? app.request(new URL(url).pathname, init);
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

describe("C7: plaintext HTTP only to loopback", () => {
  test("plaintext to a non-loopback host is refused before any fetch call, with a typed error", () => {
    let fetched = 0;
    const counting = (async () => {
      fetched++;
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    const credential = new Credential(SECRET);
    const refused = [
      "http://example.com/contextgraph",
      "http://127.0.0.1.example.com/contextgraph",
      "http://localhost.example.com/",
      "http://10.0.0.1:8787/contextgraph",
      "http://192.168.1.20/",
      "http://0.0.0.0/",
      "http://[::2]/",
      "http://[::ffff:127.0.0.1]/",
      "http://128.0.0.1/",
    ];
    for (const url of refused) {
      assert.throws(
        () => httpTransport(url, { credential, fetch: counting }),
        (error: unknown) =>
          error instanceof HostError &&
          error.kind === "insecure_transport" &&
          error.details.host === new URL(url).hostname &&
          leaks(renderings("error", error)).length === 0,
        url,
      );
    }
    assert.equal(fetched, 0, "nothing was sent anywhere");
    for (const url of [
      "http://localhost:8787/",
      "http://LocalHost/",
      "http://127.0.0.1/",
      "http://127.255.0.9:1/",
      "http://[::1]/",
      "https://example.com/contextgraph",
    ]) {
      assert.doesNotThrow(() => httpTransport(url, { credential, fetch: counting }), url);
    }
    assert.equal(fetched, 0, "creating a transport sends nothing");
  });

  test("the same counting fetch does see a loopback session (the count above can move)", async () => {
    const { fetch, seen } = appFetch(createProviderApp(echoProvider()));
    const connection = await connect(httpTransport(ENDPOINT, { fetch }));
    await connection.query(Q);
    await connection.close();
    assert.deepEqual(
      seen.map((s) => s.type),
      ["handshake", "query", "shutdown"],
    );
  });
});

describe("C8: a credential never shows", () => {
  test("the Credential renders as a placeholder everywhere, and still reveals its value for the header", () => {
    const credential = new Credential(SECRET);
    assert.deepEqual(
      leaks({
        ...renderings("credential", credential),
        template: `${credential}`,
        keys: JSON.stringify(Object.entries(credential)),
        clone: inspect(structuredClone(credential)),
      }),
      [],
    );
    assert.equal(String(credential), "Credential(<redacted>)");
    assert.equal(credential.reveal(), SECRET);
  });

  test("a failing session (401, a revoked token mid-session, a 500 echoing the header): nothing shows", async () => {
    const credential = new Credential(SECRET);
    const texts: Record<string, string> = {};
    const { lines } = await captureConsole(async () => {
      // 1. The provider wants another token: the handshake is refused.
      const wrong = appFetch(createProviderApp(echoProvider(), { bearerToken: "another-token" }));
      const transport = httpTransport(ENDPOINT, { credential, fetch: wrong.fetch });
      const refused = await rejectsWith(connect(transport), "unauthorized");
      assert.equal(wrong.seen[0]?.authorization, `Bearer ${SECRET}`, "the credential was sent, in the header only");
      console.error("connect failed:", refused);
      Object.assign(texts, renderings("unauthorized", refused), renderings("transport", transport));

      // 2. Accepted, then the token is revoked (401 on the query) and the provider breaks (500 echoing the header).
      let phase: "ok" | "revoked" | "broken" = "ok";
      const app = createProviderApp(echoProvider(), { bearerToken: SECRET });
      const flaky = appFetch(app, (body) => {
        if (body.type !== "query" || phase === "ok") return undefined;
        if (phase === "revoked")
          return new Response(JSON.stringify({ type: "error", code: "bad_request", message: "invalid credentials" }), {
            status: 401,
          });
        return new Response(`upstream failed for Authorization: Bearer ${SECRET}`, { status: 500 });
      });
      const host = new Host();
      const connection = await host.add("flaky", httpTransport(ENDPOINT, { credential, fetch: flaky.fetch }));
      host.consent.grant("flaky", connection.provider.data_flow, "test");
      phase = "revoked";
      const [revoked] = await host.queryAll(Q);
      assert.ok(revoked?.outcome === "failed" && revoked.error.kind === "unauthorized");
      phase = "broken";
      const [broken] = await host.queryAll(Q);
      assert.ok(
        broken?.outcome === "failed" && broken.error.kind === "transport" && broken.error.details.status === 500,
      );
      console.warn("legs:", revoked, broken);
      console.log(inspect({ revoked, broken }, { depth: Infinity }));
      Object.assign(
        texts,
        renderings("revokedLeg", revoked),
        renderings("brokenLeg", broken),
        renderings("connection", connection),
        renderings("host", host),
      );
      await host.close();
    });
    assert.ok(lines.length >= 3, "the console capture saw the lines logged");
    texts.console = lines.join("\n");
    assert.deepEqual(leaks(texts), []);
  });

  test("a succeeding session (handshake, consent, query, verify, close): nothing shows", async () => {
    const credential = new Credential(SECRET);
    const texts: Record<string, string> = {};
    const { fetch, seen } = appFetch(
      createProviderApp(echoProvider({ verify: () => "gone" }), { bearerToken: SECRET }),
    );
    const { lines } = await captureConsole(async () => {
      const transport = httpTransport(ENDPOINT, { credential, fetch });
      const host = new Host();
      const connection = await host.add("echo", transport);
      const [gated] = await host.queryAll(Q);
      assert.equal(gated?.outcome, "consent_required", "HTTP forces egress (C4)");
      host.consent.grant("echo", connection.provider.data_flow, "test");
      const legs = await host.queryAll(Q);
      assert.equal(legs[0]?.outcome, "frames");
      const revalidation = await host.verifyFrames(
        legs[0]?.outcome === "frames" ? legs[0].frames.map((f) => f.frameId) : [],
      );
      assert.equal(revalidation.dropped.length, 1);
      assert.equal(revalidation.dropped[0]?.reason.kind, "gone");
      console.log("session:", connection, legs, revalidation);
      console.info(JSON.stringify({ legs, revalidation, connection }));
      console.dir({ transport, credential }, { depth: null });
      Object.assign(
        texts,
        renderings("transport", transport),
        renderings("connection", connection),
        renderings("legs", legs),
        renderings("revalidation", revalidation),
        renderings("host", host),
      );
      await host.close();
    });
    assert.deepEqual(
      seen.map((s) => s.type),
      ["handshake", "query", "verify", "shutdown"],
    );
    assert.ok(
      seen.every((s) => s.authorization === `Bearer ${SECRET}`),
      "every request carried the credential (so there was something to leak)",
    );
    assert.ok(lines.length >= 3);
    texts.console = lines.join("\n");
    assert.deepEqual(leaks(texts), []);
  });

  test("a provider echoing the credential back (bad body, unknown type, error message, error code) does not get it into a HostError", async () => {
    const credential = new Credential(SECRET);
    const echoes: Record<string, string> = {
      "non-envelope body": `Bearer ${SECRET}`,
      "unknown envelope type": JSON.stringify({ type: SECRET }),
      "error message": JSON.stringify({ type: "error", code: "bad_request", message: `invalid token ${SECRET}` }),
      "error code": JSON.stringify({ type: "error", code: SECRET, message: "refused" }),
    };
    const leaked: string[] = [];
    for (const [label, body] of Object.entries(echoes)) {
      const reflect = (async () =>
        new Response(body, { status: 200, headers: { "content-type": "application/json" } })) as typeof fetch;
      try {
        await connect(httpTransport(ENDPOINT, { credential, fetch: reflect }));
        assert.fail(`${label}: the handshake should fail`);
      } catch (error) {
        assert.ok(error instanceof HostError, `${label}: ${String(error)}`);
        const where = leaks(renderings("error", error));
        if (where.length > 0) leaked.push(`${label} -> ${error.kind}: ${error.message} (in ${where.join(", ")})`);
      }
    }
    // C8: "no bearer token … is ever … placed in an error surfaced off-machine": the host should not repeat it
    // even when the provider (or a proxy in front of it) reflects the request's Authorization header.
    assert.deepEqual(leaked, []);
  });
});

/** The ways a reflection is spelled; each yields JSON string literals for the pieces it puts in a body. */
const SPELLINGS: Record<string, () => [string, string]> = {
  // The token as is, in one member.
  raw: () => [JSON.stringify(`token ${SECRET} here`), JSON.stringify("-")],
  // Every character of the token as a JSON \u escape: the bytes never show it, the decoded string does.
  "JSON-escaped": () => [
    `"token ${[...SECRET].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")} here"`,
    JSON.stringify("-"),
  ],
  // Half of the token in one member, half in the next: neither member holds the whole token.
  "split across members": () => [JSON.stringify(`a ${SECRET.slice(0, 12)}`), JSON.stringify(`${SECRET.slice(12)} b`)],
  // The token in 8-character pieces, the shortest redacted, spread over two members.
  "8-character pieces": () => [
    JSON.stringify(`${SECRET.slice(0, 8)} ${SECRET.slice(16, 24)}`),
    JSON.stringify(`(${SECRET.slice(8, 16)})`),
  ],
  // The token in another case.
  "case-variant": () => [JSON.stringify(`token ${SECRET.toUpperCase()} here`), JSON.stringify("-")],
  // The token written backwards.
  reversed: () => [JSON.stringify(`token ${[...SECRET].reverse().join("")} here`), JSON.stringify("-")],
  // Every byte percent-encoded, as in a URL a proxy quotes.
  "percent-encoded": () => [
    JSON.stringify(`?t=${encodeURIComponent(SECRET).replace(/./g, (c) => `%${c.charCodeAt(0).toString(16)}`)}`),
    JSON.stringify("-"),
  ],
  // base64 of a piece starting at an odd offset, as a Basic-style blob would carry it.
  base64: () => [JSON.stringify(`Basic ${Buffer.from(SECRET.slice(5, 19)).toString("base64")}`), JSON.stringify("-")],
  // base64url of the whole token.
  base64url: () => [JSON.stringify(`jwt.${Buffer.from(SECRET).toString("base64url")}.sig`), JSON.stringify("-")],
};

/** A provider answering with hand-written bodies (so escapes survive to the host's decoder) in which `[a, b]` land. */
function reflectingFetch(a: string, b: string, onQuery: "frames" | "error"): typeof fetch {
  const ack = `{"type":"handshake_ack","protocol_version":"contextgraph/1.0","provider":{"name":${a},"version":${b},"data_flow":{}},"capabilities":{}}`;
  const frame = `{"id":${a},"kind":"doc","title":${a},"content":${b},"score":1,"token_cost":1,"citation_label":${a},"uri":${b},"provenance":[{"type":"file","uri":${a},"digest":"sha256:${"0".repeat(64)}"}]}`;
  const answers: Record<string, string> = {
    handshake: ack,
    query:
      onQuery === "frames"
        ? `{"type":"frames","result":{"frames":[${frame}],"truncated":false}}`
        : `{"type":"error","code":${a},"message":${b}}`,
  };
  return (async (_: URL | string, init: RequestInit = {}) => {
    const type = (JSON.parse(String(init.body)) as { type: string }).type;
    const body = answers[type];
    return body === undefined ? new Response(null, { status: 204 }) : new Response(body, { status: 200 });
  }) as typeof fetch;
}

describe("C8: a reflected credential is scrubbed after decoding, in every string the host passes on", () => {
  for (const [label, spell] of Object.entries(SPELLINGS)) {
    test(`${label}: not in the provider info, the frames, or a provider error`, async () => {
      const [a, b] = spell();
      const credential = new Credential(SECRET);
      const framed = await connect(httpTransport(ENDPOINT, { credential, fetch: reflectingFetch(a, b, "frames") }));
      const result = await framed.query(Q);
      const erring = await connect(httpTransport(ENDPOINT, { credential, fetch: reflectingFetch(a, b, "error") }));
      const error = await rejectsWith(erring.query(Q), "provider");
      const texts = {
        ...renderings("connection", framed),
        ...renderings("result", result),
        ...renderings("error", error),
        details: JSON.stringify(error.details),
      };
      assert.deepEqual(leaks(texts), []);
      assert.match(JSON.stringify(result.frames[0]), /<redacted>/, "the reflection was there, and was replaced");
      assert.match(`${framed.provider.name} ${framed.provider.version}`, /<redacted>/);
      assert.match(`${error.message} ${error.details.rawCode}`, /<redacted>/);
    });
  }

  test("text around a reflection survives, and text with no reflection is left as it was", async () => {
    const fetch = reflectingFetch(JSON.stringify(`see ${SECRET}, then`), JSON.stringify("cgp-tok is short"), "frames");
    const connection = await connect(httpTransport(ENDPOINT, { credential: new Credential(SECRET), fetch }));
    const frame = (await connection.query(Q)).frames[0]!;
    assert.equal(frame.title, "see <redacted>, then");
    assert.equal(frame.content, "cgp-tok is short", "7 characters of the token are not a reflection");
  });
});

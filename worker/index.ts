/**
 * The edge provider: the `docs` example provider over the bundled corpus
 * (worker/corpus.json, built by `frameline index`) or, when wrangler.toml binds
 * DOCS_DB, a D1 database (see corpus-source.ts), served by the HTTP binding at
 * /contextgraph. Answers are signed when the ATTESTATION_SEED secret is set.
 */
import type { Hono } from "hono";
import { signerFromSeed } from "../src/attest/index.ts";
import { docsProvider } from "../src/docs-provider/index.ts";
import { createProviderApp, DEFAULT_MAX_DRAIN_BYTES, discardBody } from "../src/provider/index.ts";
import { type CorpusBindings, corpusSource } from "./corpus-source.ts";
import { misbehaving } from "./misbehave.ts";

/** The Worker's bindings (wrangler.toml `[vars]`, `d1_databases` and secrets). */
interface Env extends CorpusBindings {
  /** 32-byte Ed25519 seed in lowercase hex (a secret: `wrangler secret put ATTESTATION_SEED`). */
  readonly ATTESTATION_SEED?: string;
  /** The key id published in handshake_ack.attester_keys (default: the provider name and the key's first 8 hex). */
  readonly ATTESTATION_KEY_ID?: string;
  /** Comma-separated browser origins allowed by CORS, or `*`. */
  readonly ALLOWED_ORIGINS?: string;
  /** When set, POST requires `Authorization: Bearer <token>` (a secret). */
  readonly BEARER_TOKEN?: string;
  /** A misbehave mode (docs/conformance.md): the provider breaks that one guarantee on purpose. */
  readonly MISBEHAVE?: string;
}

const apps = new Map<string, Promise<Hono>>();

function origins(value: string | undefined): readonly string[] | "*" {
  if (value?.trim() === "*") return "*";
  return (value ?? "")
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
}

async function buildApp(env: Env): Promise<Hono> {
  const seed = env.ATTESTATION_SEED?.trim();
  const keyId = env.ATTESTATION_KEY_ID ?? ((publicKey: string) => `docs-${publicKey.slice(0, 8)}`);
  const signer = seed ? await signerFromSeed(seed, { keyId, attesterId: "docs" }) : undefined;
  const source = corpusSource(env);
  const fixture = misbehaving(env.MISBEHAVE, source, signer);
  const provider = fixture?.provider ?? docsProvider(source, signer ? { signer } : {});
  const app = createProviderApp(provider, {
    allowedOrigins: origins(env.ALLOWED_ORIGINS),
    ...(env.BEARER_TOKEN ? { bearerToken: env.BEARER_TOKEN } : {}),
    ...(signer ? {} : { note: "answers are unsigned: set the ATTESTATION_SEED secret to sign them" }),
  });
  return fixture ? fixture.wrap(app) : app;
}

/** One app per configuration, built on first use (the signer needs an async key import). */
function appFor(env: Env): Promise<Hono> {
  const key = `${env.ATTESTATION_SEED ?? ""}\u0000${env.ATTESTATION_KEY_ID ?? ""}\u0000${env.ALLOWED_ORIGINS ?? ""}\u0000${env.BEARER_TOKEN ?? ""}\u0000${env.MISBEHAVE ?? ""}\u0000${env.DOCS_DB ? "d1" : "bundle"}`;
  let app = apps.get(key);
  if (!app) {
    app = buildApp(env);
    apps.set(key, app);
  }
  return app;
}

export default {
  async fetch(request: Request, env: Env, context: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    // Routes outside the app read their body to the end too, or workerd drops the connection (request-body.ts).
    if (url.pathname === "/healthz" || url.pathname === "/") await discardBody(request, DEFAULT_MAX_DRAIN_BYTES);
    if (url.pathname === "/healthz") return new Response("ok\n", { headers: { "content-type": "text/plain" } });
    // With wrangler.toml's [assets], "/" is the playground page and never reaches this code; a deployment
    // without the assets still sends a browser from "/" to the provider's description.
    if (url.pathname === "/" && request.method === "GET")
      return Response.redirect(new URL("/contextgraph", url).toString(), 302);
    return (await appFor(env)).fetch(request, env, context);
  },
} satisfies ExportedHandler<Env>;

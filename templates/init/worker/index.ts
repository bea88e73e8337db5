/**
 * {{name}}: the Markdown in docs/ as a provider of the Context Graph Protocol (CGP,
 * contextgraph/1.0), served over HTTP at /contextgraph: POST one envelope (`handshake`, `query`,
 * `verify`), get one back; GET describes the provider and its signing key.
 *
 * wrangler's build step indexes docs/ into worker/corpus.json (`frameline index docs`), or, when
 * wrangler.toml binds DOCS_DB, into that D1 database (`frameline index docs --d1 NAME`). Answers are
 * signed with the Ed25519 seed in the ATTESTATION_SEED secret: locally in .dev.vars (written by
 * `frameline dev-key`), deployed with `wrangler secret put ATTESTATION_SEED`.
 */
import { signerFromSeed } from "frameline/attest";
import { type D1DocsDatabase, docsProvider, readCorpus } from "frameline/docs";
import { createProviderApp } from "frameline/provider";
import corpusJson from "./corpus.json";

/** The Worker's bindings: wrangler.toml [vars], d1_databases and secrets. */
interface Env {
  /** The corpus in D1, when wrangler.toml binds it (see README.md, "Larger docs"). */
  readonly DOCS_DB?: D1DocsDatabase;
  /** 32-byte Ed25519 seed as 64 lowercase hex characters (a secret). */
  readonly ATTESTATION_SEED?: string;
  /** Browser origins allowed to call the provider (CORS): comma-separated, or "*". */
  readonly ALLOWED_ORIGINS?: string;
}

const corpus = readCorpus(corpusJson);

function allowedOrigins(value = ""): readonly string[] | "*" {
  if (value.trim() === "*") return "*";
  return value
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/** The provider and its HTTP binding, built once per isolate (importing the signing key is async). */
async function createApp(env: Env) {
  const seed = env.ATTESTATION_SEED?.trim();
  const signer = seed
    ? await signerFromSeed(seed, { keyId: (publicKey) => `{{name}}-${publicKey.slice(0, 8)}`, attesterId: "{{name}}" })
    : undefined;
  const source = env.DOCS_DB ?? corpus;
  return createProviderApp(docsProvider(source, { name: "{{name}}", ...(signer ? { signer } : {}) }), {
    allowedOrigins: allowedOrigins(env.ALLOWED_ORIGINS),
    ...(signer ? {} : { note: "answers are unsigned: set the ATTESTATION_SEED secret to sign them" }),
  });
}

let app: ReturnType<typeof createApp> | undefined;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    app ??= createApp(env).catch((error: unknown) => {
      app = undefined;
      throw error;
    });
    return (await app).fetch(request);
  },
};

/**
 * The ask Worker's provider configuration (docs/ask.md): a list of
 * `{ name, url | service, path?, token_secret?, consent?, pinned_keys? }`,
 * from the `PROVIDERS` variable (a JSON array, or its text). A configuration
 * that does not read is a `ConfigError` naming the member, never a guess.
 */
import { isEgressScope } from "../../src/protocol/index.ts";
import * as v from "valibot";
import { refusalOf } from "./members.ts";

/** The operator's consent for one provider (spec §4.5): the boolean record (C1) and scope receipts (C6). */
export interface ConsentConfig {
  /** Records consent to egress: every HTTP provider needs it, since HTTP is egress whatever it claims (C4). */
  readonly egress: boolean;
  /** Off-machine scopes consented to, each recorded as a receipt (C6). */
  readonly scopes: readonly string[];
}

/** One configured provider. */
export interface ProviderConfig {
  /** The host's local id for it: in frame ids, legs and the usage report. */
  readonly name: string;
  /** An https URL (http only to loopback, C7), or */
  readonly url?: string;
  /** the name of a service binding to a Worker, reached at `path` without leaving the edge. */
  readonly service?: string;
  readonly path: string;
  /** The name of the secret holding its bearer token (never the token). */
  readonly token_secret?: string;
  readonly consent: ConsentConfig;
  /** Keys the operator trusts for it (spec §3.13 trust anchors). */
  readonly pinned_keys: readonly { key_id: string; algorithm: string; public_key: string }[];
}

/** A configuration that does not read: `member` names where (`PROVIDERS[1].url`). */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(
    readonly member: string,
    message: string,
  ) {
    super(message);
  }
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const BINDING = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const HEX_KEY = /^[0-9a-f]{64}$/;

const ProviderSchema = v.pipe(
  v.object(
    {
      name: v.pipe(v.string("must be a string"), v.regex(NAME, "must be 1–64 letters, digits, '.', '_' or '-'")),
      url: v.optional(v.pipe(v.string("must be a string"), v.url("must be an absolute URL"))),
      service: v.optional(v.pipe(v.string("must be a string"), v.regex(BINDING, "must be a binding name"))),
      path: v.optional(v.pipe(v.string("must be a string"), v.startsWith("/", "must start with '/'")), "/contextgraph"),
      token_secret: v.optional(v.pipe(v.string("must be a string"), v.regex(BINDING, "must be a secret's name"))),
      consent: v.optional(
        v.object(
          {
            egress: v.optional(v.boolean("must be true or false"), false),
            scopes: v.optional(
              v.array(
                v.pipe(v.string("must be a string"), v.check(isEgressScope, "must be an egress scope (§1.14)")),
                "must be a list",
              ),
              [],
            ),
          },
          "must be an object",
        ),
        { egress: false, scopes: [] },
      ),
      pinned_keys: v.optional(
        v.array(
          v.object(
            {
              key_id: v.pipe(v.string("must be a string"), v.minLength(1, "must not be empty")),
              algorithm: v.literal("ed25519", 'must be "ed25519"'),
              public_key: v.pipe(v.string("must be a string"), v.regex(HEX_KEY, "must be 64 lowercase hex characters")),
            },
            "must be an object",
          ),
          "must be a list",
        ),
        [],
      ),
    },
    "must be an object",
  ),
  v.check((p) => (p.url === undefined) !== (p.service === undefined), "must name exactly one of url and service"),
);

const ProvidersSchema = v.pipe(
  v.array(ProviderSchema, "must be a list of providers"),
  v.check((list) => new Set(list.map((p) => p.name)).size === list.length, "must name each provider once"),
);

/** Reads `PROVIDERS`: a JSON array, or its JSON text (wrangler passes either). */
export function readProviders(value: unknown, root = "PROVIDERS"): ProviderConfig[] {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new ConfigError(root, `${root} is not JSON`);
    }
  }
  const result = v.safeParse(ProvidersSchema, parsed);
  if (result.success) return result.output;
  const { member, message } = refusalOf(result.issues[0], root);
  throw new ConfigError(member, message);
}

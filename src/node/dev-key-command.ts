/**
 * `frameline dev-key [--file FILE]`: a local signing key for `wrangler dev`. Writes a fresh 32-byte
 * Ed25519 seed (spec §3.10) as `ATTESTATION_SEED=<64 hex>` to `.dev.vars` (git-ignored, mode 0600)
 * when the file has none yet; an existing key is kept. In production the seed is a Worker secret
 * (`wrangler secret put ATTESTATION_SEED`).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { toHex } from "../attest/index.ts";
import { type Command, stringOption } from "./command.ts";
import { shownPath } from "./failure.ts";

/** Where `wrangler dev` reads local secrets from. */
const DEV_VARS_FILE = ".dev.vars";

/** Adds an `ATTESTATION_SEED` to `file` unless it has one; true when it did. */
function ensureDevKey(file: string): boolean {
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (/^ATTESTATION_SEED=/m.test(current)) return false;
  const seed = toHex(crypto.getRandomValues(new Uint8Array(32)));
  const separator = current && !current.endsWith("\n") ? "\n" : "";
  writeFileSync(file, `${current}${separator}ATTESTATION_SEED=${seed}\n`, { mode: 0o600 });
  return true;
}

/** The `dev-key` command line. */
export const devKeyCli: Command = {
  name: "dev-key",
  synopsis: "dev-key [--file FILE]",
  description: `creates a local signing key for \`wrangler dev\` (ATTESTATION_SEED in FILE, default
${DEV_VARS_FILE}) unless there is one; deployed, the key is a Worker secret.`,
  options: { file: { type: "string" } },
  positionals: { min: 0, max: 0 },
  async run(input) {
    const file = resolve(input.cwd, stringOption(input, "file") ?? DEV_VARS_FILE);
    if (ensureDevKey(file))
      input.err(`frameline: created a local signing key in ${shownPath(file, input.cwd)} (ATTESTATION_SEED)`);
    return 0;
  },
};

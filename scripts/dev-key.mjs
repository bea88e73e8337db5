// Creates a local signing key for `wrangler dev` in .dev.vars (git-ignored) when there is none yet.
// In production the key is a Worker secret: `wrangler secret put ATTESTATION_SEED`.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const file = ".dev.vars";
const current = existsSync(file) ? readFileSync(file, "utf8") : "";
if (!/^ATTESTATION_SEED=/m.test(current)) {
  const seed = randomBytes(32).toString("hex");
  writeFileSync(file, `${current}${current && !current.endsWith("\n") ? "\n" : ""}ATTESTATION_SEED=${seed}\n`, {
    mode: 0o600,
  });
  console.error("frameline: created a local signing key in .dev.vars (ATTESTATION_SEED)");
}

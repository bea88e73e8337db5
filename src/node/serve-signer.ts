/**
 * The signing key of `frameline serve --stdio` (spec §3.10): a 32-byte seed
 * from a file or from an environment variable, never from the command line
 * (where every user of the machine can read it). The seed is never printed.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { AttestationError, type Signer, signerFromSeed } from "../attest/index.ts";
import { CommandFailure, UsageError } from "./command.ts";
import { shownPath } from "./failure.ts";

/** Where the seed comes from, and the key id to publish (default: the provider name and the key's first 8 hex). */
interface SeedSource {
  readonly seedFile?: string;
  readonly seedEnv?: string;
  readonly keyId?: string;
  readonly cwd: string;
  readonly name: string;
}

/** The seed in a file: the whole file (trimmed), or its `ATTESTATION_SEED=` line (a `.dev.vars` file). */
function seedIn(text: string): string {
  return /^ATTESTATION_SEED=(.*)$/m.exec(text)?.[1]?.trim() ?? text.trim();
}

async function seedText(source: SeedSource): Promise<{ seed: string; from: string } | undefined> {
  if (source.seedFile !== undefined && source.seedEnv !== undefined)
    throw new UsageError("give --seed-file or --seed-env, not both");
  if (source.seedFile !== undefined) {
    const path = resolve(source.cwd, source.seedFile);
    return { seed: seedIn(await readFile(path, "utf8")), from: shownPath(path, source.cwd) };
  }
  if (source.seedEnv === undefined) return undefined;
  const value = process.env[source.seedEnv];
  if (value === undefined) throw new CommandFailure(`the environment variable ${source.seedEnv} is not set`);
  return { seed: value.trim(), from: `$${source.seedEnv}` };
}

/** The signer the options name, or undefined when they name no seed. A bad seed is a `CommandFailure` naming its source. */
export async function serveSigner(source: SeedSource): Promise<Signer | undefined> {
  const found = await seedText(source);
  if (!found) return undefined;
  const keyId = source.keyId ?? ((publicKey: string) => `${source.name}-${publicKey.slice(0, 8)}`);
  try {
    return await signerFromSeed(found.seed, { keyId, attesterId: source.name });
  } catch (error) {
    if (error instanceof AttestationError)
      throw new CommandFailure(`${found.from}: not a signing seed (32 bytes as 64 lowercase hex characters)`);
    throw error;
  }
}

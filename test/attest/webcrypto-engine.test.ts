// The WebCrypto engine's key handling (spec §3.10): a public key is imported once however often it verifies,
// and imported for verifying only, not extractable.
import assert from "node:assert/strict";
import { test } from "node:test";
import { webCryptoEngine } from "../../src/attest/ed25519.ts";
import { fromHex } from "../support/lib.ts";

/** crypto.subtle, recording each importKey of a raw key: its extractable flag and its usages. */
function recordingSubtle(): { subtle: SubtleCrypto; imports: { extractable: boolean; usages: string[] }[] } {
  const imports: { extractable: boolean; usages: string[] }[] = [];
  const real = crypto.subtle;
  const subtle = new Proxy(real, {
    get(target, name) {
      if (name === "importKey")
        return (format: string, data: BufferSource, algorithm: string, extractable: boolean, usages: KeyUsage[]) => {
          if (format === "raw") imports.push({ extractable, usages: [...usages] });
          return target.importKey(format as "raw", data, algorithm, extractable, usages);
        };
      const value = Reflect.get(target, name);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { subtle, imports };
}

test("a public key verifying three times is imported once, for verify only and not extractable", async () => {
  const { subtle, imports } = recordingSubtle();
  const engine = webCryptoEngine(subtle);
  const seed = fromHex("11".repeat(32), 32)!;
  const message = new TextEncoder().encode("m");
  const signature = await engine.sign(seed, message);
  const publicKey = await engine.publicKey(seed);
  for (let i = 0; i < 3; i++) assert.equal(await engine.verify(publicKey, message, signature), true);
  assert.deepEqual(imports, [{ extractable: false, usages: ["verify"] }]);
});

// The Ed25519 engines (spec §3.10): WebCrypto imports a public key once however often it verifies, for
// verifying only and not extractable; noble runs in strict RFC 8032 mode, not ZIP-215; detection picks
// WebCrypto where it verifies and noble where it is missing or broken.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fromHex, detectEngine, nobleEngine, webCryptoEngine } from "../support/lib.ts";

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

test("noble refuses a key that only ZIP-215 reads: y = p + 1, a non-canonical identity, with R = identity, S = 0", async () => {
  // Under ZIP-215 this key decodes to the identity, and [S]B = R + [k]A holds for every message.
  const publicKey = fromHex(`ee${"ff".repeat(30)}7f`, 32)!;
  const signature = new Uint8Array(64);
  signature[0] = 0x01;
  assert.equal(await nobleEngine().verify(publicKey, new TextEncoder().encode("any"), signature), false);
});

test("detection picks WebCrypto where it verifies Ed25519, and noble where it throws", async () => {
  assert.equal((await detectEngine()).name, "webcrypto");
  const broken = { importKey: () => Promise.reject(new Error("no Ed25519")) } as unknown as SubtleCrypto;
  assert.equal((await detectEngine(broken)).name, "noble");
});

// What a consumer bundling `frameline/wire` or `frameline/host` for a browser gets: no valibot. The codec and the
// host read the wire shapes and readers generated from the schemas (src/protocol/*.generated.ts), so the schema
// library stays with what needs it (`frameline/protocol`, the provider kit, the strict lint), and a change that
// puts it back on the run-time path fails here instead of silently growing every browser bundle.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, test } from "node:test";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** A minified browser bundle of one entry point: its inputs (paths relative to the root) and its gzipped size. */
async function bundle(entry: string): Promise<{ inputs: string[]; gzipBytes: number }> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const [output] = result.outputFiles;
  return { inputs: Object.keys(result.metafile.inputs), gzipBytes: gzipSync(output!.contents, { level: 9 }).length };
}

const valibotModules = (inputs: readonly string[]) => inputs.filter((path) => path.includes("node_modules/valibot/"));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe("browser bundles of the run-time entry points", () => {
  test("a bundle of src/protocol/index.ts holds valibot (the check below can see it)", async () => {
    const { inputs } = await bundle("src/protocol/index.ts");
    assert.notDeepEqual(valibotModules(inputs), []);
  });

  for (const entry of ["src/wire/index.ts", "src/host/index.ts"]) {
    test(`a bundle of ${entry} holds no valibot module and no schema module`, async (t) => {
      const { inputs, gzipBytes } = await bundle(entry);
      t.diagnostic(`${entry}: ${kb(gzipBytes)} gzipped (level 9), ${inputs.length} modules`);
      assert.deepEqual(valibotModules(inputs), []);
      const schemas = ["envelope.ts", "frame.ts", "query.ts", "primitives.ts"].map((name) => `src/protocol/${name}`);
      assert.deepEqual(
        inputs.filter((path) => schemas.includes(path)),
        [],
      );
      assert.ok(inputs.includes("src/protocol/readers.generated.ts"), "the generated readers are what decodes");
    });
  }
});

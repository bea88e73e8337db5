// The ask handler (worker/ask/portable.ts) as a consumer of the installed package runs it: bundled by esbuild
// with every import of a layer's public entry point (src/<layer>/index.ts) rewritten to `frameline/<layer>`
// and left, like every other package, for the runtime to load from the consumer's node_modules.
import { join } from "node:path";
import { build, type Plugin } from "esbuild";
import { PROJECT_ROOT } from "../project-root.ts";

const ENTRY_POINT = /(?:^|\/)src\/(protocol|wire|attest|provider|docs|host)\/index\.ts$/;

/** `../../src/host/index.ts` → `frameline/host`, external; any other import of src/ is an error (no deep imports). */
const fromThePackage: Plugin = {
  name: "from-the-package",
  setup(builder) {
    builder.onResolve({ filter: /\/src\// }, (args) => {
      const layer = ENTRY_POINT.exec(args.path)?.[1];
      if (layer === undefined) return { errors: [{ text: `${args.path} is not a public entry point of frameline` }] };
      return { path: `frameline/${layer}`, external: true };
    });
  },
};

/** Writes `<dir>/ask-handler.mjs`: the portable ask handler importing frameline, valibot and hono by name. */
export async function bundlePortableHandler(dir: string): Promise<string> {
  const outfile = join(dir, "ask-handler.mjs");
  await build({
    entryPoints: [join(PROJECT_ROOT, "worker", "ask", "portable.ts")],
    outfile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    packages: "external",
    plugins: [fromThePackage],
    logLevel: "silent",
  });
  return outfile;
}

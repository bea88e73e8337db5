/**
 * frameline's own package.json, read at run time: the CLI's `--version`, and the versions
 * `frameline init` pins (frameline itself, and wrangler as this package pins it for its own Worker).
 * It sits two folders above this module both in the sources (src/node/) and in the build (dist/node/).
 */
import { readFileSync } from "node:fs";
import * as v from "valibot";

const OwnManifestSchema = v.object({
  version: v.string(),
  devDependencies: v.object({ wrangler: v.string() }),
});

/** What the CLI needs of its own manifest: its version and the exact wrangler version of its devDependencies. */
export type OwnManifest = v.InferOutput<typeof OwnManifestSchema>;

/** Reads and checks frameline's package.json. */
export function ownManifest(): OwnManifest {
  return v.parse(OwnManifestSchema, JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")));
}

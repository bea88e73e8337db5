/**
 * frameline's own package.json, read at run time: the CLI's `--version`, and the versions
 * `frameline init` pins (frameline itself, and wrangler as this package pins it for its own Worker).
 * The package's folder sits two folders above this module both in the sources (src/node/) and in
 * the build (dist/node/).
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as v from "valibot";

/** The folder of the running frameline: a checkout, or the installed package. */
export const OWN_ROOT = resolve(fileURLToPath(new URL("../../", import.meta.url)));

const OwnManifestSchema = v.object({
  name: v.string(),
  version: v.string(),
  devDependencies: v.object({ wrangler: v.string() }),
});

/** What the CLI needs of its own manifest: its name, version and the exact wrangler version of its devDependencies. */
type OwnManifest = v.InferOutput<typeof OwnManifestSchema>;

/** Reads and checks frameline's package.json. */
export function ownManifest(): OwnManifest {
  return v.parse(OwnManifestSchema, JSON.parse(readFileSync(join(OWN_ROOT, "package.json"), "utf8")));
}

// `npm run size` (after `npm run build`): what each entry point of the package weighs. Each subpath's
// dist/ entry is bundled by esbuild and gzipped at level 9: frameline's own modules as shipped (not
// minified), the same minified, and minified with the runtime dependencies (what a page or Worker ships).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const DEPENDENCIES = Object.keys(manifest.dependencies).flatMap((name) => [name, `${name}/*`]);

async function gzipped(entry, platform, external, minify = true) {
  const { outputFiles, metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform,
    minify,
    write: false,
    metafile: true,
    external: ["node:*", ...external],
    logLevel: "silent",
  });
  const own = Object.keys(metafile.inputs).filter((path) => path.startsWith("dist/")).length;
  return { gz: gzipSync(outputFiles[0].contents, { level: 9 }).length, own };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(10);
console.log("subpath      modules  as shipped  minified  + dependencies   (gzipped)");
for (const [subpath, target] of Object.entries(manifest.exports)) {
  const platform = subpath === "./node" ? "node" : "browser";
  const shipped = await gzipped(target.import, platform, DEPENDENCIES, false);
  const own = await gzipped(target.import, platform, DEPENDENCIES);
  const all = await gzipped(target.import, platform, []);
  console.log(`${subpath.padEnd(12)}${String(own.own).padStart(8)}${kib(shipped.gz)}${kib(own.gz)}${kib(all.gz)}`);
}

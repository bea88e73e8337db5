// Builds the browser playground into a folder of static files (web/dist by default): the page (app.js), the
// host it runs in a Web Worker (host.js), their chunks loaded after the page or on demand (the conformance panel
// and suite, the inspector, the host's tools, the noble fallback), the in-page provider's Worker (provider.js) with
// its own corpus (this repo's README.md + docs/, indexed now) and a dev signing key generated now, the HTML
// and CSS, and a `_headers` file with the Content-Security-Policy. Every URL in it is relative, so the folder
// works from any static host. Run: node --import tsx scripts/build-web.ts [outDir]
import { randomBytes } from "node:crypto";
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { type BuildResult, build, type Plugin } from "esbuild";
import { buildCorpus } from "../src/docs-provider/index.ts";
import { defaultCorpusFiles } from "../src/node/markdown-files.ts";
import { contentSecurityPolicy } from "./web-headers.ts";

/** The project root: README.md, docs/ and web/ live here. */
export const PROJECT_ROOT = fileURLToPath(new URL("../", import.meta.url));

/** Where `npm start` serves the page from (wrangler.toml `[assets] directory`). */
export const DEFAULT_OUT_DIR = join(PROJECT_ROOT, "web", "dist");

/** One built file: its path in the output folder, its size, and its size gzipped (level 9). */
export interface BuiltFile {
  readonly path: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

/** What a build produced. */
export interface PlaygroundBuild {
  readonly outDir: string;
  readonly files: readonly BuiltFile[];
  /**
   * The page's JavaScript as a browser with WebCrypto Ed25519 loads it: app.js and its host Worker, host.js,
   * with any chunk either imports statically.
   */
  readonly pageScripts: readonly BuiltFile[];
  /**
   * Chunks not part of the page's first load: the conformance panel and suite, the inspector and the host's
   * tools (transcript import, composition), loaded once the page has (or when first used), and the
   * @noble/ed25519 fallback, only for a browser whose WebCrypto lacks Ed25519.
   */
  readonly lazyScripts: readonly BuiltFile[];
  /** The conformance suite's chunk (one of `lazyScripts`), imported by the host after the page loads. */
  readonly conformanceScript: BuiltFile;
  /** The in-page provider's Worker, with its corpus and dev key inside. */
  readonly providerScript: BuiltFile;
  /** The dev key's seed, hex: public in the bundle, so only ever a development key. */
  readonly devSeedHex: string;
}

/** Options for a build. */
export interface BuildOptions {
  /** The output folder (default web/dist); emptied first. */
  readonly outDir?: string;
  /** Extra `connect-src` sources for providers on other origins (e.g. `https://docs.example.com`). */
  readonly connectSources?: readonly string[];
  /** The in-page provider's dev seed (default: 32 random bytes, new every build). */
  readonly devSeedHex?: string;
  /** Minify (default true). */
  readonly minify?: boolean;
}

const COMMON = {
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  legalComments: "none",
  logLevel: "silent",
} as const;

/** Resolves `playground:<name>` in the host to the file of the chunk of that name (a key of `paths`), built on its own. */
function hostChunks(paths: Readonly<Record<string, string>>): Plugin {
  const filter = new RegExp(`^playground:(${Object.keys(paths).join("|")})$`);
  return {
    name: "playground-host-chunks",
    setup(builder) {
      builder.onResolve({ filter }, (args) => ({
        path: `./${paths[args.path.slice("playground:".length)]}`,
        external: true,
      }));
    },
  };
}

/** Bundles one of the host's chunks on its own, with its own copy of the library; returns its path in `outDir`. */
async function ownChunk(outDir: string, name: string, entry: string, minify: boolean): Promise<string> {
  const result = await build({
    ...COMMON,
    entryPoints: { [name]: entry },
    outdir: outDir,
    entryNames: "chunks/[name]-[hash]",
    metafile: true,
    minify,
  });
  return outputPath(outDir, Object.keys(result.metafile.outputs)[0]!);
}

/** Resolves `playground:corpus` and `playground:dev-seed`, the provider Worker's build-time inputs. */
function buildInputs(corpusJson: string, seedHex: string): Plugin {
  return {
    name: "playground-inputs",
    setup(builder) {
      builder.onResolve({ filter: /^playground:(corpus|dev-seed)$/ }, (args) => ({
        path: args.path,
        namespace: "playground",
      }));
      builder.onLoad({ filter: /.*/, namespace: "playground" }, (args) =>
        args.path === "playground:corpus"
          ? { contents: corpusJson, loader: "json" }
          : { contents: `export default ${JSON.stringify(seedHex)};`, loader: "js" },
      );
    },
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split("\\").join("/"));
}

async function sizes(outDir: string): Promise<BuiltFile[]> {
  const paths = (await filesUnder(outDir)).sort();
  return Promise.all(
    paths.map(async (path) => {
      const bytes = await readFile(join(outDir, path));
      return { path, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
    }),
  );
}

/** A path in the output folder, as `files` names it, from a path esbuild's metafile gives. */
function outputPath(outDir: string, path: string): string {
  return relative(outDir, resolve(path)).split("\\").join("/");
}

/** The chunks an entry imports statically: they load with it, so they count as up front. */
function staticImports(outDir: string, result: BuildResult<{ metafile: true }>, entry: string): string[] {
  const output = Object.entries(result.metafile.outputs).find(([path]) => outputPath(outDir, path) === entry);
  return (output?.[1].imports ?? [])
    .filter((i) => i.kind === "import-statement")
    .map((i) => outputPath(outDir, i.path));
}

/**
 * The page's scripts. The page and its host Worker share almost no code, so each is its own bundle (splitting
 * across them would move the host's library into a chunk the page loads too). Each splits off what it loads
 * on demand: the page its conformance panel and inspector, the host the noble fallback, the conformance suite
 * and its tools (transcript import, composition). The suite and the tools are bundles of their own, with their
 * own copy of the library they need: split from host.js, the code they share would be a chunk loaded up
 * front. Returns the up-front scripts and the suite's chunk.
 */
async function buildScripts(web: string, outDir: string, minify: boolean) {
  const split = {
    ...COMMON,
    outdir: outDir,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    metafile: true,
    minify,
  } as const;
  const app = await build({ ...split, entryPoints: { app: join(web, "src", "main.ts") } });
  const suitePath = await ownChunk(outDir, "conformance-suite", join(web, "host", "conformance-suite.ts"), minify);
  const toolsPath = await ownChunk(outDir, "host-tools", join(web, "host", "tools.ts"), minify);
  const host = await build({
    ...split,
    entryPoints: { host: join(web, "host", "main.ts") },
    plugins: [hostChunks({ conformance: suitePath, "host-tools": toolsPath })],
  });
  const upFront = [
    "app.js",
    "host.js",
    ...staticImports(outDir, app, "app.js"),
    ...staticImports(outDir, host, "host.js"),
  ];
  return { upFront: new Set(upFront), suitePath };
}

/** Builds the playground (see the file comment). */
export async function buildPlayground(options: BuildOptions = {}): Promise<PlaygroundBuild> {
  const outDir = resolve(options.outDir ?? DEFAULT_OUT_DIR);
  const web = join(PROJECT_ROOT, "web");
  const minify = options.minify ?? true;
  const devSeedHex = options.devSeedHex ?? randomBytes(32).toString("hex");
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const corpus = await buildCorpus(await defaultCorpusFiles(PROJECT_ROOT));
  const { upFront, suitePath } = await buildScripts(web, outDir, minify);
  await build({
    ...COMMON,
    entryPoints: { provider: join(web, "provider", "main.ts") },
    outdir: outDir,
    minify,
    plugins: [buildInputs(JSON.stringify(corpus), devSeedHex)],
  });
  for (const name of await readdir(join(web, "static"))) await copyFile(join(web, "static", name), join(outDir, name));
  await writeFile(
    join(outDir, "_headers"),
    `/*\n${Object.entries(contentSecurityPolicy(options.connectSources ?? []))
      .map(([name, value]) => `  ${name}: ${value}\n`)
      .join("")}`,
  );
  const files = await sizes(outDir);
  return {
    outDir,
    files,
    pageScripts: files.filter((f) => upFront.has(f.path)),
    lazyScripts: files.filter((f) => f.path.startsWith("chunks/") && !upFront.has(f.path)),
    conformanceScript: files.find((f) => f.path === suitePath)!,
    providerScript: files.find((f) => f.path === "provider.js")!,
    devSeedHex,
  };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const extra = (process.env.FRAMELINE_CONNECT_SRC ?? "").split(/\s+/).filter(Boolean);
  const built = await buildPlayground({ outDir: process.argv[2] ?? DEFAULT_OUT_DIR, connectSources: extra });
  const sum = (files: readonly BuiltFile[]) => kb(files.reduce((total, f) => total + f.gzipBytes, 0));
  console.log(
    `frameline: built the playground in ${relative(process.cwd(), built.outDir) || "."}: page JS ${sum(built.pageScripts)} gzipped (+ ${sum(built.lazyScripts)} after load or on demand: the panels, the suite, the host's tools, the noble fallback), in-page provider ${sum([built.providerScript])} gzipped with its corpus, started after load`,
  );
}

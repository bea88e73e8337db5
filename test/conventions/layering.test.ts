// The layering rule of ARCHITECTURE.md ("arrows only point down"; the provider never imports the host
// and the host never imports the provider), checked on the import graph of src/, worker/ and web/.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { filesUnder, TS_SOURCE } from "../support/files.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * What each folder of src/ may import: other src/ folders, and packages (by name). valibot, the
 * protocol's schema library, is also what the provider kit and the docs corpus check data with;
 * minisearch (the bundled search index) and stemmer (Porter stems) are the docs provider's search.
 */
const MAY_IMPORT: Record<string, { layers: readonly string[]; packages: readonly string[] }> = {
  protocol: { layers: [], packages: ["valibot"] },
  wire: { layers: ["protocol"], packages: [] },
  attest: { layers: ["protocol"], packages: ["@noble/ed25519", "@noble/hashes"] },
  provider: { layers: ["protocol", "wire", "attest"], packages: ["hono", "valibot"] },
  host: { layers: ["protocol", "wire", "attest"], packages: [] },
  "docs-provider": { layers: ["protocol", "attest", "provider"], packages: ["valibot", "minisearch", "stemmer"] },
  misbehave: { layers: ["protocol", "attest", "provider", "docs-provider"], packages: [] },
  conformance: { layers: ["protocol", "wire", "attest", "host"], packages: [] },
};

/** Every import specifier of a file: static imports, re-exports and dynamic `import("…")`. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"/gms)) found.push(match[1]!);
  for (const match of source.matchAll(/^\s*import\s*"([^"]+)"/gm)) found.push(match[1]!);
  for (const match of source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) found.push(match[1]!);
  return found;
}

interface Edge {
  readonly from: string;
  readonly specifier: string;
  /** The resolved file for a relative specifier, else undefined (a package). */
  readonly to: string | undefined;
}

function edgesOf(file: string): Edge[] {
  return specifiers(readFileSync(file, "utf8")).map((specifier) => ({
    from: file,
    specifier,
    to: specifier.startsWith(".") ? resolve(dirname(file), specifier) : undefined,
  }));
}

/** The src/ folder a file belongs to ("" for src/index.ts itself), or undefined outside src/. */
function layerOf(file: string): string | undefined {
  const path = relative(join(root, "src"), file);
  if (path.startsWith("..")) return undefined;
  const parts = path.split(sep);
  return parts.length === 1 ? "" : parts[0];
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

const srcEdges = filesUnder(join(root, "src"), TS_SOURCE).flatMap(edgesOf);
const show = (edge: Edge) => `${relative(root, edge.from)} → ${edge.specifier}`;

/** Every import cycle among `edges`, each as its files (relative to `base`) joined by arrows. */
function cycles(edges: readonly Edge[], base: string): string[] {
  const graph = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.to === undefined) continue;
    graph.set(edge.from, [...(graph.get(edge.from) ?? []), edge.to]);
  }
  const found: string[] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") {
        found.push([...stack.slice(stack.indexOf(next)), next].map((f) => relative(base, f)).join(" → "));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe("layering of src/ (ARCHITECTURE.md)", () => {
  test("every src/ folder is in the layer table", () => {
    const folders = readdirSync(join(root, "src"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "node")
      .map((entry) => entry.name);
    assert.deepEqual(
      folders.filter((folder) => !(folder in MAY_IMPORT)),
      [],
    );
  });

  test("a layer imports only the layers below it, and only its own packages", () => {
    const breaches = srcEdges.filter((edge) => {
      const layer = layerOf(edge.from);
      if (layer === undefined || layer === "" || layer === "node") return false;
      const allowed = MAY_IMPORT[layer]!;
      if (edge.to === undefined) return !allowed.packages.includes(packageName(edge.specifier));
      const target = layerOf(edge.to);
      return target !== layer && !(target !== undefined && allowed.layers.includes(target));
    });
    assert.deepEqual(breaches.map(show), []);
  });

  test("the provider never imports the host, and the host never imports the provider", () => {
    const crossing = srcEdges.filter((edge) => {
      const [from, to] = [layerOf(edge.from), edge.to && layerOf(edge.to)];
      return (from === "provider" && to === "host") || (from === "host" && to === "provider");
    });
    assert.deepEqual(crossing.map(show), []);
  });

  test("no import cycles between files of src/", () => {
    assert.deepEqual(cycles(srcEdges, join(root, "src")), []);
  });

  test("node: imports only under src/node/", () => {
    const outside = srcEdges.filter((edge) => edge.specifier.startsWith("node:") && layerOf(edge.from) !== "node");
    assert.deepEqual(outside.map(show), []);
  });
});

describe("worker/ and web/ use src/ as a consumer would", () => {
  test("they import src/ only through its public entry points (src/index.ts, src/<layer>/index.ts)", () => {
    const edges = [...filesUnder(join(root, "worker"), TS_SOURCE), ...filesUnder(join(root, "web"), TS_SOURCE)].flatMap(
      edgesOf,
    );
    const deep = edges.filter((edge) => {
      const layer = edge.to === undefined ? undefined : layerOf(edge.to);
      if (layer === undefined) return false;
      const path = relative(join(root, "src"), edge.to!).split(sep);
      return !(path.length === 1 ? path[0] === "index.ts" : path.length === 2 && path[1] === "index.ts");
    });
    assert.deepEqual(deep.map(show), []);
  });
});

/**
 * The page (web/src/): main.ts wires; the state module (state.ts) decides what is shown; the flows
 * (flows/) do what a person asks; the panels (panels/) draw one section each, from the parts several of
 * them draw (parts/) and the page's helpers. Arrows point down that list, so a panel never reaches
 * another panel, the state or a flow.
 */
describe("web/src: panels draw, flows act, one state module shows", () => {
  const page = join(root, "web", "src");
  const edges = filesUnder(page, TS_SOURCE).flatMap(edgesOf);
  const inside = (file: string | undefined, folder: string) =>
    file !== undefined && relative(join(page, folder), file).split(sep)[0] !== "..";
  const ABOVE_PANELS = ["main.ts", "state.ts", "workers.ts", "chunks.ts"].map((file) => join(page, file));

  test("no panel imports another panel", () => {
    const crossing = edges.filter(
      (edge) => inside(edge.from, "panels") && inside(edge.to, "panels") && edge.to !== edge.from,
    );
    assert.deepEqual(crossing.map(show), []);
  });

  test("panels and parts import neither the state, the flows, the Workers, the chunks nor main.ts", () => {
    const up = edges.filter(
      (edge) =>
        (inside(edge.from, "panels") || inside(edge.from, "parts")) &&
        (inside(edge.to, "flows") || ABOVE_PANELS.includes(edge.to ?? "")),
    );
    assert.deepEqual(up.map(show), []);
  });

  test("parts import no panel, and nothing imports main.ts", () => {
    const wrong = edges.filter(
      (edge) => (inside(edge.from, "parts") && inside(edge.to, "panels")) || edge.to === join(page, "main.ts"),
    );
    assert.deepEqual(wrong.map(show), []);
  });

  test("no import cycles between files of web/", () => {
    assert.deepEqual(cycles(filesUnder(join(root, "web"), TS_SOURCE).flatMap(edgesOf), join(root, "web")), []);
  });
});

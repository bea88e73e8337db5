// The child that runs examples (./project.ts starts it under tsx, with the examples' tsconfig so that
// `frameline` imports resolve as they were type-checked): imports each module in turn and writes what
// each one threw, module path → message, to the results file. An example's own output is its own.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [results, ...modules] = process.argv.slice(2);
const thrown: Record<string, string> = {};
for (const module of modules) {
  try {
    await import(pathToFileURL(module).href);
  } catch (error) {
    if (!(error instanceof Error)) thrown[module] = String(error);
    else thrown[module] = error.name === "AssertionError" ? error.message : `${error.name}: ${error.message}`;
  }
}
writeFileSync(results!, JSON.stringify(thrown));

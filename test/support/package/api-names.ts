// What each entry point must export at run time, read from the API report (etc/api.md, generated from
// the sources and held to them by test/conventions/api-report.test.ts): every export but the types.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const REPORT = fileURLToPath(new URL("../../../etc/api.md", import.meta.url));
const VALUE_KINDS = new Set(["function", "class", "const", "let", "enum"]);

/** Entry point name (`frameline`, `frameline/wire`, …) → its value exports, sorted. */
export function runtimeExports(): Record<string, string[]> {
  const sections: Record<string, string[]> = {};
  let current: string[] | undefined;
  for (const line of readFileSync(REPORT, "utf8").split("\n")) {
    const heading = /^## `([^`]+)` \(\d+\)$/.exec(line);
    if (heading) sections[heading[1]!] = current = [];
    const entry = /^### `([^`]+)` (\w+)$/.exec(line);
    if (entry && current && VALUE_KINDS.has(entry[2]!)) current.push(entry[1]!);
  }
  for (const names of Object.values(sections)) names.sort();
  return sections;
}

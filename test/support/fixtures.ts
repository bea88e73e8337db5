// Reads the shared interop fixtures in place (never copied): ../shared/fixtures from the project root.
import { readFileSync } from "node:fs";

const root = new URL("../../../shared/fixtures/", import.meta.url);

/** The text of a fixture file. */
export function fixtureText(name: string): string {
  return readFileSync(new URL(name, root), "utf8");
}

/** A fixture file parsed as JSON. */
export function fixtureJson<T = unknown>(name: string): T {
  return JSON.parse(fixtureText(name)) as T;
}

/** The lines of reference-vectors.ndjson, without their line endings. */
export function referenceVectorLines(): string[] {
  return fixtureText("reference-vectors.ndjson")
    .split("\n")
    .filter((line) => line.length > 0);
}

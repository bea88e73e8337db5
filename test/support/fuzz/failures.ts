// Collecting failures by category and reporting them by case kind and index (reproducible from the seed), never content.
import assert from "node:assert/strict";
import type { FuzzCase } from "./corpus.ts";
import { SEED_HEX } from "./settings.ts";

/** Failures by category, with the first example of each variant (kind and index, never content). */
export class Failures {
  readonly #byCategory = new Map<string, { count: number; examples: Map<string, string> }>();

  add(category: string, example: string, variant = ""): void {
    const entry = this.#byCategory.get(category) ?? { count: 0, examples: new Map<string, string>() };
    entry.count += 1;
    if (!entry.examples.has(variant) && entry.examples.size < 6) entry.examples.set(variant, example);
    this.#byCategory.set(category, entry);
  }

  get total(): number {
    let total = 0;
    for (const { count } of this.#byCategory.values()) total += count;
    return total;
  }

  report(): string {
    const lines = [...this.#byCategory].map(
      ([category, { count, examples }]) =>
        `  ${category}: ${count}×, e.g.\n${[...examples.values()].map((e) => `    - ${e}`).join("\n")}`,
    );
    return `${this.total} fuzz failure(s) (seed ${SEED_HEX}):\n${lines.join("\n")}`;
  }

  assertNone(): void {
    assert.equal(this.total, 0, this.report());
  }
}

/** A thrown value's class and the start of its message. */
export function describeThrown(error: unknown): string {
  if (error instanceof Error) return `${error.constructor.name}: ${error.message.slice(0, 80)}`;
  return `non-Error ${typeof error}`;
}

/** How a case is named in a report. */
export function label(fuzzCase: FuzzCase): string {
  return `${fuzzCase.kind} #${fuzzCase.index} (${fuzzCase.bytes.length} bytes)`;
}

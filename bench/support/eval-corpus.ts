// The relevance set (bench/relevance-questions.json) and its corpus: Markdown shipped inside installed npm
// packages, read from node_modules/ after checking that the installed versions are the ones the set names.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { CorpusFile } from "../../src/docs-provider/index.ts";
import { PROJECT_ROOT } from "../../test/support/project-root.ts";

const NODE_MODULES = join(PROJECT_ROOT, "node_modules");

/** A passage that answers a question: a file of the corpus and a 1-based inclusive line range. */
export interface Passage {
  readonly path: string;
  readonly start: number;
  readonly end: number;
}

/** One question: answerable (with passages), or one whose words the corpus lacks, or off-topic. */
export interface Question {
  readonly id: string;
  readonly ask: string;
  readonly answers: readonly Passage[];
  readonly expect: "answer" | "miss" | "off-topic";
}

interface QuestionFile {
  packages: Record<string, string>;
  corpus: string[];
  questions: { id: string; ask: string; answers?: { path: string; lines: string }[]; expect?: "miss" | "off-topic" }[];
}

function markdownUnder(relative: string): string[] {
  const absolute = join(NODE_MODULES, relative);
  if (statSync(absolute).isFile()) return [relative];
  return readdirSync(absolute, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? markdownUnder(join(relative, entry.name))
        : entry.name.endsWith(".md")
          ? [join(relative, entry.name)]
          : [],
    )
    .sort();
}

/** The question set and its corpus files; throws when an installed package is not the version the set was written for. */
export function loadRelevanceSet(): { questions: Question[]; files: CorpusFile[] } {
  const set = JSON.parse(readFileSync(join(PROJECT_ROOT, "bench", "relevance-questions.json"), "utf8")) as QuestionFile;
  for (const [name, version] of Object.entries(set.packages)) {
    const installed = (
      JSON.parse(readFileSync(join(NODE_MODULES, name, "package.json"), "utf8")) as { version: string }
    ).version;
    if (installed !== version)
      throw new Error(`the relevance set was written for ${name} ${version}, ${installed} is installed`);
  }
  const paths = set.corpus.flatMap((entry) => markdownUnder(entry.replace(/\/$/, "")));
  const files = paths.map((path) => ({ path, text: readFileSync(join(NODE_MODULES, path), "utf8") }));
  const questions = set.questions.map(
    (q): Question => ({
      id: q.id,
      ask: q.ask,
      expect: q.expect ?? "answer",
      answers: (q.answers ?? []).map((a) => {
        const [start, end] = a.lines.slice(1).split("-").map(Number) as [number, number];
        return { path: a.path, start, end };
      }),
    }),
  );
  return { questions, files };
}

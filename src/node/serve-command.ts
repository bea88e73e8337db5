/**
 * `frameline serve --stdio [--corpus DIR|FILE]`: the docs provider on the
 * stdio binding (spec §1.1), over a folder of Markdown indexed now, a corpus
 * file written by `frameline index`, or by default the current folder's
 * README.md and docs/. It signs with a seed from a file or an environment
 * variable (spec §3.10), and `--misbehave MODE` breaks one guarantee on
 * purpose (spec §5.2).
 */
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import {
  buildCorpus,
  type DocsCorpus,
  DocsCorpusError,
  DOCS_PROVIDER_NAME,
  docsProvider,
} from "../docs-provider/index.ts";
import { isMisbehaveMode, MISBEHAVE_MODES, type MisbehaveMode, misbehavingDocsProvider } from "../misbehave/index.ts";
import { misbehaveHelp } from "../misbehave/modes.ts";
import { DEFAULT_MAX_LINE_BYTES } from "../wire/index.ts";
import { type Command, CommandFailure, flag, positiveIntegerOption, stringOption, UsageError } from "./command.ts";
import { readCorpusModule } from "./corpus-module.ts";
import { warnIfEmpty, warnSkipped } from "./corpus-warnings.ts";
import { shownPath } from "./failure.ts";
import { defaultCorpusFiles, type IndexOptions, indexDirectory } from "./markdown-files.ts";
import { serveMisbehaving } from "./serve-misbehaving.ts";
import { serveSigner } from "./serve-signer.ts";
import { serveStdio } from "./serve-stdio.ts";
import { stdinReadable, stdoutWritable } from "./stdio.ts";

/** A corpus file `--corpus` names, read and checked; a file that is not one is a `CommandFailure` naming it. */
async function corpusFile(path: string, shown: string): Promise<DocsCorpus> {
  try {
    return await readCorpusModule(path);
  } catch (error) {
    // JSON.parse's message quotes the file's text, so only the kind of problem is named.
    const why =
      error instanceof SyntaxError ? "not JSON" : error instanceof DocsCorpusError ? error.message : undefined;
    if (why === undefined) throw error;
    throw new CommandFailure(`${shown}: not a corpus written by \`frameline index\` (${why})`);
  }
}

/** The corpus `--corpus` names (a folder, or a `.json` corpus file), resolved against `cwd`. */
async function corpusFor(corpus: string | undefined, cwd: string, options: IndexOptions = {}): Promise<DocsCorpus> {
  if (corpus === undefined) return buildCorpus(await defaultCorpusFiles(cwd, options));
  const path = resolve(cwd, corpus);
  const kind = await stat(path);
  if (kind.isDirectory()) return indexDirectory(path, options);
  if (!kind.isFile()) throw new CommandFailure(`${shownPath(path, cwd)}: neither a folder nor a corpus file`);
  return corpusFile(path, shownPath(path, cwd));
}

/** What `serve --stdio` runs with. */
interface ServeOptions {
  readonly corpus: string | undefined;
  readonly cwd: string;
  readonly maxLineBytes: number;
  readonly log: (line: string) => void;
  readonly seedFile?: string;
  readonly seedEnv?: string;
  readonly keyId?: string;
  readonly misbehave?: MisbehaveMode;
}

/** The mode `--misbehave` names; an unknown one is a usage error listing them all. */
function misbehaveMode(name: string | undefined): MisbehaveMode | undefined {
  if (name === undefined || isMisbehaveMode(name)) return name;
  throw new UsageError(`--misbehave must be one of ${Object.keys(MISBEHAVE_MODES).join(", ")}`);
}

/** Serves the docs provider (or its misbehaving twin) on stdin/stdout until shutdown or end of input; diagnostics on stderr. */
async function serveCommand(options: ServeOptions): Promise<void> {
  const corpus = await corpusFor(options.corpus, options.cwd, { onSkip: warnSkipped(options.log) });
  const source =
    options.corpus === undefined ? "README.md and docs/" : shownPath(resolve(options.cwd, options.corpus), options.cwd);
  warnIfEmpty(corpus, source, options.log);
  const signer = await serveSigner({ ...options, name: DOCS_PROVIDER_NAME });
  const mode = options.misbehave;
  if (mode && MISBEHAVE_MODES[mode].needsSigner && !signer)
    throw new UsageError(`--misbehave ${mode} needs a signing key: give --seed-file FILE or --seed-env NAME`);
  const signed = signer ? `, signed as ${signer.attesterKey.key_id}` : "";
  const misbehaving = mode ? `, misbehaving: ${mode}` : "";
  options.log(`frameline: serving docs (${corpus.chunks.length} chunks) on stdio${signed}${misbehaving}`);
  const docs = signer ? { signer } : {};
  if (!mode) return serveStdio(docsProvider(corpus, docs), { maxLineBytes: options.maxLineBytes });
  await serveMisbehaving(
    misbehavingDocsProvider(corpus, mode, docs),
    { readable: stdinReadable(), writable: stdoutWritable() },
    {
      maxLineBytes: options.maxLineBytes,
      crash: () => {
        options.log(`frameline: crashing on purpose (--misbehave ${mode})`);
        process.exit(1);
      },
    },
  );
}

/** The `serve` command line. */
export const serveCli: Command = {
  name: "serve",
  synopsis:
    "serve --stdio [--corpus DIR|FILE] [--seed-file FILE | --seed-env NAME] [--key-id ID] [--misbehave MODE] [--max-line-bytes N]",
  description: `serves the docs provider on stdin/stdout (NDJSON) to a CGP host that spawns it,
over the Markdown in DIR or the corpus FILE written by \`frameline index\`
(default: README.md and docs/ of the current folder). Diagnostics go to stderr.
It signs every answer with the 32-byte seed (64 hex) in FILE (a bare seed, or
a .dev.vars line ATTESTATION_SEED=…) or in the environment variable NAME,
never one given on the command line. --misbehave MODE breaks one guarantee on
purpose, for conformance suites to catch (frameline serve --help lists them).`,
  details: `misbehave modes:
${Object.keys(MISBEHAVE_MODES)
  .map((name) => `  ${misbehaveHelp(name as MisbehaveMode)}`)
  .join("\n")}`,
  options: {
    stdio: { type: "boolean" },
    corpus: { type: "string" },
    "max-line-bytes": { type: "string" },
    "seed-file": { type: "string" },
    "seed-env": { type: "string" },
    "key-id": { type: "string" },
    misbehave: { type: "string" },
  },
  positionals: { min: 0, max: 0 },
  async run(input) {
    if (!flag(input, "stdio")) throw new UsageError("--stdio is required (stdio is the binding it serves)");
    const misbehave = misbehaveMode(stringOption(input, "misbehave"));
    await serveCommand({
      corpus: stringOption(input, "corpus"),
      cwd: input.cwd,
      maxLineBytes: positiveIntegerOption(input, "max-line-bytes", DEFAULT_MAX_LINE_BYTES),
      log: input.err,
      seedFile: stringOption(input, "seed-file"),
      seedEnv: stringOption(input, "seed-env"),
      keyId: stringOption(input, "key-id"),
      misbehave,
    });
    return 0;
  },
};

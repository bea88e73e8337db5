/**
 * `frameline/node`: the Node-only adapters (the one layer allowed `node:` APIs): the stdio binding
 * (spec §1.1) on this process's stdin/stdout, and Markdown folders read from disk into a docs corpus
 * (spec §1.8, §1.14), written and read as the JSON module a Worker bundles.
 */
export { serveStdio } from "./serve-stdio.ts";
export { stdinReadable, stdoutWritable } from "./stdio.ts";
export { defaultCorpusFiles, type IndexOptions, indexDirectory, markdownFiles } from "./markdown-files.ts";
export { readCorpusModule, writeCorpusModule } from "./corpus-module.ts";

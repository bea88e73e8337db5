/**
 * `frameline/node`: the Node-only adapters (the one layer allowed `node:` APIs): the stdio binding
 * (spec §1.1) on this process's stdin/stdout; the HTTP binding on `node:http` (`serveHttp`); a stdio
 * provider as a child process for a host or the conformance suite (spec §4.4); local files to re-read provenance from (spec §4.10); and Markdown
 * folders read from disk into a docs corpus (spec §1.8, §1.14), written and read as the JSON module a
 * Worker bundles.
 */
export { serveStdio } from "./serve-stdio.ts";
export { type HttpProviderServer, type ServeHttpOptions, serveHttp } from "./serve-http.ts";
export { stdinReadable, stdoutWritable } from "./stdio.ts";
export { defaultCorpusFiles, type IndexOptions, indexDirectory, markdownFiles } from "./markdown-files.ts";
export { readCorpusModule, writeCorpusModule } from "./corpus-module.ts";
export {
  type StdioChild,
  type StdioChildOptions,
  spawnStdioChild,
  stdioTarget,
  type StdioTransport,
  stdioTransport,
} from "./stdio-child.ts";
export { type FileSourceOptions, fileSource } from "./file-source.ts";

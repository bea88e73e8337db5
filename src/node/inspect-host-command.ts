/**
 * `frameline inspect host [--json]`: the 9 host checks of spec §5.3 and the 4 composition checks
 * of §5.4 against frameline's own `Host` and `composeForPrompt`, then frameline's extensions
 * (`host-content-binding`), shown under a heading of their own and in the JSON under `extensions`,
 * never counted as reference checks. The provider that dies mid-query
 * is a real child (`frameline serve --stdio --misbehave crash-on-query`), and the provenance
 * fixture is written to real files, in a temporary folder removed afterwards (also when the run
 * is ended early).
 */
import { rmSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runHostConformance } from "../conformance/index.ts";
import { type Command, flag } from "./command.ts";
import { fileSource } from "./file-source.ts";
import { finish, heading, progress, stdoutOutput } from "./inspect-output.ts";
import { stdioTransport } from "./stdio-child.ts";

/** This CLI, started again as it was started now (from the sources through tsx, or from dist/). */
function selfCommand(args: readonly string[]): [string, string[]] {
  return [process.execPath, [...process.execArgv, process.argv[1]!, ...args]];
}

/** The `inspect host` command line. */
export const inspectHostCli: Command = {
  name: "inspect host",
  synopsis: "inspect host [--json]",
  description: `checks frameline's own host (Host and composeForPrompt) against the 9 host-side
and 4 composition checks of the conformance suite, each with an adversarial
provider and a well-behaved twin, then frameline's own extensions (listed
apart, not reference checks). Exit status 0 when conformant and no extension
failed, 1 otherwise.`,
  options: { json: { type: "boolean" } },
  positionals: { min: 0, max: 0 },
  async run(input) {
    const output = stdoutOutput(flag(input, "json"));
    const folder = await mkdtemp(join(tmpdir(), "frameline-inspect-"));
    // A run ended early (its stdout closed, Ctrl-C) leaves through process.exit: the folder goes then too.
    const removeNow = () => rmSync(folder, { recursive: true, force: true });
    process.once("exit", removeNow);
    try {
      heading(output, "host");
      const corpus = join(folder, "corpus");
      await mkdir(corpus);
      // Started from the current folder, where this CLI's own loader (tsx, from the sources) resolves.
      const [command, args] = selfCommand(["serve", "--stdio", "--corpus", corpus, "--misbehave", "crash-on-query"]);
      const report = await runHostConformance(undefined, {
        crashingProvider: async () => stdioTransport(command, args, { cwd: input.cwd, stderr: "ignore" }),
        fixtureFiles: async (files) => {
          const root = join(folder, "files");
          for (const [path, bytes] of Object.entries(files)) {
            await mkdir(dirname(join(root, path)), { recursive: true });
            await writeFile(join(root, path), bytes);
          }
          return fileSource({ root });
        },
        onProgress: progress(output),
      });
      return finish(output, report);
    } finally {
      process.off("exit", removeNow);
      await rm(folder, { recursive: true, force: true });
    }
  },
};

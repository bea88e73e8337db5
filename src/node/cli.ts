/**
 * The `frameline` command line: `frameline <command> [arguments]`, one module per command (see
 * command.ts). Help and the version go to stdout; a usage error is one line naming the bad argument
 * (exit 2); an expected failure is one line (exit 1); only a bug prints a stack trace. A closed
 * stdout ends any command quietly with exit 0 (process-end.ts).
 */
import { parseArgs } from "node:util";
import { type Command, type CommandInput, UsageError } from "./command.ts";
import { decodeCli, demoCli } from "./decode-command.ts";
import { devKeyCli } from "./dev-key-command.ts";
import { failureLine, printable } from "./failure.ts";
import { indexCli } from "./index-command.ts";
import { initCli } from "./init-command.ts";
import { inspectHostCli } from "./inspect-host-command.ts";
import { inspectHttpCli } from "./inspect-http-command.ts";
import { inspectStdioCli } from "./inspect-stdio-command.ts";
import { ownManifest } from "./manifest.ts";
import { endQuietly } from "./process-end.ts";
import { serveCli } from "./serve-command.ts";

const COMMANDS: readonly Command[] = [
  initCli,
  serveCli,
  indexCli,
  devKeyCli,
  decodeCli,
  demoCli,
  inspectHttpCli,
  inspectStdioCli,
  inspectHostCli,
];

function indent(text: string): string {
  return text.replace(/^/gm, "        ");
}

function commandHelp(command: Command): string {
  return `  frameline ${command.synopsis}\n${indent(command.description)}`;
}

const USAGE = `usage: frameline <command> [arguments]

${COMMANDS.map(commandHelp).join("\n\n")}

  frameline --help | -h       this text (frameline <command> --help: that command's)
  frameline --version         frameline's version

Paths resolve against the current folder. Exit status: 0 on success, 1 when a
command fails (decode: when a line is not a valid envelope; inspect: when the
target is not conformant), 2 on a usage error.`;

const { out: stdoutLine, err: stderrLine } = endQuietly(process.cwd());

/** parseArgs's message, first sentence only ("Unknown option '--x'. To specify a positional…" → "unknown option '--x'"), printable. */
function usageMessage(message: string): string {
  const sentence = message.split(/\.\s/)[0] ?? message;
  return printable(sentence.charAt(0).toLowerCase() + sentence.slice(1));
}

/** Parses `args` against `command`'s options; the errors parseArgs throws become usage errors. */
function parseFor(command: Command, args: string[]): Pick<CommandInput, "values" | "positionals"> & { help: boolean } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: { ...command.options, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS_"))
      throw new UsageError(usageMessage(error.message));
    throw error;
  }
  const { values, positionals } = parsed;
  const help = values.help === true;
  if (!help && positionals.length > command.positionals.max)
    throw new UsageError(`unexpected argument ${JSON.stringify(positionals[command.positionals.max])}`);
  if (!help && positionals.length < command.positionals.min)
    throw new UsageError(`missing an argument: frameline ${command.synopsis}`);
  const flat: Record<string, string | boolean | undefined> = {};
  for (const [name, value] of Object.entries(values)) if (!Array.isArray(value)) flat[name] = value;
  return { values: flat, positionals, help };
}

async function runCommand(command: Command, args: string[]): Promise<number> {
  const cwd = process.cwd();
  // A command that runs a program takes it after `--`, unparsed.
  const dashes = command.passthrough ? args.indexOf("--") : -1;
  const passthrough = dashes === -1 ? {} : { passthrough: args.slice(dashes + 1) };
  try {
    const { help, ...parsed } = parseFor(command, dashes === -1 ? args : args.slice(0, dashes));
    if (help) {
      stdoutLine(commandHelp(command) + (command.details ? `\n${indent(command.details)}` : ""));
      return 0;
    }
    return await command.run({ ...parsed, ...passthrough, cwd, out: stdoutLine, err: stderrLine });
  } catch (error) {
    if (error instanceof UsageError) {
      stderrLine(`frameline ${command.name}: ${error.message} (see frameline ${command.name} --help)`);
      return 2;
    }
    const line = failureLine(error, cwd);
    if (line === undefined) throw error;
    stderrLine(`frameline ${command.name}: ${line}`);
    return 1;
  }
}

async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === "-h" || first === "--help" || first === "help" || first === "--version") {
    stdoutLine(first === "--version" ? `frameline ${ownManifest().version}` : USAGE);
    return 0;
  }
  // `inspect` names its target next: `inspect http`, `inspect stdio`, `inspect host` are commands of their own.
  const [name, args] = first === "inspect" ? [`inspect ${rest[0] ?? ""}`, rest.slice(1)] : [first, rest];
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command) return runCommand(command, args);
  if (first === "inspect") {
    stderrLine(
      `frameline inspect: say what to inspect: http <url>, stdio -- <command>, or host (see frameline --help)`,
    );
    return 2;
  }
  const problem = first === undefined ? "missing command" : `unknown command ${JSON.stringify(first)}`;
  const names = [...new Set(COMMANDS.map((c) => c.name.split(" ")[0]))];
  stderrLine(`frameline: ${problem} (commands: ${names.join(", ")}; see frameline --help)`);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));

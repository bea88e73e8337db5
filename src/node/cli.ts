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

/** What `frameline <command> --help` prints: the synopsis, the description, then the details. */
function fullHelp(command: Command): string {
  return commandHelp(command) + (command.details ? `\n${indent(command.details)}` : "");
}

/** The commands `words` name: one (`decode`, `inspect http`) or a group (`inspect`: all three). */
function named(words: readonly string[]): Command[] {
  const name = words.join(" ");
  return COMMANDS.filter((command) => command.name === name || command.name.startsWith(`${name} `));
}

const USAGE = `usage: frameline <command> [arguments]

${COMMANDS.map(commandHelp).join("\n\n")}

  frameline --help | -h       this text (frameline <command> --help, or
                              frameline help <command>: that command's)
  frameline --version         frameline's version

Paths resolve against the current folder. Exit status: 0 on success, 1 when a
command fails (decode: when a line is not a valid envelope; inspect: when the
target is not conformant), 2 on a usage error. A command whose stdout is closed
(frameline decode … | head -1) ends there, quietly, with exit status 0.`;

const { out: stdoutLine, err: stderrLine } = endQuietly(process.cwd());

/** parseArgs's message, first sentence only ("Unknown option '--x'. To specify a positional…" → "unknown option '--x'"), printable. */
function usageMessage(message: string): string {
  const sentence = message.split(/\.\s/)[0] ?? message;
  return printable(sentence.charAt(0).toLowerCase() + sentence.slice(1));
}

/** Whether `args` (options, not what follows `--`) ask for help. */
function asksForHelp(args: readonly string[]): boolean {
  return args.includes("--help") || args.includes("-h");
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
    // Asked for help, it gets help, whatever else the line holds (an option it does not know, say).
    if (asksForHelp(args)) return { values: {}, positionals: [], help: true };
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
      stdoutLine(fullHelp(command));
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

/** The usage error for a command line that names no command: exit status 2. */
function noCommand(problem: string, prefix = "frameline"): number {
  const names = [...new Set(COMMANDS.map((c) => c.name.split(" ")[0]))];
  stderrLine(`${prefix}: ${problem} (commands: ${names.join(", ")}; see frameline --help)`);
  return 2;
}

/** `frameline help <command>`: the help of the command (or group) named, exit 0; an unknown name is a usage error. */
function help(words: readonly string[]): number {
  const commands = named(words);
  if (commands.length === 0)
    return noCommand(`unknown command ${printable(JSON.stringify(words.join(" ")))}`, "frameline help");
  stdoutLine(commands.map(fullHelp).join("\n\n"));
  return 0;
}

/** `frameline inspect` without a target it knows: its three commands' help when asked for, else a usage error. */
function inspectWithoutTarget(args: readonly string[]): number {
  const dashes = args.indexOf("--");
  if (asksForHelp(dashes === -1 ? args : args.slice(0, dashes))) return help(["inspect"]);
  stderrLine("frameline inspect: say what to inspect: http <url>, stdio -- <command>, or host (see frameline --help)");
  return 2;
}

async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === "help" && rest.length > 0) return help(rest);
  if (first === "-h" || first === "--help" || first === "help" || first === "--version") {
    stdoutLine(first === "--version" ? `frameline ${ownManifest().version}` : USAGE);
    return 0;
  }
  // `inspect` names its target next: `inspect http`, `inspect stdio`, `inspect host` are commands of their own.
  const [name, args] = first === "inspect" ? [`inspect ${rest[0] ?? ""}`, rest.slice(1)] : [first, rest];
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command) return runCommand(command, args);
  if (first === "inspect") return inspectWithoutTarget(rest);
  return noCommand(first === undefined ? "missing command" : `unknown command ${JSON.stringify(first)}`);
}

process.exitCode = await main(process.argv.slice(2));

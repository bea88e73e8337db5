/**
 * What a `frameline` subcommand is: its name, synopsis and help, the options it takes and how many
 * positional arguments, and what it does. `cli.ts` parses the arguments against this and dispatches,
 * so a new command is one more module exporting one `Command`.
 */
import type { ParseArgsConfig } from "node:util";

/** A command's options, as `node:util` `parseArgs` takes them. */
type CommandOptions = NonNullable<ParseArgsConfig["options"]>;

/** What a command runs with: its parsed arguments, the working folder and the two output streams. */
export interface CommandInput {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
  /** Every path argument resolves against this folder. */
  readonly cwd: string;
  /** One line to stdout. */
  readonly out: (line: string) => void;
  /** One line to stderr (diagnostics, warnings). */
  readonly err: (line: string) => void;
  /** For a command that takes one: the arguments after `--`, unparsed (a program to run and its arguments). */
  readonly passthrough?: readonly string[];
}

/** One subcommand of the `frameline` CLI. */
export interface Command {
  readonly name: string;
  /** The arguments after the name, e.g. `index [DIR] [--refresh] [--out FILE]`. */
  readonly synopsis: string;
  /** What it does, a few lines for `--help`. */
  readonly description: string;
  /** More, shown only by `frameline <command> --help` (a list too long for the overview). */
  readonly details?: string;
  readonly options: CommandOptions;
  /** How many positional arguments it takes after its name. */
  readonly positionals: { readonly min: number; readonly max: number };
  /** Whether the arguments after `--` are passed on unparsed, as `passthrough`. */
  readonly passthrough?: boolean;
  /** Runs the command; resolves with the exit status. */
  run(input: CommandInput): Promise<number>;
}

/** A usage error (an unknown or malformed argument): one line naming it, exit status 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** An expected failure (missing folder, unreadable or wrong file): one line on stderr, exit status 1. */
export class CommandFailure extends Error {
  override readonly name = "CommandFailure";
}

/** The value of a string option, if given. */
export function stringOption(input: CommandInput, name: string): string | undefined {
  const value = input.values[name];
  return typeof value === "string" ? value : undefined;
}

/** Whether a boolean option was given. */
export function flag(input: CommandInput, name: string): boolean {
  return input.values[name] === true;
}

/** A positive integer option (e.g. `--max-line-bytes`), or `fallback` when absent; anything else is a usage error. */
export function positiveIntegerOption(input: CommandInput, name: string, fallback: number): number {
  const text = stringOption(input, name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^[1-9][0-9]*$/.test(text) || !Number.isSafeInteger(value))
    throw new UsageError(`--${name} must be a positive integer, not ${JSON.stringify(text)}`);
  return value;
}

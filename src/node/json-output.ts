/**
 * `--json` on a command whose result a script reads (`index`, `init`): the result is one JSON object on
 * stdout, indented as `inspect --json` writes its report, and nothing else is written there; warnings and
 * progress stay on stderr. Each command documents its object's members in its `--help`.
 */
import type { CommandInput, CommandOptions } from "./command.ts";

/** The `--json` option, for a command's `options`. */
export const JSON_OPTION = { json: { type: "boolean" } } as const satisfies CommandOptions;

/** Whether `--json` was given. */
export function wantsJson(input: CommandInput): boolean {
  return input.values.json === true;
}

/** Writes `result` as the command's one JSON object on stdout. */
export function writeJson(input: CommandInput, result: object): void {
  input.out(JSON.stringify(result, null, 2));
}

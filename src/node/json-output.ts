/**
 * `--json` on a command whose result a script reads (`index`, `init`): the result is one JSON object on
 * stdout, indented as `inspect --json` writes its report, and nothing else is written there; warnings and
 * progress stay on stderr. Each command documents its object's members in its `--help`.
 */
import type { CommandInput } from "./command.ts";

/** Writes `result` as the command's one JSON object on stdout. */
export function writeJson(input: CommandInput, result: object): void {
  input.out(JSON.stringify(result, null, 2));
}

/**
 * `frameline inspect stdio [--query GOAL] [--json] [--file-root DIR] [--pass-env NAMES] -- <cmd> [args…]`:
 * the 14 provider checks of spec §5.1 against a stdio provider, started afresh for each connection
 * the suite makes, as the reference host starts one (its own process group, an environment of
 * `PATH` and `HOME` only, plus the variables `--pass-env` names; its stderr inherited).
 */
import { type Command, stringOption, UsageError } from "./command.ts";
import { inspectProvider } from "./inspect-output.ts";
import { stdioTarget } from "./stdio-child.ts";

/** The variables `--pass-env A,B` passes on, from this process's environment (an unset one is a usage error). */
function passedEnv(names: string | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of (names ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const value = process.env[name];
    if (value === undefined) throw new UsageError(`--pass-env: the environment variable ${name} is not set`);
    env[name] = value;
  }
  return env;
}

/** The `inspect stdio` command line. */
export const inspectStdioCli: Command = {
  name: "inspect stdio",
  synopsis: "inspect stdio [--query GOAL] [--json] [--file-root DIR] [--pass-env NAMES] -- <cmd> [args…]",
  description: `checks the CGP provider that <cmd> [args…] serves on stdin/stdout against the 14
provider checks of the conformance suite, starting it afresh for each connection
(environment cleared but for PATH and HOME and the comma-separated variables
--pass-env names). --query sets the probe's goal, --file-root the folder
file:/// URIs name when re-reading provenance (default /). Exit status 0 when
conformant, 1 when not.`,
  options: {
    query: { type: "string" },
    json: { type: "boolean" },
    "file-root": { type: "string" },
    "pass-env": { type: "string" },
  },
  positionals: { min: 0, max: 0 },
  passthrough: true,
  async run(input) {
    const [command, ...args] = input.passthrough ?? [];
    if (command === undefined) throw new UsageError("give the provider's command after --");
    const env = passedEnv(stringOption(input, "pass-env"));
    const target = stdioTarget(command, args, { cwd: input.cwd, env, stderr: "inherit" });
    return inspectProvider(input, target, `stdio -- ${target.label}`);
  },
};

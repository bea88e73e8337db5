/**
 * `frameline inspect stdio [--query GOAL] [--json] [--file-root DIR] [--pass-env NAMES] [--watch] -- <cmd> [args…]`:
 * the 14 provider checks of spec §5.1 against a stdio provider, started afresh for each connection
 * the suite makes, as the reference host starts one (its own process group, an environment of
 * `PATH` and `HOME` only, plus the variables `--pass-env` names; its stderr inherited); with
 * `--watch`, again after every change to the files under the current folder (watch-inspect.ts).
 */
import { type Command, flag, stringOption, UsageError } from "./command.ts";
import { inspectProvider } from "./inspect-output.ts";
import { stdioTarget } from "./stdio-child.ts";
import { inspectOnChange } from "./watch-inspect.ts";

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
  synopsis: "inspect stdio [--query GOAL] [--json] [--file-root DIR] [--pass-env NAMES] [--watch] -- <cmd> [args…]",
  description: `checks the CGP provider that <cmd> [args…] serves on stdin/stdout against the 14
provider checks of the conformance suite, starting it afresh for each connection
(environment cleared but for PATH and HOME and the comma-separated variables
--pass-env names). --query sets the probe's goal, --file-root the folder
file:/// URIs name when re-reading provenance (default /). Exit status 0 when
conformant, 1 when not. --watch runs the checks again whenever a file under the
current folder changes (node_modules and hidden folders aside), until Ctrl-C.`,
  options: {
    query: { type: "string" },
    json: { type: "boolean" },
    "file-root": { type: "string" },
    "pass-env": { type: "string" },
    watch: { type: "boolean" },
  },
  positionals: { min: 0, max: 0 },
  passthrough: true,
  async run(input) {
    const [command, ...args] = input.passthrough ?? [];
    if (command === undefined) throw new UsageError("give the provider's command after --");
    const env = passedEnv(stringOption(input, "pass-env"));
    const target = stdioTarget(command, args, { cwd: input.cwd, env, stderr: "inherit" });
    const inspect = () => inspectProvider(input, target, `stdio -- ${target.label}`);
    if (!flag(input, "watch")) return inspect();
    if (flag(input, "json"))
      throw new UsageError("--watch reports each change for a person to read; --json is for one run");
    return inspectOnChange(input, inspect);
  },
};

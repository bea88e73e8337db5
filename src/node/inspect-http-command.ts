/**
 * `frameline inspect http <url> [--query GOAL] [--json] [--token-env NAME] [--file-root DIR]`:
 * the 14 provider checks of spec §5.1 against a provider at an HTTP URL, then frameline's extension
 * `http-attestation` (every signature and content binding, reported apart). The bearer token comes
 * from an environment variable, never from the command line, and is never printed (C8).
 */
import { Credential } from "../host/index.ts";
import { type Command, stringOption, UsageError } from "./command.ts";
import { inspectProvider } from "./inspect-output.ts";

/** The bearer token `--token-env NAME` names, as a `Credential`. */
function credential(name: string | undefined): Credential | undefined {
  if (name === undefined) return undefined;
  const token = process.env[name];
  if (!token) throw new UsageError(`--token-env ${name}: the environment variable ${name} is not set`);
  return new Credential(token);
}

/** The URL argument, which must be an absolute `http:` or `https:` URL (anything else is a usage error). */
function providerUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${JSON.stringify(text)} is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(`${url.protocol} URLs are not served over HTTP`);
  return text;
}

/** The `inspect http` command line. */
export const inspectHttpCli: Command = {
  name: "inspect http",
  synopsis: "inspect http <url> [--query GOAL] [--json] [--token-env NAME] [--file-root DIR]",
  description: `checks the CGP provider at <url> (https, or http on loopback) against the 14
provider checks of the conformance suite; the four wire-level probes are skipped
over HTTP. Then frameline's own http-attestation check (not a reference check)
verifies every signature of the answer and re-hashes its content; an unsigned
provider skips it. --query sets the probe's goal, --token-env names the environment
variable holding a bearer token, --file-root the folder file:/// URIs name when
re-reading provenance (default /). Exit status 0 when conformant and the
extension did not fail, 1 otherwise.`,
  options: {
    query: { type: "string" },
    json: { type: "boolean" },
    "token-env": { type: "string" },
    "file-root": { type: "string" },
  },
  positionals: { min: 1, max: 1 },
  async run(input) {
    const url = providerUrl(input.positionals[0]!);
    return inspectProvider(input, { kind: "http", url, credential: credential(stringOption(input, "token-env")) }, url);
  },
};

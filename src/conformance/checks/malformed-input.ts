/**
 * `malformed-input-tolerance` (spec §5.1, R1): on a fresh connection, a raw
 * line that is not an envelope followed by the probe query; the first reply
 * must be `frames` (the line ignored) or an `error` with code `bad_request`,
 * and then the query's frames must still come. Any other code, no code,
 * another envelope or the provider's death fails. 2.0.0 sends one line of
 * garbage; the later revision also a bare `42` and a `query` with no payload.
 */
import { encodeLine } from "../../wire/line.ts";
import { findings, quote } from "../evidence.ts";
import type { Reply, WireLink } from "../link/link.ts";
import { GARBAGE_LINE, LATER_MALFORMED_LINES } from "../probe.ts";
import { fail, type ProviderCheck, pass } from "./check.ts";

const PROBES: readonly { line: string; what: string }[] = [
  { line: GARBAGE_LINE, what: "a line of garbage" },
  { line: LATER_MALFORMED_LINES[0], what: "the bare value 42" },
  { line: LATER_MALFORMED_LINES[1], what: "a query without its payload" },
];

/** What a reply was, as a clause about the provider ("the provider answered …", or how the link broke). */
function seen(reply: Reply): string {
  if (reply.kind === "failed") return reply.problem;
  if (reply.kind === "none") return "the provider answered nothing";
  return `the provider answered ${envelopeSeen(reply)}`;
}

function envelopeSeen(reply: Extract<Reply, { kind: "envelope" }>): string {
  const envelope = reply.envelope;
  if (envelope.type !== "error") return `a ${envelope.type} envelope`;
  return envelope.code === undefined ? "an error with no code" : `an error with code ${quote(envelope.code)}`;
}

/** Sends `line` then `query`; undefined when the provider coped, else what went wrong. */
async function survives(link: WireLink, line: string, query: string): Promise<string | undefined> {
  const problem = (await link.write(line)) ?? (await link.write(query));
  if (problem !== undefined) return problem;
  const first = await link.next();
  if (first.kind === "envelope" && first.envelope.type === "frames") return undefined;
  if (first.kind !== "envelope" || first.envelope.type !== "error" || first.envelope.code !== "bad_request")
    return `${seen(first)} (expected bad_request, or the query's frames)`;
  const second = await link.next();
  if (second.kind === "envelope" && second.envelope.type === "frames") return undefined;
  return `the provider answered bad_request, then ${seen(second)} instead of the query's frames`;
}

/** `malformed-input-tolerance` (spec §5.1, R1), on a fresh stream connection. */
export const malformedInputCheck: ProviderCheck = {
  name: "malformed-input-tolerance",
  follows: "2.0.0 + later revision probes (42, a query without payload)",
  scope: "wire",
  async run(run) {
    const opened = await run.freshWire();
    if (!("link" in opened)) return fail(`a fresh connection failed: ${opened.problem}`);
    const query = encodeLine({ type: "query", query: run.probe }).slice(0, -1);
    const problems: string[] = [];
    for (const probe of PROBES) {
      const problem = await survives(opened.link, probe.line, query);
      if (problem !== undefined) problems.push(`R1: after ${probe.what}, ${problem}`);
      if (opened.link.broken !== undefined) break;
    }
    if (problems.length > 0) return fail(findings(problems));
    return pass(`survived ${PROBES.map((probe) => probe.what).join(", ")}: bad_request or ignored, then frames`);
  },
};

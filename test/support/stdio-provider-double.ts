// A stdio provider written by hand, as a provider author would start one: a plain Node script with no
// dependency, written to a file for `frameline inspect stdio` to start. It passes every provider check
// that applies to it (spec §5.1); `score` set outside [0, 1] breaks F1, which `frame-validity` catches.
// Given a URL as its first argument, it first waits for that URL to answer: a gate a test opens.

/** The script's source, its one frame scored `score`. */
export function providerDoubleSource(score: number): string {
  return `// a CGP provider on stdio (spec §1.1)
import { createInterface } from "node:readline";

const gate = process.argv[2];
if (gate !== undefined) await fetch(gate).then((response) => response.text());

const frame = { id: "double-1", kind: "doc", title: "Double", content: "abcd", score: ${score}, token_cost: 1, citation_label: "double" };
const ack = {
  type: "handshake_ack",
  protocol_version: "contextgraph/1.0",
  provider: { name: "double", version: "1.0.0", data_flow: { reads: true } },
  capabilities: { query: { kinds: ["doc"] } },
};
const badRequest = { type: "error", code: "bad_request", message: "not a request" };
const send = (envelope) => process.stdout.write(JSON.stringify(envelope) + "\\n");

for await (const line of createInterface({ input: process.stdin })) {
  let envelope;
  try {
    envelope = JSON.parse(line);
  } catch {
    send(badRequest);
    continue;
  }
  if (envelope?.type === "handshake") send(ack);
  else if (envelope?.type === "query" && envelope.query) send({ type: "frames", result: { frames: [frame], truncated: false } });
  else if (envelope?.type === "shutdown") process.exit(0);
  else send(badRequest);
}
`;
}

/** `encodeLine` / `decodeLine`: one envelope ⇄ one NDJSON line (spec §1.1, §4.1). */
import { ENVELOPE_SCHEMAS, type Envelope, type EnvelopeInit, EnvelopeSchema } from "../protocol/envelope.ts";
import { SerializeError, serializer } from "../protocol/serialize.ts";
import { readEnvelope } from "../protocol/readers.generated.ts";
import { isRecord } from "../protocol/schema-walk.ts";
import { ShapeFailure } from "../protocol/shape-failure.ts";
import { preview, WireError } from "./wire-error.ts";

const writeEnvelope = serializer(EnvelopeSchema);

/**
 * Writes one envelope as a compact line ending in `\n` (spec §1.1 "Writing"):
 * members in the reference order, empty optionals omitted, floats as `f32`.
 * Throws `WireError` (`unencodable`) naming the member that does not fit.
 *
 * @example encodeLine({ type: "shutdown" }) // '{"type":"shutdown"}\n'
 */
export function encodeLine(envelope: EnvelopeInit): string {
  try {
    return `${writeEnvelope(envelope)}\n`;
  } catch (error) {
    if (error instanceof SerializeError) throw new WireError("unencodable", `cannot encode envelope: ${error.message}`);
    throw new WireError("unencodable", "cannot encode envelope");
  }
}

/**
 * Parses one line into a typed envelope (spec §1.1 "Reading", §1.2): trailing
 * whitespace (so `\r`) is stripped, unknown members are ignored, `null` reads
 * as absent, defaults are filled in. Any failure is a `WireError`, never a
 * crash; the message names the member, never its value.
 */
export function decodeLine(line: string): Envelope {
  let value: unknown;
  try {
    value = JSON.parse(line.trimEnd());
  } catch {
    throw new WireError("invalid_json", `line is not JSON: ${preview(line)}`);
  }
  if (!isRecord(value) || typeof value.type !== "string") {
    throw new WireError("not_an_envelope", 'an envelope is a JSON object with a string member "type"');
  }
  const type = value.type;
  if (!Object.hasOwn(ENVELOPE_SCHEMAS, type))
    throw new WireError("unknown_type", `unknown envelope type ${preview(type)}`);
  try {
    return readEnvelope(value);
  } catch (error) {
    if (!(error instanceof ShapeFailure)) throw new WireError("invalid_envelope", `invalid ${type} envelope`);
    const issue = error.issue(type);
    throw new WireError("invalid_envelope", `${issue.path}: ${issue.message}`);
  }
}

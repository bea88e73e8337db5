/** `encodeLine` / `decodeLine`: one envelope ⇄ one NDJSON line (spec §1.1, §4.1). */
import type { Envelope, EnvelopeInit } from "../protocol/envelope.ts";
import { writeEnvelope } from "../protocol/serialize.ts";
import { readEnvelope } from "../protocol/readers.generated.ts";
import { envelopeShape } from "../protocol/member-shapes.ts";
import { isRecord } from "../protocol/schema-walk.ts";
import { ShapeFailure } from "../protocol/shape-failure.ts";
import { ENVELOPE_SHAPES } from "../protocol/shapes.generated.ts";
import { duplicateMember } from "./duplicate-members.ts";
import { preview, WireError } from "./wire-error.ts";

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
    if (error instanceof ShapeFailure)
      throw new WireError("unencodable", `cannot encode envelope: ${error.path}: ${error.expected}`);
    throw new WireError("unencodable", "cannot encode envelope");
  }
}

/**
 * Refuses a line giving a member the schemas read twice in one object (spec
 * §1.2): `duplicate_member`, naming the path (member names and indexes only).
 */
function refuseDuplicateMembers(text: string, value: Record<string, unknown>): void {
  const duplicate = duplicateMember(text, value, envelopeShape(value.type));
  if (duplicate !== undefined) throw new WireError("duplicate_member", `envelope.${duplicate}: member given twice`);
}

/**
 * Parses one line into a typed envelope (spec §1.1 "Reading", §1.2): trailing
 * whitespace (so `\r`) is stripped, unknown members are ignored, `null` reads
 * as absent, defaults are filled in, a member the schemas read given twice in
 * one object is refused. Any failure is a `WireError`, never a crash; the
 * message names the member, never its value.
 */
export function decodeLine(line: string): Envelope {
  const text = line.trimEnd();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new WireError("invalid_json", `line is not JSON: ${preview(line)}`);
  }
  if (isRecord(value)) refuseDuplicateMembers(text, value);
  if (!isRecord(value) || typeof value.type !== "string") {
    throw new WireError("not_an_envelope", 'an envelope is a JSON object with a string member "type"');
  }
  const type = value.type;
  if (!Object.hasOwn(ENVELOPE_SHAPES, type))
    throw new WireError("unknown_type", `unknown envelope type ${preview(type)}`);
  try {
    return readEnvelope(value);
  } catch (error) {
    if (!(error instanceof ShapeFailure)) throw new WireError("invalid_envelope", `invalid ${type} envelope`);
    const issue = error.issue(type);
    throw new WireError("invalid_envelope", `${issue.path}: ${issue.message}`);
  }
}

/**
 * Turns decoded transcript items into one human-readable report line each,
 * with the requirement checks that apply to the envelope (spec §2). Reports
 * name members and anchors, never frame content.
 */
import {
  budgetTokens,
  checkFrame,
  checkHandshakeAck,
  checkQuery,
  checkTokenCost,
  type Envelope,
  lintEnvelope,
  type Violation,
} from "../protocol/index.ts";
import { correlationId, type DecodedItem, errorCode } from "../wire/index.ts";
import { count } from "../conformance/evidence.ts";

/** What a transcript item turned into: a summary line plus the violations found. */
interface ItemReport {
  /** Its line number in the transcript, from 1. */
  readonly line: number;
  /** Whether it is a valid envelope that breaks no requirement. */
  readonly ok: boolean;
  /** The envelope's `type`, when the line decoded. */
  readonly type?: string;
  /** The envelope's correlation `id`, when it has one (spec §1.3). */
  readonly id?: string;
  /** The wire error, when the line did not decode (spec §1.2). */
  readonly error?: { readonly code: string; readonly message: string };
  /** One line for a person: the envelope's gist, or the wire error. */
  readonly summary: string;
  readonly violations: readonly Violation[];
}

function summarize(envelope: Envelope): string {
  const id = correlationId(envelope);
  const tag = id === undefined ? envelope.type : `${envelope.type} id=${id}`;
  switch (envelope.type) {
    case "handshake":
      return `${tag} ${envelope.protocol_version}`;
    case "handshake_ack":
      return `${tag} ${envelope.protocol_version} provider=${envelope.provider.name}@${envelope.provider.version} keys=${envelope.attester_keys?.length ?? 0}`;
    case "query":
      return `${tag} max_frames=${envelope.query.max_frames} max_tokens=${envelope.query.max_tokens}`;
    case "frames": {
      const tokens = envelope.result.frames.reduce((sum, frame) => sum + budgetTokens(frame.content), 0);
      const signed = envelope.result.result_attestation ? " signed" : "";
      return `${tag} ${count(envelope.result.frames.length, "frame")}, ${tokens} budget tokens, truncated=${envelope.result.truncated}${signed}`;
    }
    case "verify":
      return `${tag} ${count(envelope.request.frames.length, "identity", "identities")}`;
    case "verified":
      return `${tag} ${envelope.response.verdicts.map((verdict) => verdict.status).join(",") || "no verdicts"}`;
    case "error":
      return `${tag} code=${envelope.code ?? "(absent)"} handled-as=${errorCode(envelope)}`;
    case "shutdown":
      return tag;
  }
}

function violationsOf(envelope: Envelope): Violation[] {
  switch (envelope.type) {
    case "handshake_ack":
      return checkHandshakeAck(envelope);
    case "query":
      return checkQuery(envelope.query);
    case "frames":
      return envelope.result.frames.flatMap((frame) =>
        [...checkFrame(frame), ...checkTokenCost(frame)].map((violation) => ({ ...violation, frame: frame.id })),
      );
    default:
      return [];
  }
}

/** Reports one decoded item; with `strict`, unknown members are reported too (authoring lint). */
export function reportItem(item: DecodedItem<{ envelope: Envelope; raw: unknown }>, strict: boolean): ItemReport {
  if ("error" in item) {
    const error = { code: item.error.code, message: item.error.message };
    return { line: item.line, ok: false, error, summary: `error ${error.code}: ${error.message}`, violations: [] };
  }
  const { envelope, raw } = item.envelope;
  const lint = strict
    ? lintEnvelope(raw).map((issue) => ({ anchor: "strict", message: issue.message, path: issue.path }))
    : [];
  const violations = [...violationsOf(envelope), ...lint];
  const id = correlationId(envelope);
  return {
    line: item.line,
    ok: violations.length === 0,
    type: envelope.type,
    ...(id === undefined ? {} : { id }),
    summary: summarize(envelope),
    violations,
  };
}

/**
 * A report as one line of JSON (`frameline decode --json`, documented in docs/codec.md): `line`, `ok`,
 * then `type` and `id` (when it has one) for an envelope or `error` ({code, message}) for a line that
 * did not decode, then `violations`, each {anchor, message, path?, frame?}. No summary: that is for people.
 */
export function reportJson(report: ItemReport): string {
  const { summary: _forPeople, ...fields } = report;
  return JSON.stringify(fields);
}

/** Formats a report as text: the summary, then one indented line per violation. */
export function formatReport(report: ItemReport): string {
  const head = `${String(report.line).padStart(4)}  ${report.ok ? "ok  " : "FAIL"}  ${report.summary}`;
  const details = report.violations.map(
    (v) =>
      `        ${v.anchor}${v.frame === undefined ? "" : ` [${v.frame}]`}${v.path ? ` ${v.path}` : ""}: ${v.message}`,
  );
  return [head, ...details].join("\n");
}

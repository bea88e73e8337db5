/**
 * Importing a transcript: every answer in it re-checked offline by the same
 * host code that checks live answers (spec §3.11–§3.13, §4.6): each recorded
 * conversation is replayed through `replayTransport`, each recorded query asked
 * again, each answer audited against the keys its handshake published.
 */
import { auditLeg, connect, HostError, readTranscript, replayTransport } from "../../src/host/index.ts";
import type { ImportView } from "../shared/messages.ts";
import { PlaygroundError } from "../shared/playground-error.ts";
import type { Session } from "./session.ts";

/** The largest transcript read (64 MiB): a bound on what a dropped file can make the page hold. */
const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

function reason(error: unknown): string {
  return error instanceof HostError ? `${error.kind}: ${error.message}` : "could not be read";
}

/** Re-verifies every answer in a transcript's UTF-8 bytes; nothing is sent anywhere. */
export async function importTranscript(session: Session, bytes: ArrayBuffer): Promise<ImportView> {
  if (bytes.byteLength > MAX_IMPORT_BYTES)
    throw new PlaygroundError("bad_transcript", `the transcript is larger than ${MAX_IMPORT_BYTES} bytes`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new PlaygroundError("bad_transcript", "the transcript is not UTF-8 text");
  }
  const transcript = readTranscript(text);
  const answers: ImportView["answers"][number][] = [];
  const failures: string[] = [];
  for (const [n, conversation] of transcript.conversations.entries()) {
    let connection: Awaited<ReturnType<typeof connect>>;
    try {
      connection = await connect(replayTransport(conversation), { handshakeTimeoutMs: 5_000, timeoutMs: 5_000 });
    } catch (error) {
      failures.push(`conversation ${n + 1}: ${reason(error)}`);
      continue;
    }
    const localId = `transcript:${connection.provider.name}`;
    for (const exchange of conversation.exchanges) {
      if (exchange.request.type !== "query") continue;
      const query = exchange.request.query;
      try {
        const result = await connection.query(query);
        const leg = await auditLeg(connection, localId, query, result, []);
        answers.push(
          await session.keepImported({ query, result, leg, providerName: connection.provider.name, localId }),
        );
      } catch (error) {
        failures.push(`conversation ${n + 1}, "${query.goal.slice(0, 60)}": ${reason(error)}`);
      }
    }
    await connection.close();
  }
  return {
    conversations: transcript.conversations.length,
    answers,
    failures,
    problems: transcript.problems.map((p) => `line ${p.line}: ${p.message}`),
  };
}

/**
 * A misbehaving docs provider on a stream pair (spec §1.1, §5.2): one line
 * at a time through the fixture's single path (`answer`), answers in order,
 * until `shutdown` or the end of input. A mode's crash calls `crash`, which
 * on stdio ends the process.
 */
import type { MisbehavingProvider } from "../misbehave/provider.ts";
import { respond, unreadable } from "../provider/exchange.ts";
import { createSession } from "../provider/session.ts";
import { DEFAULT_MAX_LINE_BYTES, NdjsonDecoderStream } from "../wire/ndjson-decoder-stream.ts";

const utf8 = new TextEncoder();

/** Serves `fixture` on `streams`; resolves when the host said `shutdown`, the input ended or the output closed. */
export async function serveMisbehaving(
  fixture: MisbehavingProvider,
  streams: { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> },
  options: { readonly crash: () => void; readonly maxLineBytes?: number },
): Promise<void> {
  const session = createSession();
  const writer = streams.writable.getWriter();
  const lines = new NdjsonDecoderStream<string>({
    maxLineBytes: options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES,
    decode: (text) => text,
  });
  const reader = streams.readable.pipeThrough(lines).getReader();
  try {
    while (!session.closed) {
      const { done, value } = await reader.read();
      if (done) break;
      // A line too long or not UTF-8 has no text to show the mode: the kit refuses it as always.
      const answered =
        "error" in value
          ? await respond(fixture.provider, unreadable(value.error), session)
          : await fixture.answer(value.envelope, session);
      if (answered && "crash" in answered) return options.crash();
      if (answered) await writer.write(utf8.encode(answered.line));
    }
  } catch {
    // The host closed our output: the session is over.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  await writer.close().catch(() => undefined);
}

/**
 * `serveStdio`: a provider on the stdio binding (spec §1.1): NDJSON on stdin
 * and stdout, diagnostics on stderr only, exit 0 on `shutdown` or end of input (R2).
 */
import type { Provider } from "../provider/definition.ts";
import { serveStream, type ServeStreamOptions } from "../provider/serve-stream.ts";
import { stdinReadable, stdoutWritable } from "./stdio.ts";

/** Serves `provider` on this process's stdin/stdout until shutdown or end of input. */
export async function serveStdio(provider: Provider, options: ServeStreamOptions = {}): Promise<void> {
  await serveStream(provider, { readable: stdinReadable(), writable: stdoutWritable() }, options);
}

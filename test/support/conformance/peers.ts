// Stream peers for the provider checks' own tests: a kit provider on an in-memory stream pair, and a
// scripted peer that answers raw lines however a test needs (including not at all, or by exiting).
import { type Envelope, type PeerEnd, type Provider, serveStream, type StreamPeer, type StreamTarget } from "../lib.ts";

/** A provider of the kit served on an in-memory stream pair, as a target opened afresh per connection. */
export function kitTarget(provider: Provider, label = "kit provider"): StreamTarget & { opened(): number } {
  let opened = 0;
  return {
    kind: "stream",
    label,
    opened: () => opened,
    open: async (): Promise<StreamPeer> => {
      opened += 1;
      const toProvider = new TransformStream<Uint8Array, Uint8Array>();
      const toHost = new TransformStream<Uint8Array, Uint8Array>();
      const served = serveStream(provider, { readable: toProvider.readable, writable: toHost.writable });
      return {
        readable: toHost.readable,
        writable: toProvider.writable,
        terminate: () => undefined,
        ended: served.then((): PeerEnd => ({ code: 0, signal: null })),
      };
    },
  };
}

/** What a scripted peer does with one line: reply with lines, stay silent, or exit with a status. */
export type PeerStep = string | readonly string[] | { readonly exit: number } | undefined;

/** A scripted peer: `step` sees every line (decoded when it decodes) and says what to do. */
export function scriptedTarget(
  step: (line: string, envelope: Envelope | undefined) => PeerStep,
): StreamTarget & { terminated(): number } {
  let terminated = 0;
  return {
    kind: "stream",
    label: "scripted peer",
    terminated: () => terminated,
    open: async (): Promise<StreamPeer> => {
      const toProvider = new TransformStream<Uint8Array, Uint8Array>();
      const toHost = new TransformStream<Uint8Array, Uint8Array>();
      let end!: (value: PeerEnd) => void;
      const ended = new Promise<PeerEnd>((resolve) => (end = resolve));
      const writer = toHost.writable.getWriter();
      void (async () => {
        const decoder = new TextDecoder();
        let buffered = "";
        for await (const chunk of toProvider.readable) {
          buffered += decoder.decode(chunk, { stream: true });
          for (let lf = buffered.indexOf("\n"); lf !== -1; lf = buffered.indexOf("\n")) {
            const line = buffered.slice(0, lf);
            buffered = buffered.slice(lf + 1);
            let envelope: Envelope | undefined;
            try {
              envelope = JSON.parse(line) as Envelope;
            } catch {
              envelope = undefined;
            }
            const next = step(line, envelope);
            if (next !== undefined && typeof next === "object" && "exit" in next) {
              await writer.close().catch(() => undefined);
              return end({ code: next.exit, signal: null });
            }
            for (const out of typeof next === "string" ? [next] : (next ?? []))
              await writer.write(new TextEncoder().encode(`${out}\n`));
          }
        }
      })().catch(() => undefined); // the host ended the connection: nothing left to do
      return {
        readable: toHost.readable,
        writable: toProvider.writable,
        terminate: () => {
          terminated += 1;
          void writer.abort().catch(() => undefined);
          end({ code: null, signal: "SIGKILL" });
        },
        ended,
      };
    },
  };
}

/** A handshake_ack line for a scripted peer. */
export function ackLine(capabilities: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    type: "handshake_ack",
    protocol_version: "contextgraph/1.0",
    provider: { name: "scripted", version: "1.0.0", data_flow: { reads: true } },
    capabilities: { query: { kinds: ["doc"] }, ...capabilities },
    ...extra,
  });
}

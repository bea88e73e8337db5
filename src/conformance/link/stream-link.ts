/** A wire link over a stream peer (spec §1.1 "stdio binding"): raw lines out, each reply line kept as sent. */
import type { Envelope, EnvelopeInit } from "../../protocol/envelope.ts";
import { decodeLine, encodeLine } from "../../wire/line.ts";
import { type DecodedItem, NdjsonDecoderStream } from "../../wire/ndjson-decoder-stream.ts";
import { WireError } from "../../wire/wire-error.ts";
import type { PeerEnd, StreamPeer } from "../target.ts";
import { failed, type LinkLimits, type Reply, type ShutdownOutcome, type WireLink, within } from "./link.ts";

/** One line the provider sent: its text, and the envelope it carries or why it carries none. */
interface Line {
  readonly text: string;
  readonly decoded: Envelope | WireError;
}

function readLine(text: string): Line {
  try {
    return { text, decoded: decodeLine(text) };
  } catch (error) {
    return { text, decoded: error instanceof WireError ? error : new WireError("invalid_envelope", "undecodable") };
  }
}

const TIMED_OUT = Symbol("timed out");
const CLOSED_OUTPUT = "the provider closed its output";
const utf8 = new TextEncoder();

/** How a peer's end reads in evidence: its status, if it shows within `ms`. */
async function describeEnd(ended: Promise<PeerEnd> | undefined, ms: number): Promise<string> {
  const end = ended ? await within(ended, ms, undefined) : undefined;
  if (end === undefined) return CLOSED_OUTPUT;
  if (end.problem !== undefined) return `the provider ended: ${end.problem}`;
  if (end.signal !== null) return `the provider was ended by ${end.signal}`;
  return `the provider exited with status ${end.code}`;
}

/**
 * A link over a stream peer: one request at a time, each reply read under
 * the request timeout. Once the provider ends, sends an undecodable line or
 * stays silent past the timeout, the link is broken and every later request
 * fails with that reason (as the reference host ends such a connection, §4.3).
 */
class StreamLink implements WireLink {
  readonly kind = "wire";
  #broken: string | undefined;
  #ended = false;
  #ending: Promise<unknown> | undefined;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #reader: ReadableStreamDefaultReader<DecodedItem<Line>>;

  constructor(
    readonly peer: StreamPeer,
    readonly limits: LinkLimits,
  ) {
    this.#writer = peer.writable.getWriter();
    void this.#writer.closed.catch(() => undefined);
    this.#reader = peer.readable
      .pipeThrough(new NdjsonDecoderStream<Line>({ maxLineBytes: limits.maxLineBytes, decode: readLine }))
      .getReader();
  }

  get broken(): string | undefined {
    return this.#broken;
  }

  #breaks(problem: string): Reply {
    this.#broken ??= problem;
    return failed(problem);
  }

  async next(timeoutMs = this.limits.requestTimeoutMs): Promise<Reply> {
    if (this.#broken !== undefined) return failed(this.#broken);
    const item = await within(this.#reader.read(), timeoutMs, TIMED_OUT, this.limits.signal);
    if (item === TIMED_OUT) return this.#breaks(`no reply within ${timeoutMs} ms`);
    if (item.done) {
      this.#ended = true;
      return this.#breaks(await describeEnd(this.peer.ended, this.limits.closeGraceMs));
    }
    const value = item.value;
    if ("error" in value) return this.#breaks(`the provider sent an unreadable line (${value.error.code})`);
    const { text, decoded } = value.envelope;
    if (decoded instanceof WireError)
      return this.#breaks(`the provider sent a line that is not an envelope (${decoded.code})`);
    return { kind: "envelope", envelope: decoded, line: text };
  }

  async write(line: string): Promise<string | undefined> {
    if (this.#ended) return this.#broken;
    const { requestTimeoutMs, signal, closeGraceMs } = this.limits;
    try {
      const written = await within(this.#writer.write(utf8.encode(`${line}\n`)), requestTimeoutMs, TIMED_OUT, signal);
      if (written !== TIMED_OUT) return undefined;
      this.#broken ??= `the provider read nothing within ${requestTimeoutMs} ms`;
      return this.#broken;
    } catch (error) {
      if (signal?.aborted) throw error;
      // A closed input is the provider's end seen from this side: name the end itself when it shows.
      const end = await describeEnd(this.peer.ended, Math.min(closeGraceMs, 500));
      this.#broken ??= end === CLOSED_OUTPUT ? "the provider's input is closed" : end;
      return this.#broken;
    }
  }

  async request(envelope: EnvelopeInit, timeoutMs?: number): Promise<Reply> {
    const problem = await this.write(encodeLine(envelope).slice(0, -1));
    return problem === undefined ? this.next(timeoutMs) : failed(problem);
  }

  /** Ends the connection at once: stops reading and writing, and ends the provider. */
  async #terminate(): Promise<void> {
    this.#broken ??= "the connection is closed";
    void this.#reader.cancel().catch(() => undefined);
    void this.#writer.abort().catch(() => undefined);
    await this.peer.terminate();
  }

  shutdown(): Promise<ShutdownOutcome> {
    if (this.#ending) return Promise.resolve({ kind: "gone", problem: "the connection is closed" });
    const outcome = this.#shutdown();
    this.#ending = outcome;
    return outcome;
  }

  /**
   * `shutdown` on a stream (spec §1.11, §4.4): write it, close the provider's
   * input, wait at most the grace for its output to end, then take its exit
   * status; a provider still running after the grace is terminated.
   */
  async #shutdown(): Promise<ShutdownOutcome> {
    const gone = this.#ended ? this.#broken : undefined;
    if (gone !== undefined) {
      // The provider's output has ended; its process (or Worker) may still be there: reap it.
      await this.#terminate();
      return { kind: "gone", problem: gone };
    }
    const started = Date.now();
    const problem = await this.write(encodeLine({ type: "shutdown" }).slice(0, -1));
    if (problem !== undefined) {
      await this.#terminate();
      return { kind: "gone", problem };
    }
    const graceMs = this.limits.closeGraceMs;
    if (!(await drained(this.#reader, graceMs))) {
      await this.#terminate();
      return { kind: "killed", graceMs };
    }
    const ms = Date.now() - started;
    const end = this.peer.ended ? await within(this.peer.ended, graceMs, undefined) : undefined;
    await this.#terminate();
    return end === undefined ? { kind: "ended", ms } : { kind: "ended", ms, code: end.code, signal: end.signal };
  }

  terminate(): Promise<void> {
    this.#ending ??= this.#terminate();
    return this.#ending.then(() => undefined);
  }
}

/** A wire link over `peer` (spec §1.1): raw lines out, each reply line kept as sent. */
export function streamLink(peer: StreamPeer, limits: LinkLimits): WireLink {
  return new StreamLink(peer, limits);
}

/** Reads to the end of the provider's output (discarding), or gives up after `ms`. */
async function drained(reader: ReadableStreamDefaultReader<unknown>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    const item = await within(
      reader.read().catch(() => ({ done: true as const, value: undefined })),
      left,
      TIMED_OUT,
    );
    if (item === TIMED_OUT) return false;
    if (item.done) return true;
  }
}

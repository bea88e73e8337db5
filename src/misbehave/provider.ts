/**
 * `misbehavingDocsProvider`: the docs provider breaking one guarantee on
 * purpose (spec §5.2), for conformance suites to catch. One path serves it
 * on every binding: `answer` takes a line or body and gives the reply line,
 * none, or a crash; the stream, HTTP and in-page adapters only move bytes.
 */
import type { Envelope, EnvelopeInit } from "../protocol/envelope.ts";
import { defineProvider } from "../provider/define.ts";
import type { Provider } from "../provider/definition.ts";
import { answer as kitAnswer, encodeReply, receive } from "../provider/exchange.ts";
import type { ProviderSession } from "../provider/session.ts";
import { DOCS_PROVIDER_NAME, type DocsProviderOptions, docsProvider } from "../docs-provider/provider.ts";
import type { DocsCorpus } from "../docs-provider/schema.ts";
import { BEHAVIOURS } from "./behaviours.ts";
import { type Fixture, isObject, type Misbehaviour, type RequestAction } from "./misbehaviour.ts";
import { MISBEHAVE_MODES, type MisbehaveMode } from "./modes.ts";

/** The reply to one line or body: a line to send (`refused` when it answers input that did not decode), none, or a crash. */
export type MisbehavingAnswer =
  | { readonly line: string; readonly refused: boolean }
  | { readonly crash: true }
  | undefined;

/** Thrown where a misbehaving provider "crashes" without a process to end (in-page, a Worker request). */
export class ProviderCrash extends Error {
  override readonly name = "ProviderCrash";
  constructor(mode: MisbehaveMode) {
    super(`the provider crashed on purpose (misbehave mode ${mode})`);
  }
}

/** Refused: a mode that needs a signer (the attestation modes) was asked for without one. */
export class MisbehaveError extends Error {
  override readonly name = "MisbehaveError";
}

/** A docs provider in one misbehave mode. */
export interface MisbehavingProvider {
  readonly mode: MisbehaveMode;
  /** The provider the kit serves (the mode's definition changes applied); `answer` wraps it. */
  readonly provider: Provider;
  /** Looks at a line or body before the kit does. */
  request(text: string): RequestAction;
  /** Rewrites one reply line the kit wrote. */
  reply(line: string): Promise<string>;
  /** One line or body in, the reply out (spec §1.1): `request`, the kit, then `reply`. */
  answer(input: string, session: ProviderSession): Promise<MisbehavingAnswer>;
  /** The in-page form (`InPageProvider`): a crash throws `ProviderCrash`. */
  handle(envelope: Envelope, session: ProviderSession): Promise<EnvelopeInit | undefined>;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `reply` for one behaviour: parse the line, rewrite, write it back (unchanged when the mode has no reply rule). */
function replier(behaviour: Misbehaviour, fixture: Fixture) {
  return async (line: string): Promise<string> => {
    const json = behaviour.reply ? parsed(line) : undefined;
    if (!behaviour.reply || !isObject(json)) return line;
    return `${JSON.stringify(await behaviour.reply(json, fixture))}\n`;
  };
}

/**
 * The docs provider over `corpus` in `mode` (spec §5.2). `options` are the
 * docs provider's (its name, version and signer); the attestation modes need
 * the signer and throw `MisbehaveError` without one.
 *
 * @example
 * const fixture = misbehavingDocsProvider(corpus, "lying-costs");
 * await connect(inPageTransport(fixture)); // its frames all claim 99999 tokens
 */
export function misbehavingDocsProvider(
  corpus: DocsCorpus,
  mode: MisbehaveMode,
  options: DocsProviderOptions = {},
): MisbehavingProvider {
  if (MISBEHAVE_MODES[mode].needsSigner && !options.signer)
    throw new MisbehaveError(`misbehave mode ${mode} needs a signing key`);
  const behaviour = BEHAVIOURS[mode];
  const fixture: Fixture = { corpus, name: options.name ?? DOCS_PROVIDER_NAME, signer: options.signer };
  const honest = docsProvider(corpus, options);
  const provider = behaviour.definition ? defineProvider(behaviour.definition(honest, fixture)) : honest;
  const request = (text: string) => behaviour.request?.(text, parsed(text)) ?? { serve: text };
  const reply = replier(behaviour, fixture);
  const answer = async (input: string, session: ProviderSession): Promise<MisbehavingAnswer> => {
    const action = request(input);
    if ("crash" in action) return action;
    if ("answer" in action) return { line: encodeReply(action.answer), refused: true };
    const answered = await kitAnswer(provider, action.serve, session);
    return answered && { line: await reply(answered.line), refused: answered.refused };
  };
  return {
    mode,
    provider,
    request,
    reply,
    answer,
    async handle(envelope, session) {
      const answered = await answer(encodeReply(envelope), session);
      if (answered === undefined) return undefined;
      if ("crash" in answered) throw new ProviderCrash(mode);
      const received = receive(answered.line);
      if (!("envelope" in received)) throw new MisbehaveError("the misbehaving reply does not decode");
      return received.envelope;
    },
  };
}

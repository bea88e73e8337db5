/**
 * The playground's own failures, apart from the library's `HostError` (spec
 * §4.12), whose kinds stay the protocol's: what the page or its host Worker
 * cannot do (nothing connected, an answer no longer held, a file that is not
 * a transcript, the in-page provider not running), and what the page
 * diagnoses about a fetch that failed without a status. Each kind has its
 * words in index.html's `#failures`, beside the `HostError` kinds.
 */

/** Every kind of the playground's own failures. */
export type PlaygroundErrorKind =
  | "not_connected"
  | "no_answer"
  | "nothing_to_compose"
  | "bad_transcript"
  | "cancelled"
  | "in_page_unavailable"
  | "blocked_by_csp"
  | "cors_refused"
  | "unreachable"
  | "bad_input"
  | "internal";

/**
 * A failure of the playground's own. A chunk of the host Worker has its own
 * copy of this class, so it is known by its `name` (web/host/errors.ts), not
 * by `instanceof`.
 */
export class PlaygroundError extends Error {
  override readonly name = "PlaygroundError";
  constructor(
    readonly kind: PlaygroundErrorKind,
    message: string,
  ) {
    super(message);
  }
}

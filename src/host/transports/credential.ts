/** `Credential`: a bearer token that never shows itself (C8). */

const REDACTED = "Credential(<redacted>)";

/**
 * A secret for the HTTP transport. Its string, JSON and inspection forms are
 * a fixed placeholder, so it cannot reach a log, an error or a serialized
 * object by accident (C8); only `reveal()` gives the value, for the header.
 */
export class Credential {
  readonly #secret: string;

  constructor(secret: string) {
    this.#secret = secret;
  }

  /** The secret, for the `Authorization` header only. */
  reveal(): string {
    return this.#secret;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return REDACTED;
  }
}

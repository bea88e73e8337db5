/** `AttestationError`: a signer misused (spec §3.10), as opposed to evidence that fails (a verdict). */

/** Why an attestation could not be produced. */
export type AttestationErrorCode =
  /** The seed is not 32 bytes of lowercase hex (spec §3.9). */
  | "invalid_seed"
  /** A frame to sign has no `content_digest` (F14). */
  | "unsigned_frame"
  /** A string is too long for the 4-byte length prefix (spec §3.3). */
  | "encoding";

/** An attestation that cannot be produced, with a machine code. Never carries key material. */
export class AttestationError extends Error {
  override readonly name = "AttestationError";
  constructor(
    readonly code: AttestationErrorCode,
    message: string,
  ) {
    super(message);
  }
}

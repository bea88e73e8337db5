/**
 * The spellings of a credential the scrubber looks for (C8), each with its
 * window, the shortest run of it that is redacted, which never stands for more
 * than `REFLECTION_PIECE` characters of the secret: the secret itself and reversed; percent-encoded, as `encodeURIComponent`
 * writes it and with every byte escaped; and base64 and base64url of its
 * UTF-8 bytes at each of the three byte alignments (so a piece starting
 * anywhere in the secret lines up with one of them). These are the encodings
 * a reflection takes by accident (an error quoting a header, a URL, a
 * `Basic`-style blob); a provider that means to leak what it was given can
 * always pick another, which no scrubber can enumerate.
 */

/** The shortest piece of a longer secret that is redacted, in every form: 8 characters. [inferred] C8 sets no length. */
const REFLECTION_PIECE = 8;

/** One spelling of the secret, and how many of its units stand for a piece. */
export interface SecretForm {
  readonly text: string;
  readonly width: number;
}

const encoder = new TextEncoder();

/** Every byte as `%XX` (upper-case hex; the scrubber folds case). */
function percentEveryByte(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
}

/** Standard base64 of `bytes`, without padding. */
function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, "");
}

/**
 * base64 and base64url of the bytes from each of the three alignments: a
 * piece's encoding is a run of one. The window is `piece` characters too (6
 * bytes of the secret where a piece encodes to 4·piece/3), so one rolling hash
 * serves these forms and the plain ones.
 */
function base64Forms(bytes: Uint8Array, width: number): SecretForm[] {
  return [0, 1, 2].flatMap((skip) => {
    const standard = base64(bytes.subarray(skip));
    const url = standard.replaceAll("+", "-").replaceAll("/", "_");
    return (url === standard ? [standard] : [standard, url]).map((text) => ({ text, width }));
  });
}

/**
 * The forms of `secret` to scrub, each with its window. A secret shorter than
 * `REFLECTION_PIECE` is looked for only whole and as it is: a window of a
 * few characters of its encodings would match ordinary text.
 */
export function secretForms(secret: string): SecretForm[] {
  if (secret.length < REFLECTION_PIECE) return secret === "" ? [] : [{ text: secret, width: secret.length }];
  const bytes = encoder.encode(secret);
  const forms: SecretForm[] = [
    { text: secret, width: REFLECTION_PIECE },
    { text: [...secret].reverse().join(""), width: REFLECTION_PIECE },
    { text: encodeURIComponent(secret), width: REFLECTION_PIECE },
    { text: percentEveryByte(bytes), width: 3 * REFLECTION_PIECE },
    ...base64Forms(bytes, REFLECTION_PIECE),
  ];
  // A form that equals another (a token `encodeURIComponent` leaves alone) adds no window: the index keeps each once.
  return forms.filter((form) => form.text.length >= form.width);
}

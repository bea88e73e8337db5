/** What an HTTP status other than 200 or 204 means to the host (spec §4.4, C7, C8). */
import type { Envelope } from "../../protocol/envelope.ts";
import { errorCode } from "../../wire/envelope-info.ts";
import { decodeLine } from "../../wire/line.ts";
import { HostError } from "../host-error.ts";
import { readLimited } from "./read-limited.ts";
import { scrubStrings } from "./scrub-strings.ts";

type Scrub = (text: string) => string;

/** The most of a non-2xx body read for an `error` envelope: an error is a few hundred bytes. */
const ERROR_BODY_LIMIT = 64 * 1024;
/** The most of a provider's error message a `HostError` repeats. */
const MESSAGE_CHARS = 200;

/**
 * Whether a response is a redirect: a 3xx status, or (in a browser, under
 * `redirect: "manual"`) the opaque-redirect response whose status reads 0.
 */
function isRedirect(response: Response): boolean {
  // Workers' Response type has no "opaqueredirect" (there is no manual-redirect response there), the DOM's has.
  const type: string = response.type;
  return type === "opaqueredirect" || (response.status >= 300 && response.status <= 399);
}

/** The body of a refused request, if it is a CGP `error` envelope (read up to a bound, scrubbed); else undefined. */
async function errorEnvelope(
  response: Response,
  scrub: Scrub | undefined,
): Promise<Extract<Envelope, { type: "error" }> | undefined> {
  try {
    const reply = decodeLine(await readLimited(response, ERROR_BODY_LIMIT));
    if (reply.type !== "error") return undefined;
    return scrub ? scrubStrings(reply, scrub) : reply;
  } catch {
    return undefined; // not an envelope, too large, or unreadable: the status is all there is
  }
}

/** `HTTP <status>`, with the provider's `error` code and message when the body is one (bounded, as quoted data). */
async function statusError(response: Response, scrub: Scrub | undefined): Promise<HostError> {
  const status = response.status;
  const reply = await errorEnvelope(response, scrub);
  if (!reply) return new HostError("transport", `HTTP ${status}`, { status });
  const code = errorCode(reply)!;
  const providerMessage = reply.message.slice(0, MESSAGE_CHARS);
  return new HostError("transport", `HTTP ${status}: ${code}: ${JSON.stringify(providerMessage)}`, {
    status,
    code,
    ...(reply.code !== undefined && reply.code !== code ? { rawCode: reply.code } : {}),
    providerMessage,
  });
}

/**
 * The error a response's status means, or undefined for one that carries a
 * reply (2xx). A redirect is never followed (`redirect_refused`: C7 and
 * consent were checked for this URL only); 401 ⇒ `unauthorized`; another
 * non-2xx ⇒ `transport` with the status, plus the code and message of a CGP
 * `error` body.
 */
export async function refusal(response: Response, scrub: Scrub | undefined): Promise<HostError | undefined> {
  const status = response.status;
  if (isRedirect(response)) {
    await response.body?.cancel().catch(() => undefined);
    return new HostError("redirect_refused", "the provider answered with a redirect, which is never followed", {
      status,
    });
  }
  if (status === 401) {
    await response.body?.cancel().catch(() => undefined);
    return new HostError("unauthorized", "the provider refused the credentials", { status });
  }
  return status >= 200 && status <= 299 ? undefined : statusError(response, scrub);
}

/**
 * A misbehaving provider on the HTTP binding (spec §1.1, §5.2): the kit's
 * app serves every request (bearer token, CORS, limits and statuses stay its
 * own); an envelope body is first shown to the mode, and the answer is
 * rewritten by it. A crash is an exception the runtime turns into a 500.
 */
import { encodeReply } from "../provider/exchange.ts";
import { DEFAULT_MAX_BODY_BYTES } from "../provider/http-app.ts";
import { DEFAULT_MAX_DRAIN_BYTES, readBody } from "../provider/request-body.ts";
import { type MisbehavingProvider, ProviderCrash } from "./provider.ts";

/** Something that serves fetch requests (the kit's hono app). */
export interface FetchApp {
  fetch(request: Request, ...rest: never[]): Response | Promise<Response>;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

/** The body's text when it is at most the kit's body limit and UTF-8; otherwise undefined (the kit refuses it). */
async function bodyText(request: Request): Promise<string | undefined> {
  const body = await readBody(request, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_DRAIN_BYTES);
  if ("tooLarge" in body) return undefined;
  try {
    return utf8.decode(body.bytes);
  } catch {
    return undefined;
  }
}

/** `request` with `text` as its body (no stale `content-length`). */
function withBody(request: Request, text: string): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  return new Request(request.url, { method: request.method, headers, body: text });
}

/**
 * `app` with `fixture`'s mode applied to every `POST` to `path` (default
 * `/contextgraph`); other requests reach `app` unchanged.
 */
export function misbehavingApp(fixture: MisbehavingProvider, app: FetchApp, path = "/contextgraph"): FetchApp {
  return {
    async fetch(request: Request, ...rest: never[]): Promise<Response> {
      if (request.method !== "POST" || new URL(request.url).pathname !== path) return app.fetch(request, ...rest);
      const text = await bodyText(request.clone());
      if (text === undefined) return app.fetch(request, ...rest);
      const action = fixture.request(text);
      if ("crash" in action) throw new ProviderCrash(fixture.mode);
      // Only input that did not decode is answered here, as the kit answers it: 400.
      if ("answer" in action) return new Response(encodeReply(action.answer), { status: 400, headers: JSON_HEADERS });
      const response = await app.fetch(action.serve === text ? request : withBody(request, action.serve), ...rest);
      if (response.status === 204 || !response.headers.get("content-type")?.startsWith("application/json"))
        return response;
      const { status, statusText, headers } = response;
      return new Response(await fixture.reply(await response.text()), { status, statusText, headers });
    },
  };
}

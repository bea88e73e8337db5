/**
 * The `/ask` handler: a plain `(Request) => Promise<Response>` over web
 * standards, so the same code serves in workerd, Node, Deno and Bun
 * (docs/ask.md). `POST /ask` with a JSON question answers JSON; a bad
 * question is a 400 naming the member, a body over the limit a 413, any other
 * failure a typed error without details. Every body is read or drained to its
 * end, refused ones included (404, 405, 413, 415), so the connection stays
 * usable (as the provider binding does, src/provider/request-body.ts).
 */
import { Hono } from "hono";
import { DEFAULT_MAX_DRAIN_BYTES, discardBody, readBody } from "../../src/provider/index.ts";
import { type AskContext, ask } from "./ask.ts";
import { type AskRequest, parseAskRequest } from "./ask-request.ts";
import { ConfigError } from "./config.ts";

/** The default body limit of `/ask`: 16 KiB (a question is a goal, a query text and a few kinds). */
export const ASK_MAX_BODY_BYTES = 16 * 1024;

/** What the handler does per request that a runtime may add to: a Worker's `waitUntil`. */
export interface AskInvocation {
  readonly waitUntil?: (work: Promise<unknown>) => void;
}

/** The handler: the request, and (in a Worker) the invocation's extras. */
export type AskHandler = (request: Request, invocation?: AskInvocation) => Promise<Response>;

/** Options for `createAskHandler`. */
interface AskHandlerOptions {
  /** The providers and the cache for one request (configuration errors are thrown as `ConfigError`). */
  context(invocation: AskInvocation): AskContext | Promise<AskContext>;
  /** The body limit of `/ask` (default `ASK_MAX_BODY_BYTES`). */
  readonly maxBodyBytes?: number;
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
};

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...HEADERS, ...headers } });
}

/** An error response: `{ error: { kind, member?, message } }`. */
export function errorResponse(
  status: number,
  kind: string,
  message: string,
  member?: string,
  headers: Record<string, string> = {},
): Response {
  return json({ error: { kind, ...(member === undefined ? {} : { member }), message } }, status, headers);
}

/** A failure while answering, as a response: a configuration error names its member, anything else nothing. */
export function failureResponse(error: unknown): Response {
  if (error instanceof ConfigError) return errorResponse(500, "configuration", error.message, error.member);
  return errorResponse(500, "internal", "the question could not be answered");
}

/** Answers a parsed question with the context of this invocation. */
export async function answer(options: AskHandlerOptions, question: AskRequest, invocation: AskInvocation) {
  return ask(question, await options.context(invocation));
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** The question in a request body of at most `limit` bytes, or the 400 or 413 refusing it (the body read or drained either way). */
async function questionOf(request: Request, limit: number): Promise<AskRequest | Response> {
  const read = await readBody(request, limit, DEFAULT_MAX_DRAIN_BYTES);
  if ("tooLarge" in read) return errorResponse(413, "body_too_large", `the body must be at most ${limit} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(utf8.decode(read.bytes));
  } catch {
    return errorResponse(400, "invalid_request", "body must be JSON", "body");
  }
  const parsed = parseAskRequest(body);
  if (!parsed.ok) return errorResponse(400, "invalid_request", parsed.refusal.message, parsed.refusal.member);
  return parsed.request;
}

/** The `/ask` handler (see the module comment); `GET /healthz` answers `ok`. */
export function createAskHandler(options: AskHandlerOptions): AskHandler {
  const limit = options.maxBodyBytes ?? ASK_MAX_BODY_BYTES;
  const app = new Hono<{ Bindings: AskInvocation }>();
  // Whatever was answered, the rest of the body is drained (bounded) before the response goes out.
  app.use("*", async (c, next) => {
    await next();
    await discardBody(c.req.raw, DEFAULT_MAX_DRAIN_BYTES);
  });
  app.get("/healthz", (c) => c.text("ok\n"));
  app.post(
    "/ask",
    async (c, next) =>
      JSON_TYPE.test(c.req.header("content-type") ?? "")
        ? next()
        : errorResponse(415, "unsupported_media_type", "the body must be application/json"),
    async (c) => {
      const question = await questionOf(c.req.raw, limit);
      if (question instanceof Response) return question;
      try {
        return json(await answer(options, question, c.env ?? {}));
      } catch (error) {
        return failureResponse(error);
      }
    },
  );
  app.all("/ask", () => errorResponse(405, "method_not_allowed", "use POST", undefined, { allow: "POST" }));
  app.notFound(() => errorResponse(404, "not_found", "no such endpoint: POST /ask"));
  app.onError((error) => failureResponse(error));
  return (request, invocation = {}) => Promise.resolve(app.fetch(request, invocation));
}

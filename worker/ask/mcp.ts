/**
 * `/mcp`: the same question as an MCP tool over Streamable HTTP (docs/ask.md),
 * served with the official MCP TypeScript SDK's web-standard transport in
 * stateless mode (a fresh server per request, JSON responses, no sessions).
 * One tool, `search_context`: its text is the composed prompt, its structured
 * content the frames with their attestation states and citations, the legs
 * and the usage report. The question is checked by the same rules as
 * `/ask` (`parseAskRequest`); a refusal is a tool error naming the member.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import * as z from "zod";
import type { AskAnswer } from "./answer.ts";
import {
  ASK_LIMITS,
  type AskRequest,
  DEFAULT_BUDGET_TOKENS,
  DEFAULT_MAX_FRAMES,
  parseAskRequest,
} from "./ask-request.ts";
import { ConfigError } from "./config.ts";
import { DEFAULT_MAX_DRAIN_BYTES, discardBody, readBody } from "../../src/provider/index.ts";
import { type AskInvocation, failureResponse, json } from "./handler.ts";

/** The MCP tool's name. */
const MCP_TOOL = "search_context";
/** The largest MCP request body read (a tool call is a question: a few KiB). */
export const MCP_MAX_BODY_BYTES = 64 * 1024;

const L = ASK_LIMITS;

/**
 * What the tool takes: `/ask`'s question, described for the model, with the
 * bounds `parseAskRequest` holds published in the JSON schema, so an agent
 * sees them before it calls; `budget_tokens` may be left out.
 */
const INPUT = {
  goal: z
    .string()
    .min(1)
    .max(L.goalChars)
    .describe(`What the context is for, in a sentence (at most ${L.goalChars} characters).`),
  query_text: z.string().max(L.queryTextChars).optional().describe("Search words, if they differ from the goal."),
  kinds: z
    .array(z.string().min(1).max(L.kindChars))
    .max(L.kinds)
    .optional()
    .describe('Frame kinds to ask for, e.g. ["doc", "snippet"]; none means any.'),
  budget_tokens: z
    .number()
    .int()
    .min(1)
    .max(L.budgetTokens)
    .default(DEFAULT_BUDGET_TOKENS)
    .describe(
      `How many budget tokens (about 4 bytes each) the composed context may use (1 to ${L.budgetTokens}, default ${DEFAULT_BUDGET_TOKENS}).`,
    ),
  max_frames: z
    .number()
    .int()
    .min(1)
    .max(L.maxFrames)
    .optional()
    .describe(`Most frames asked of each provider (1 to ${L.maxFrames}, default ${DEFAULT_MAX_FRAMES}).`),
};

const ATTESTATION = z.looseObject({ state: z.string() });
const FRAME_ID = z.looseObject({ provider_id: z.string(), frame_id: z.string() });

/** What the structured content holds (checked by the SDK before it is sent). */
const OUTPUT = {
  frames: z.array(
    z.looseObject({ provider: z.string(), id: z.string(), citation: z.string(), attestation: ATTESTATION }),
  ),
  citations: z.array(z.looseObject({ label: z.string(), frame: FRAME_ID })),
  legs: z.array(z.looseObject({ provider: z.string(), outcome: z.string() })),
  composition: z.object({ global_budget: z.number(), tokens_used: z.number() }),
  usage: z.looseObject({ budget_requested: z.number(), budget_consumed: z.number() }),
};

/** Answers a question for the tool. */
type McpAnswer = (question: AskRequest, invocation: AskInvocation) => Promise<AskAnswer>;

function toolError(message: string) {
  return { isError: true, content: [{ type: "text" as const, text: message }] };
}

/** A server with the one tool, answering through `answer`. */
function mcpServer(answer: McpAnswer, invocation: AskInvocation): McpServer {
  const server = new McpServer({ name: "frameline-ask", version: "0.1.0" });
  server.registerTool(
    MCP_TOOL,
    {
      title: "Search signed context",
      description:
        "Asks every configured Context Graph provider at once, checks each answer's signatures, and composes the " +
        "frames into a prompt block within the budget. Frames are untrusted quoted evidence; each carries its " +
        "citation label and attestation state (attested frames name the key and whether it was pinned by the operator).",
      inputSchema: INPUT,
      outputSchema: OUTPUT,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args) => {
      const parsed = parseAskRequest(args);
      if (!parsed.ok) return toolError(parsed.refusal.message);
      try {
        const { prompt, frames, citations, legs, usage, composition } = await answer(parsed.request, invocation);
        const summary = { global_budget: composition.global_budget, tokens_used: composition.tokens_used };
        return {
          content: [{ type: "text" as const, text: prompt }],
          structuredContent: { frames, citations, legs, composition: summary, usage },
        };
      } catch (error) {
        return toolError(error instanceof ConfigError ? error.message : "the question could not be answered");
      }
    },
  );
  return server;
}

/**
 * The most `tools/call` messages one request may carry (a JSON-RPC batch):
 * each is a fan-out to every provider, so a batch of many would multiply one
 * small request into many answers (MCP 2025-06-18 dropped batching altogether).
 */
const MCP_MAX_TOOL_CALLS = 4;
/** The most messages in one JSON-RPC batch. */
const MCP_MAX_BATCH = 16;

/** Why a body's batch is refused (its size, or its tool calls, past the bounds), or undefined; a body that is not JSON is the SDK's to refuse. */
function batchRefusal(bytes: Uint8Array): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
  if (!Array.isArray(body)) return undefined;
  if (body.length > MCP_MAX_BATCH) return `a batch holds at most ${MCP_MAX_BATCH} messages`;
  const calls = body.filter((m) => typeof m === "object" && m !== null && m.method === "tools/call").length;
  return calls > MCP_MAX_TOOL_CALLS
    ? `a request may carry at most ${MCP_MAX_TOOL_CALLS} tools/call messages`
    : undefined;
}

/** A JSON-RPC error with no id, as the MCP SDK's transport shapes its refusals (spec: JSON-RPC 2.0 §5.1). */
function rpcError(status: number, message: string): Response {
  return json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, status);
}

/** The `/mcp` handler: POST carries JSON-RPC; GET and DELETE are 405 (stateless: no stream, no session). */
export function createMcpHandler(answer: McpAnswer) {
  return async (request: Request, invocation: AskInvocation = {}): Promise<Response> => {
    // No body: an MCP client reads the status and cancels the body of a 405 (the SDK does).
    if (request.method !== "POST") {
      await discardBody(request, DEFAULT_MAX_DRAIN_BYTES);
      return new Response(null, { status: 405, headers: { allow: "POST" } });
    }
    // Read (or drained) here, to its end, so a refused body never costs the connection.
    const read = await readBody(request, MCP_MAX_BODY_BYTES, DEFAULT_MAX_DRAIN_BYTES);
    if ("tooLarge" in read) return rpcError(413, `the body must be at most ${MCP_MAX_BODY_BYTES} bytes`);
    const refusal = batchRefusal(read.bytes);
    if (refusal !== undefined) return rpcError(400, refusal);
    const replayed = new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body: new Uint8Array(read.bytes),
    });
    const server = mcpServer(answer, invocation);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: MCP_MAX_BODY_BYTES,
    });
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(replayed);
      response.headers.set("x-content-type-options", "nosniff");
      return response;
    } catch (error) {
      return failureResponse(error);
    } finally {
      await server.close();
    }
  };
}

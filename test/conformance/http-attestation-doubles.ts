// Provider doubles for frameline's extension `http-attestation`: the signed docs provider's HTTP app with
// its `frames` answers changed after signing in exactly one way each: the root signature broken, one
// frame's content altered (its content_digest and every signature kept), one inclusion proof bent. Each
// records what it changed in every answer (the frame id, the digests), so a test can name what the
// evidence must say.
import type { ContextFrame, ContextQueryResult } from "../support/lib.ts";

/** Something that serves fetch requests (the kit's hono app). */
export interface FetchApp {
  fetch(request: Request): Response | Promise<Response>;
}

/** What a double changed in one answer it rewrote. */
export interface Changed {
  frameId?: string;
  /** The frames of that answer as sent, to check that no evidence quotes them. */
  frames?: readonly ContextFrame[];
  /** For the altered content: what it now is (its digest is for the test to compute). */
  content?: string;
  declared?: string;
}

/** A double: its app, and what it changed in each `frames` answer, in order. */
export interface Double {
  readonly app: FetchApp;
  readonly changes: readonly Changed[];
}

/** One lowercase hex character replaced by another. */
const flipHex = (hex: string, at: number) => `${hex.slice(0, at)}${hex[at] === "0" ? "1" : "0"}${hex.slice(at + 1)}`;

/** `app` with every `frames` answer's result rewritten by `change` (which notes what it did in `changed`). */
function rewriting(
  app: FetchApp,
  change: (result: ContextQueryResult, changed: Changed) => ContextQueryResult,
): Double {
  const changes: Changed[] = [];
  return {
    changes,
    app: {
      async fetch(request) {
        const response = await app.fetch(request);
        if (response.status !== 200) return response;
        const reply = JSON.parse(await response.text());
        const changed: Changed = {};
        if (reply.type === "frames") changes.push(changed);
        const body = reply.type === "frames" ? { ...reply, result: change(reply.result, changed) } : reply;
        const headers = new Headers(response.headers);
        headers.delete("content-length");
        return new Response(JSON.stringify(body), { status: 200, headers });
      },
    },
  };
}

/** The root signature with one hex digit changed: every inclusion proof and the root fail (BadSignature). */
export function badRootSignature(app: FetchApp): Double {
  return rewriting(app, (result, changed) => {
    changed.frameId = result.frames[0]?.id;
    changed.frames = result.frames;
    const attestation = result.result_attestation!;
    return { ...result, result_attestation: { ...attestation, signature: flipHex(attestation.signature, 10) } };
  });
}

/** The second frame's content with its last character changed; its content_digest and every signature kept. */
export function alteredContent(app: FetchApp): Double {
  return rewriting(app, (result, changed) => {
    const frames = result.frames.map((frame, i) => {
      if (i !== 1 || frame.content === undefined) return frame;
      const content = `${frame.content.slice(0, -1)}${frame.content.endsWith("x") ? "y" : "x"}`;
      Object.assign(changed, { frameId: frame.id, content, declared: frame.content_digest });
      return { ...frame, content };
    });
    changed.frames = frames;
    return { ...result, frames };
  });
}

/** The second frame's inclusion proof with one hex digit of its first sibling changed: it replays to another root. */
export function bentInclusionProof(app: FetchApp): Double {
  return rewriting(app, (result, changed) => {
    changed.frames = result.frames;
    const entries = (result.frame_attestations ?? []).map((entry, i) => {
      const proof = entry.inclusion_proof;
      if (i !== 1 || !proof || proof.path.length === 0) return entry;
      changed.frameId = entry.frame.frame_id;
      const [first, ...rest] = proof.path;
      const sibling = first!.sibling;
      const bent = { ...first!, sibling: flipHex(sibling, sibling.length - 1) };
      return { ...entry, inclusion_proof: { ...proof, path: [bent, ...rest] } };
    });
    return { ...result, frame_attestations: entries };
  });
}

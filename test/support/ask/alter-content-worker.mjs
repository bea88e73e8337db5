// A provider in the middle that edits one frame's content and nothing else (issue 20): frame INDEX of every
// `frames` answer gets other content of the same UTF-8 length (MARKER, padded with dots, so its token_cost
// stays exact), while its content_digest, its frame_attestations entry and the result attestation stay as the
// real provider signed them. `GET /__altered` answers every alteration made: the frame's index and id, the
// digest it still declares, and its content before and after (for the test to re-hash with node:crypto).
const alterations = [];

export default {
  async fetch(request, env) {
    if (new URL(request.url).pathname === "/__altered") return Response.json(alterations);
    const body = await request.text();
    const answer = await env.UPSTREAM.fetch(request.url, { method: "POST", headers: request.headers, body });
    const text = await answer.text();
    let envelope;
    try {
      envelope = JSON.parse(text);
    } catch {
      return new Response(text, answer);
    }
    const index = Number(env.INDEX);
    const frame = envelope.type === "frames" ? envelope.result.frames[index] : undefined;
    if (frame?.content === undefined) return new Response(text, answer);
    const bytes = new TextEncoder().encode(frame.content).length;
    const altered = env.MARKER.padEnd(bytes, ".");
    alterations.push({ index, id: frame.id, declared: frame.content_digest, original: frame.content, altered });
    frame.content = altered;
    return Response.json(envelope, { status: answer.status });
  },
};

// A transparent tap on a service binding, for the ask Worker tests and benchmark: every POST is forwarded to
// the UPSTREAM binding as it is, and the `type` of every envelope is counted. `GET /__tap` answers the counts;
// `POST /__down` makes it answer 503 (an `unavailable` error body) until `POST /__up`; `DELAY_MS` (a
// variable) holds each forwarded request that long first, as a provider far away would.
const counts = {};
let down = false;

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === "/__tap") return Response.json({ counts, down });
    if (pathname === "/__down" || pathname === "/__up") {
      down = pathname === "/__down";
      return new Response(null, { status: 204 });
    }
    const body = await request.text();
    let type = "<not json>";
    try {
      type = JSON.parse(body).type;
    } catch {}
    counts[type] = (counts[type] ?? 0) + 1;
    if (down) return Response.json({ type: "error", code: "unavailable", message: "the tap is down" }, { status: 503 });
    const delay = Number(env.DELAY_MS ?? 0);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    return env.UPSTREAM.fetch(request.url, { method: "POST", headers: request.headers, body, redirect: "manual" });
  },
};

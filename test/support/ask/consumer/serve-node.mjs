// The /ask handler on plain Node (node:http), from the installed frameline: prints {"port":…} once listening.
import { createServer } from "node:http";
import { askHandlerFrom } from "./ask-handler.mjs";

const handler = askHandlerFrom(process.env);

/** node:http's request as a web Request (the body read whole: the handler bounds it again). */
async function toRequest(incoming) {
  const chunks = [];
  for await (const chunk of incoming) chunks.push(chunk);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
  return new Request(new URL(incoming.url ?? "/", "http://127.0.0.1"), { method: incoming.method, headers, body });
}

const server = createServer(async (incoming, outgoing) => {
  const response = await handler(await toRequest(incoming));
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(Buffer.from(await response.arrayBuffer()));
});
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ runtime: "node", port: server.address().port })));

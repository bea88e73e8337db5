// The /ask handler on Bun.serve, from the installed frameline: prints {"port":…} once listening.
import { askHandlerFrom } from "./ask-handler.mjs";

const handler = askHandlerFrom(Bun.env);
const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => handler(request) });
console.log(JSON.stringify({ runtime: "bun", port: server.port }));

// The /ask handler on Deno.serve, from the installed frameline: prints {"port":…} once listening.
import { askHandlerFrom } from "./ask-handler.mjs";

const handler = askHandlerFrom(Deno.env.toObject());
Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: ({ port }) => console.log(JSON.stringify({ runtime: "deno", port })) },
  (request) => handler(request),
);

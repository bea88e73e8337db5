// docs/host.md's stdio call from the installed package: `host.add(id, stdioTransport("node", [file]))` with
// the provider of docs/providers.md (its folder is argv[2]) as a real child; then the shape stdioTransport
// had before (`{ transport, child }`), which host.add must refuse with a TypeError. Prints one JSON line.
import { Host } from "frameline/host";
import { stdioTransport } from "frameline/node";

const cwd = process.argv[2];
const host = new Host();
const transport = stdioTransport("node", ["serve-stdio.mjs"], { cwd });
const notes = await host.add("notes", transport);
const answer = await host.query("notes", { goal: "descale the kettle", max_frames: 2, max_tokens: 200 });

const stray = stdioTransport("node", ["serve-stdio.mjs"], { cwd });
let refused;
try {
  await host.add("old", { transport: stray, child: stray.child });
} catch (error) {
  refused = { name: error.name, message: error.message };
} finally {
  await stray.close();
}
await host.close();
console.log(
  JSON.stringify({
    provider: notes.provider.name,
    first: answer.frames[0]?.frame.id,
    refused,
    childEnded: await transport.child.ended,
  }),
);

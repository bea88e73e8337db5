// Run by Node (no loader), Deno and Bun in the consumer folder: every subpath including frameline/node,
// the signed round trip, and one Node adapter (indexDirectory over ./docs). Prints one JSON line.
import * as node from "frameline/node";
import { exportNames, roundTrip, WEB_SUBPATHS } from "./roundtrip-core.mjs";

const corpus = await node.indexDirectory(new URL("./docs/", import.meta.url).pathname);
const outcome = {
  exports: exportNames({ ...WEB_SUBPATHS, "frameline/node": node }),
  ...(await roundTrip()),
  indexedDocuments: corpus.documents.map((document) => document.path),
};
console.log(JSON.stringify(outcome));

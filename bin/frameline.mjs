#!/usr/bin/env node
// The installed `frameline` command: the CLI compiled into dist/ (`npm run build`; shipped in the
// package), so it runs with the runtime dependencies only. In a checkout, the CLI runs from its
// sources instead: `node --import tsx src/node/cli.ts …` (as `npm run corpus` and `npm run demo` do).
import { existsSync } from "node:fs";

const cli = new URL("../dist/node/cli.js", import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write("frameline: dist/ is missing: run `npm run build` (or run src/node/cli.ts through tsx)\n");
  process.exit(1);
}
await import(cli.href);

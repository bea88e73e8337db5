// The CLI as the repo's own tests run it: from its sources through tsx (`node --import tsx
// src/node/cli.ts`). The installed command (bin/frameline.mjs) runs the build in dist/ instead, and
// test/package covers it from the packed tarball.
import { fileURLToPath } from "node:url";

/** The CLI's entry module in the sources. */
export const CLI_SOURCE = fileURLToPath(new URL("../../src/node/cli.ts", import.meta.url));

/** `process.execPath` arguments that run the CLI from its sources, from any working folder. */
export const CLI_ARGS: readonly string[] = ["--import", import.meta.resolve("tsx"), CLI_SOURCE];
